/**
 * The risk known answers, vendored from the workspace's shared/vectors/risk.json as
 * test/fixtures/risk.json (`.ci/run` checks the copy still equals the original), and the
 * comparison they ask for: relative 1e-9, an expected "0" exactly zero, null as null.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

export type Value = string | number | boolean | null | Value[] | { [key: string]: Value };
export type Fields = Record<string, Value>;

export interface RiskCase {
  name: string;
  fn: string;
  input: Fields;
  expected: Fields;
}

export interface RiskVectors {
  about: string;
  formulas: Record<string, string>;
  cases: RiskCase[];
}

export const vectors: RiskVectors = JSON.parse(
  readFileSync(new URL('../../fixtures/risk.json', import.meta.url), 'utf8'),
);

export const casesOf = (...fns: string[]) => vectors.cases.filter((c) => fns.includes(c.fn));

/** A decimal-text field as a number (the inputs are all ≤ 15 significant digits: exact). */
export function num(fields: Fields, key: string): number {
  const v = fields[key];
  if (typeof v !== 'string') throw new TypeError(`${key} is not a decimal text: ${String(v)}`);
  return Number(v);
}

/** A decimal-text field that may be null. */
export const numOrNull = (fields: Fields, key: string) =>
  fields[key] === null ? null : num(fields, key);

const RELATIVE = 1e-9;

/** One expected value against one actual, as the vectors' `about` says. */
export function expectClose(actual: unknown, expected: Value, label: string): void {
  if (expected === null) {
    expect(actual, label).toBeNull();
    return;
  }
  if (typeof expected === 'object') {
    expect(typeof actual, label).toBe('object');
    for (const [key, value] of Object.entries(expected)) {
      expectClose((actual as Record<string, unknown>)[key], value, `${label}.${key}`);
    }
    return;
  }
  expect(typeof actual, label).toBe('number');
  const want = Number(expected);
  const got = actual as number;
  if (want === 0) {
    expect(Math.abs(got), `${label}: ${got} should be 0`).toBeLessThanOrEqual(1e-12);
    return;
  }
  const error = Math.abs(got - want) / Math.abs(want);
  expect(error, `${label}: ${got} vs ${expected}`).toBeLessThanOrEqual(RELATIVE);
}

/** Every expected field of a case against what the function under test produced. */
export function expectCase(c: RiskCase, actual: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(c.expected)) {
    expect(Object.hasOwn(actual, key), `${c.name}: no ${key} produced`).toBe(true);
    expectClose(actual[key], value, `${c.name} ${key}`);
  }
}
