/**
 * The gateway's zod rule of a contract field rule (contract/field-types.ts): one translator, so
 * every input field checks what the contract's row says. Every failed check raises a custom
 * issue whose `params.rule` names it, so a client gets `{path, rule, message}` (validation.ts).
 * Input fields and arguments attach them with `validate: validateAs(<table>.<wire field>)`.
 */
import { z } from 'zod';
import { decimalOf, isMultipleOfStep, parseDecimal } from '../contract/decimal.ts';
import type {
  DecimalRule,
  FieldRule,
  IntRule,
  ListRule,
  MapRule,
  TextRule,
  ValueOf,
} from '../contract/field-types.ts';
import { isoDate, rule } from './rules.ts';

/** The gateway's bound on a text the spec leaves unbounded (and that has no pattern). */
export const MAX_TEXT = 256;

function text(r: TextRule): z.ZodType<string> {
  let schema: z.ZodType<string> = z.string();
  const check = (test: (v: string) => boolean, name: string, message: string) => {
    schema = schema.refine(test, rule(name, message));
  };
  if (!r.allowEmpty && !r.pattern) check((v) => v.length > 0, 'nonEmpty', 'must not be empty');
  const max = r.maxLength ?? (r.pattern ? undefined : MAX_TEXT);
  if (max !== undefined) {
    check((v) => v.length <= max, 'maxLength', `must be at most ${max} characters`);
  }
  for (const named of r.checks ?? []) check(named.test, named.rule, named.message);
  const { pattern } = r;
  if (pattern) check((v) => pattern.regex.test(v), pattern.rule, pattern.message);
  return schema;
}

/** Range checks shared by decimals and integers: from..to, at least, at most. */
function bounded(
  schema: z.ZodType<number>,
  { min, max }: { min?: number; max?: number },
  names: { range: string; min: string },
  why = '',
): z.ZodType<number> {
  if (min !== undefined && max !== undefined) {
    const message = `must be from ${min} to ${max}${why}`;
    return schema.refine((v) => v >= min && v <= max, rule(names.range, message));
  }
  if (min !== undefined) {
    return schema.refine((v) => v >= min, rule(names.min, `must be at least ${min}${why}`));
  }
  if (max !== undefined) {
    return schema.refine((v) => v <= max, rule('max', `must be at most ${max}${why}`));
  }
  return schema;
}

const positive = (schema: z.ZodType<number>) =>
  schema.refine((v) => v > 0, rule('positive', 'must be greater than 0'));

function decimal(r: DecimalRule): z.ZodType<number> {
  let schema: z.ZodType<number> = z
    .number()
    .refine(Number.isFinite, rule('finite', 'must be a finite number'));
  if (r.positive) schema = positive(schema);
  const names = { range: r.tokens?.range ?? 'range', min: r.min === 0 ? 'nonNegative' : 'min' };
  schema = bounded(schema, r, names, r.why ? ` (${r.why})` : '');
  if (r.places === undefined) return schema;
  const step = parseDecimal(`1e-${r.places}`)!;
  const stepText = Number(`1e-${r.places}`).toFixed(r.places);
  // Exact: checked on the shortest decimal text of the number (the request parser has already
  // refused a number whose text a double does not hold).
  return schema.refine(
    (v) => !Number.isFinite(v) || isMultipleOfStep(decimalOf(v), step),
    rule(r.tokens?.places ?? 'places', `must be a multiple of ${stepText}`),
  );
}

function int(r: IntRule): z.ZodType<number> {
  // Without an upper bound the value must still be exact in a double.
  const whole = r.max === undefined ? Number.isSafeInteger : Number.isInteger;
  let schema: z.ZodType<number> = z.number().refine(whole, rule('integer', 'must be an integer'));
  if (r.positive) schema = positive(schema);
  const { off, min, max } = r;
  if (off === undefined) return bounded(schema, r, { range: 'range', min: 'min' });
  // The off value, or the range (cancel_all_after: 0, or 5000 to 900000).
  const message = `must be ${off} (off) or from ${min ?? '-∞'} to ${max ?? '∞'}`;
  return schema.refine(
    (v) => v === off || ((min === undefined || v >= min) && (max === undefined || v <= max)),
    rule('range', message),
  );
}

/** A list: each item by its rule, then the list's own checks. */
function list(r: ListRule): z.ZodType<unknown[]> {
  let schema: z.ZodType<unknown[]> = z.array(zodRule(r.of));
  for (const [holds, options] of listRefinements(r)) schema = schema.refine(holds, options);
  return schema;
}

type Refinement<T> = [holds: (value: T) => boolean, options: { message: string; path?: string[] }];

const maxItems = (max: number): Refinement<readonly unknown[]> => [
  (v) => v.length <= max,
  rule('maxItems', `must have at most ${max} items`),
];

/**
 * A list's own checks as refinements: inside `list`, and for a list of input objects, whose
 * items their input type checks (`validate: { refine: listRefinements(rule) }`).
 */
export function listRefinements(r: ListRule): Refinement<readonly unknown[]>[] {
  const min = r.minItems ?? 0;
  const checks: Refinement<readonly unknown[]>[] = [];
  if (min > 0) {
    const message = min === 1 ? 'must not be empty' : `must have at least ${min} items`;
    checks.push([(v) => v.length >= min, rule('minItems', message)]);
  }
  checks.push(maxItems(r.maxItems));
  const { unique } = r;
  if (unique) {
    checks.push([(v) => new Set(v).size === v.length, rule('unique', `must not repeat ${unique}`)]);
  }
  return checks;
}

/**
 * A map (pair_overrides) as the gateway takes it: a list of `{<key>, <value>}` input objects
 * whose fields carry the key's and value's rules; the list holds the entry bound and no key
 * twice.
 */
export function pairRefinements(r: MapRule, key: string): Refinement<readonly object[]>[] {
  const keys = (v: readonly object[]) => v.map((pair) => (pair as Record<string, unknown>)[key]);
  return [
    maxItems(r.maxEntries),
    [(v) => new Set(keys(v)).size === v.length, rule('unique', `must not repeat ${r.keyName}`)],
  ];
}

const built = new WeakMap<FieldRule, z.ZodType>();

/** The zod rule of a contract field rule (built once per rule). */
export function zodRule<R extends FieldRule>(r: R): z.ZodType<ValueOf<R>> {
  let schema = built.get(r);
  if (!schema) {
    schema = translate(r);
    built.set(r, schema);
  }
  return schema as z.ZodType<ValueOf<R>>;
}

function translate(r: FieldRule): z.ZodType {
  switch (r.kind) {
    case 'text':
      return text(r);
    case 'decimal':
      return decimal(r);
    case 'int':
      return int(r);
    case 'enum':
      return z.enum(r.values as [string, ...string[]]);
    case 'boolean':
      return z.boolean();
    case 'date':
      return isoDate;
    case 'list':
      return list(r);
    default:
      // Objects and maps are input types of their own: their fields carry the rules.
      throw new Error(`field-rules: a ${r.kind} is checked by its input type's fields`);
  }
}

/** `validate` of an input field or argument: the contract's rule of that wire field. */
export const validateAs = <R extends FieldRule>(r: R) => ({ schema: zodRule(r) });
