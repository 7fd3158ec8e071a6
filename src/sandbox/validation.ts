/**
 * Readers of request bodies and queries that enforce the spec's rules and answer like the
 * real service: a parameter the endpoint does not take is 400 -1004, a bad value is 400 -1005,
 * and every message names the field and the rule. `null` counts as absent (the order
 * signature's normalization drops nulls the same way).
 */
import {
  DATE_PATTERN,
  FEE_RATE_MAX,
  FEE_RATE_STEP,
  SYMBOL_FORM,
  SYMBOL_PATTERN,
} from '../contract/constants.ts';
import { isMultipleOf } from './decimal.ts';
import { invalid, unknownParameter } from './errors.ts';

export type Json = Record<string, unknown>;

interface NumberRule {
  integer?: boolean;
  min?: number;
  max?: number;
  /** Strictly greater than zero. */
  positive?: boolean;
  /** The value must be an exact decimal multiple of this step. */
  step?: number;
}

/** A typed view of one JSON object (a body, a nested object or a query) with its allowed keys. */
export class Fields {
  private constructor(
    private readonly source: Json,
    private readonly where: 'body' | 'query',
    private readonly prefix: string,
  ) {}

  /** A JSON body: must be an object holding only `allowed` keys. */
  static body(body: unknown, allowed: readonly string[], prefix = ''): Fields {
    const json = asObject(body, prefix.replace(/\.$/, '') || 'body');
    for (const key of Object.keys(json)) {
      if (!allowed.includes(key)) throw unknownParameter(prefix + key, 'body');
    }
    return new Fields(json, 'body', prefix);
  }

  /** A query string: only `allowed` names, each at most once. */
  static query(query: URLSearchParams, allowed: readonly string[]): Fields {
    const json: Record<string, string> = {};
    for (const [key, value] of query) {
      if (!allowed.includes(key)) throw unknownParameter(key, 'query');
      if (key in json) throw invalid(key, 'given more than once');
      json[key] = value;
    }
    return new Fields(json, 'query', '');
  }

  private name(field: string): string {
    return this.prefix + field;
  }

  /** Present and not null. */
  has(field: string): boolean {
    return this.source[field] !== undefined && this.source[field] !== null;
  }

  raw(field: string): unknown {
    return this.has(field) ? this.source[field] : undefined;
  }

  required(field: string): void {
    if (!this.has(field)) throw invalid(this.name(field), 'is required');
  }

  string(
    field: string,
    rule: {
      required?: boolean;
      max?: number;
      pattern?: RegExp;
      form?: string;
      allowEmpty?: boolean;
    } = {},
  ): string | undefined {
    if (!this.has(field)) {
      if (rule.required) this.required(field);
      return undefined;
    }
    const value = this.source[field];
    if (typeof value !== 'string') throw invalid(this.name(field), 'must be a string');
    if (value === '' && !rule.allowEmpty) throw invalid(this.name(field), 'must not be empty');
    if (rule.max !== undefined && value.length > rule.max) {
      throw invalid(this.name(field), `must be at most ${rule.max} characters`);
    }
    if (rule.pattern && !rule.pattern.test(value)) {
      throw invalid(this.name(field), `must match ${rule.form ?? rule.pattern.source}`);
    }
    return value;
  }

  requiredString(field: string, rule: { max?: number; pattern?: RegExp; form?: string } = {}) {
    return this.string(field, { ...rule, required: true }) as string;
  }

  oneOf<T extends string>(field: string, values: readonly T[], required = false): T | undefined {
    const value = this.string(field, { required });
    if (value === undefined) return undefined;
    if (!values.includes(value as T)) {
      throw invalid(this.name(field), `must be one of ${values.join(', ')}`);
    }
    return value as T;
  }

  /**
   * A number. In a body it must be a JSON number (`numericString` also accepts a decimal
   * string, as the upstream does for transfer amounts); in a query, a decimal string.
   */
  number(
    field: string,
    rule: NumberRule & { required?: boolean; numericString?: boolean } = {},
  ): number | undefined {
    if (!this.has(field)) {
      if (rule.required) this.required(field);
      return undefined;
    }
    const value = this.source[field];
    const name = this.name(field);
    let n: number;
    if (typeof value === 'number') n = value;
    else if (
      typeof value === 'string' &&
      (this.where === 'query' || rule.numericString) &&
      /^-?\d+(\.\d+)?$/.test(value)
    ) {
      n = Number(value);
    } else throw invalid(name, rule.integer ? 'must be an integer' : 'must be a number');
    if (!Number.isFinite(n)) throw invalid(name, 'must be a finite number');
    if (rule.integer && !Number.isSafeInteger(n)) throw invalid(name, 'must be an integer');
    if (rule.positive && !(n > 0)) throw invalid(name, 'must be greater than 0');
    if (rule.min !== undefined && n < rule.min) throw invalid(name, `must be at least ${rule.min}`);
    if (rule.max !== undefined && n > rule.max) throw invalid(name, `must be at most ${rule.max}`);
    if (rule.step !== undefined && !isMultipleOf(n, rule.step)) {
      throw invalid(name, `must be a multiple of ${formatStep(rule.step)}`);
    }
    return n;
  }

  requiredNumber(field: string, rule: NumberRule & { numericString?: boolean } = {}): number {
    return this.number(field, { ...rule, required: true }) as number;
  }

  /** A fee rate: a number from 0 to 1, an exact multiple of 0.00001. */
  feeRate(field: string, required = false): number | undefined {
    return this.number(field, { required, min: 0, max: FEE_RATE_MAX, step: FEE_RATE_STEP });
  }

  boolean(field: string): boolean | undefined {
    if (!this.has(field)) return undefined;
    const value = this.source[field];
    if (typeof value !== 'boolean') throw invalid(this.name(field), 'must be a boolean');
    return value;
  }

  /** A calendar date written YYYY-MM-DD. */
  date(field: string, required = false): string | undefined {
    const value = this.string(field, { required });
    if (value === undefined) return undefined;
    if (!isDate(value)) throw invalid(this.name(field), 'must be a date written YYYY-MM-DD');
    return value;
  }

  /** A nested object with its own allowed keys. */
  object(field: string, allowed: readonly string[], required = false): Fields | undefined {
    if (!this.has(field)) {
      if (required) this.required(field);
      return undefined;
    }
    return Fields.body(this.source[field], allowed, `${this.name(field)}.`);
  }

  /** A JSON object whose values are all numbers, e.g. pair_overrides. */
  numberMap(field: string): Record<string, number> | undefined {
    if (!this.has(field)) return undefined;
    const value = this.source[field];
    if (typeof value !== 'object' || Array.isArray(value) || value === null) {
      throw invalid(this.name(field), 'must be an object');
    }
    return value as Record<string, number>;
  }

  stringArray(field: string, required = false): string[] | undefined {
    if (!this.has(field)) {
      if (required) this.required(field);
      return undefined;
    }
    const value = this.source[field];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) {
      throw invalid(this.name(field), 'must be an array of non-empty strings');
    }
    return value as string[];
  }
}

/** The body as a JSON object, or 400 -1005. */
export function asObject(body: unknown, field = 'body'): Json {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid(field, 'must be a JSON object');
  }
  return body as Json;
}

/** A real calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function formatStep(step: number): string {
  return step.toFixed(Math.max(0, -Math.floor(Math.log10(step))));
}

/** Checks a symbol's form, then that the sandbox lists it. */
export function checkSymbol(field: string, symbol: string, known: (s: string) => boolean): void {
  if (!SYMBOL_PATTERN.test(symbol)) throw invalid(field, `must have the form ${SYMBOL_FORM}`);
  if (!known(symbol)) throw invalid(field, `unknown symbol ${symbol}`);
}
