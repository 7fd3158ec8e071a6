/**
 * What the field rules (field-rules.ts) and the cross-field rules of the input types share:
 * the refinement params every check raises (`params.rule` names it, so a client gets
 * `{path, rule, message}`, validation.ts), the calendar date check, and cross-field rules as
 * @pothos/plugin-zod refinements.
 */
import { z } from 'zod';
import { DATE_PATTERN } from '../contract/constants.ts';

/** Refinement params: the human message and the machine-readable rule name. */
export const rule = (name: string, message: string) => ({ message, params: { rule: name } });

/** `orders(clientOrderIds:)`: ids read in parallel per request (a gateway bound). */
export const MAX_CLIENT_ORDER_IDS = 50;

/** A real calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** YYYY-MM-DD and a real calendar date. */
export const isoDate = z
  .string()
  .refine((v) => DATE_PATTERN.test(v), rule('dateFormat', 'must be written YYYY-MM-DD'))
  .refine(
    (v) => !DATE_PATTERN.test(v) || isCalendarDate(v),
    rule('calendarDate', 'must be a real calendar date'),
  );

/** `start ≤ end` for two optional YYYY-MM-DD dates (text order is date order). */
export const datesOrdered = (start?: string | null, end?: string | null): boolean =>
  !start || !end || start <= end;

export interface CrossRule<T> {
  /** Input field the issue points at. */
  path: string;
  rule: string;
  message: string;
  /** True when the input breaks the rule. */
  broken: (input: T) => boolean;
}

export const given = (v: unknown): boolean => v !== undefined && v !== null;

type Refinement<T> = [holds: (input: T) => boolean, options: { message: string; path: string[] }];

/**
 * Cross-field rules as @pothos/plugin-zod refinements of an input type or of a field's
 * arguments (`validate: { refine: refinements(rules) }`), each field carrying its own rule
 * (field-rules.ts): one issue per broken rule, after the fields' own issues.
 */
export function refinements<T>(rules: CrossRule<T>[]): Refinement<T>[] {
  return rules.map(({ path, rule, message, broken }) => {
    // zod reads `params` of a refinement's options; the plugin passes them on as they are.
    const options = { message, path: [path], params: { rule } };
    return [(input: T) => !broken(input), options];
  });
}
