/**
 * Readers of request bodies and queries that enforce the spec's rules and answer like the
 * real service: a parameter the endpoint does not take is 400 -1004, a bad value is 400 -1005,
 * and every message names the field and the rule. `null` counts as absent (the order
 * signature's normalization drops nulls the same way). A body or query read with its row's
 * field table (contract/fields-*.ts) checks each field by that table's rule (`read`).
 */
import { DATE_PATTERN } from '../contract/constants.ts';
import type { FieldRule, FieldTable, NamedCheck, ValueOf } from '../contract/field-types.ts';
import { SYMBOL } from '../contract/fields.ts';
import { isMultipleOf } from './decimal.ts';
import { invalid, unknownParameter } from './errors.ts';
import { numberOptions, textOptions } from './field-options.ts';

export type Json = Record<string, unknown>;

/** What `read` returns: absent only when the rule neither requires the field nor has a default. */
export type Reading<R> = R extends { required: true } | { default: number }
  ? ValueOf<R>
  : ValueOf<R> | undefined;

interface NumberRule {
  integer?: boolean;
  min?: number;
  max?: number;
  /** Strictly greater than zero. */
  positive?: boolean;
  /** The value must be an exact decimal multiple of this step. */
  step?: number;
  /** A value outside min..max accepted too, meaning off (cancel_all_after's 0). */
  off?: number;
}

type Allowed = FieldTable | readonly string[];
const names = (allowed: Allowed): readonly string[] =>
  Array.isArray(allowed) ? allowed : Object.keys(allowed);

/**
 * A typed view of one JSON object (a body, a nested object or a query) with its allowed keys,
 * and their rules when read with a field table.
 */
export class Fields<T extends FieldTable = FieldTable> {
  private constructor(
    private readonly source: Json,
    private readonly where: 'body' | 'query',
    private readonly prefix: string,
    private readonly table: T | undefined,
  ) {}

  /** A JSON body: must be an object holding only the allowed keys. */
  static body<T extends FieldTable>(body: unknown, allowed: T | readonly string[], prefix = '') {
    const json = asObject(body, prefix.replace(/\.$/, '') || 'body');
    const known = names(allowed);
    for (const key of Object.keys(json)) {
      if (!known.includes(key)) throw unknownParameter(prefix + key, 'body');
    }
    return new Fields<T>(json, 'body', prefix, Array.isArray(allowed) ? undefined : (allowed as T));
  }

  /** A query string: only the allowed names, each at most once. */
  static query<T extends FieldTable>(query: URLSearchParams, allowed: T | readonly string[]) {
    const json: Record<string, string> = {};
    const known = names(allowed);
    for (const [key, value] of query) {
      if (!known.includes(key)) throw unknownParameter(key, 'query');
      if (key in json) throw invalid(key, 'given more than once');
      json[key] = value;
    }
    return new Fields<T>(json, 'query', '', Array.isArray(allowed) ? undefined : (allowed as T));
  }

  /** This view typed by its table; fails when it was read with another one. */
  of<U extends FieldTable>(table: U): Fields<U> {
    if ((this.table as FieldTable | undefined) !== table) {
      throw new Error("sandbox: fields read with another table than their row's");
    }
    return this as unknown as Fields<U>;
  }

  /** A field by its table's rule; `required` overrides the rule's own. */
  read<K extends keyof T & string>(field: K): Reading<T[K]>;
  read<K extends keyof T & string>(field: K, required: boolean): ValueOf<T[K]> | undefined;
  read(field: string, required?: boolean): unknown {
    const rule: FieldRule | undefined = this.table?.[field];
    if (!rule) throw new Error(`sandbox: no rule for ${this.name(field)}`);
    const must = required ?? rule.required ?? false;
    switch (rule.kind) {
      case 'text':
        return this.string(field, { ...textOptions(rule), required: must });
      case 'decimal':
        return this.number(field, { ...numberOptions(rule), required: must });
      case 'int':
        return this.number(field, { ...numberOptions(rule), required: must }) ?? rule.default;
      case 'enum':
        return this.oneOf(field, rule.values, must);
      case 'boolean':
        if (must) this.required(field);
        return this.boolean(field);
      case 'date':
        return this.date(field, must);
      default:
        throw new Error(`sandbox: ${this.name(field)} is a ${rule.kind}: read it with its reader`);
    }
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
      /** The whole message of a broken `pattern` (default: must match `form`). */
      says?: string;
      allowEmpty?: boolean;
      /** Further checks after the pattern; the first broken one answers. */
      checks?: readonly NamedCheck[];
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
      throw invalid(
        this.name(field),
        rule.says ?? `must match ${rule.form ?? rule.pattern.source}`,
      );
    }
    const broken = rule.checks?.find((check) => !check.test(value));
    if (broken) throw invalid(this.name(field), broken.message);
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
    if (rule.off !== undefined) return offOrRange(name, n, rule.off, rule);
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

  /** A nested object with its own fields. */
  object<U extends FieldTable>(field: string, allowed: U, required = false): Fields<U> | undefined {
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

/** `off`, or a value of the range: one message names both. */
function offOrRange(name: string, n: number, off: number, { min, max }: NumberRule): number {
  const inRange = (min === undefined || n >= min) && (max === undefined || n <= max);
  if (n === off || inRange) return n;
  throw invalid(name, `must be ${off} or from ${min ?? '-∞'} to ${max ?? '∞'}`);
}

function formatStep(step: number): string {
  return step.toFixed(Math.max(0, -Math.floor(Math.log10(step))));
}

/** Checks a symbol's form (the contract's rule), then that the sandbox lists it. */
export function checkSymbol(field: string, symbol: string, known: (s: string) => boolean): void {
  const { pattern } = SYMBOL;
  if (!pattern.regex.test(symbol)) throw invalid(field, pattern.upstream);
  if (!known(symbol)) throw invalid(field, `unknown symbol ${symbol}`);
}
