/**
 * Shared input rules as zod schemas. Every failed rule raises a custom issue whose
 * `params.rule` names it, so a client gets `{path, rule, message}` (see validation.ts).
 * Input types attach these with `validate: { schema }`; unit tests parse them directly.
 */
import { z } from 'zod';
import {
  CLIENT_ORDER_ID_RULES,
  DATE_PATTERN,
  ENUM_ID_MAX,
  ENUM_ID_PATTERN,
  FEE_RATE_PLACES,
  LEVEL_MAX,
  LEVEL_MIN,
  ORDER_TAG_ENUM_PREFIX,
  ORDER_TAG_MAX,
  REFERRAL_PAGE_SIZE_MAX,
  SYMBOL_PATTERN,
} from '../contract/constants.ts';
import { decimalOf, isMultipleOfStep, parseDecimal } from '../contract/decimal.ts';

/** Refinement params: the human message and the machine-readable rule name. */
export const rule = (name: string, message: string) => ({ message, params: { rule: name } });

// The spec's patterns and steps live in one module the sandbox reads too.
export {
  DATE_PATTERN,
  ENUM_ID_PATTERN,
  FEE_RATE_PLACES,
  SYMBOL_PATTERN,
} from '../contract/constants.ts';
export const MAX_PAGE_SIZE = REFERRAL_PAGE_SIZE_MAX;
export const MAX_CLIENT_ORDER_IDS = 50;
export const MAX_ACCOUNT_IDS = 100;
export const MAX_PAIR_OVERRIDES = 200;
export const MAX_TEXT = 256;

export { decimalPlaces } from '../contract/decimal.ts';

/** A real calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

export const text = (max = MAX_TEXT) =>
  z
    .string()
    .refine((v) => v.length > 0, rule('nonEmpty', 'must not be empty'))
    .refine((v) => v.length <= max, rule('maxLength', `must be at most ${max} characters`));

export const symbol = z
  .string()
  .refine(
    (v) => SYMBOL_PATTERN.test(v),
    rule('symbol', 'must have the form PERP_<BASE>_<QUOTE> (upper-case letters and digits)'),
  );

/** The contract's client_order_id rule, one refinement per named check. */
export const clientOrderId = CLIENT_ORDER_ID_RULES.reduce(
  (schema: z.ZodType<string>, check) => schema.refine(check.test, rule(check.rule, check.message)),
  z.string(),
);

/** At most 31 characters, so that `enum:<ENUM_ID>` fits the 36 of an order_tag. */
export const MAX_ENUM_ID = ENUM_ID_MAX;
export const enumId = z
  .string()
  .refine(
    (v) => v.length > 0 && v.length <= MAX_ENUM_ID,
    rule('length', `must be 1 to ${MAX_ENUM_ID} characters (enum:<ENUM_ID> is an order_tag)`),
  )
  .refine((v) => ENUM_ID_PATTERN.test(v), rule('enumId', 'must match ^[A-Z0-9_]+$'));

/** A referral code: letters, digits, `_` and `-`, at most 36 (usable as an order_tag). */
export const referralCode = z
  .string()
  .refine(
    (v) => /^[A-Za-z0-9_-]{1,36}$/.test(v),
    rule('referralCode', 'must be 1 to 36 letters, digits, "_" or "-"'),
  );

/** A decimal integer written as text (transfer nonces, chain ids). */
export const digits = z
  .string()
  .refine((v) => /^\d+$/.test(v), rule('digits', 'must be a decimal integer'));

/** A plain referral code or `enum:<ENUM_ID>`; at most 36 characters. */
export const orderTag = text(ORDER_TAG_MAX).refine(
  (v) =>
    !v.startsWith(ORDER_TAG_ENUM_PREFIX) ||
    ENUM_ID_PATTERN.test(v.slice(ORDER_TAG_ENUM_PREFIX.length)),
  rule('orderTag', 'an enum tag must be enum:<ENUM_ID> with ENUM_ID matching ^[A-Z0-9_]+$'),
);

const finite = z.number().refine(Number.isFinite, rule('finite', 'must be a finite number'));

export const positive = finite.refine((v) => v > 0, rule('positive', 'must be greater than 0'));

export const nonNegative = finite.refine((v) => v >= 0, rule('nonNegative', 'must be at least 0'));

export const integerIn = (min: number, max: number) =>
  z
    .number()
    .refine(Number.isInteger, rule('integer', 'must be an integer'))
    .refine((v) => v >= min && v <= max, rule('range', `must be from ${min} to ${max}`));

/** A rate from 0 to 1. */
export const rate = finite.refine(
  (v) => v >= 0 && v <= 1,
  rule('rateRange', 'must be from 0 to 1'),
);

const FEE_RATE_STEP = parseDecimal(`1e-${FEE_RATE_PLACES}`)!;

/**
 * A fee rate: 0 to 1 and an exact multiple of 0.00001, checked in BigInt on its decimal text
 * (the request parser has already refused a number whose text a double does not hold).
 */
export const feeRate = rate.refine(
  (v) => !Number.isFinite(v) || isMultipleOfStep(decimalOf(v), FEE_RATE_STEP),
  rule('feeRateStep', 'must be a multiple of 0.00001'),
);

export const level = integerIn(LEVEL_MIN, LEVEL_MAX);
export const page = integerIn(1, 1_000_000);
export const pageSize = integerIn(1, MAX_PAGE_SIZE);

/** YYYY-MM-DD and a real calendar date. */
export const isoDate = z
  .string()
  .refine((v) => DATE_PATTERN.test(v), rule('dateFormat', 'must be written YYYY-MM-DD'))
  .refine(
    (v) => !DATE_PATTERN.test(v) || isCalendarDate(v),
    rule('calendarDate', 'must be a real calendar date'),
  );

/** A bounded, non-empty list of items, each checked by `item`. */
export const list = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .refine((v) => v.length > 0, rule('minItems', 'must not be empty'))
    .refine((v) => v.length <= max, rule('maxItems', `must have at most ${max} items`));

export const clientOrderIds = list(clientOrderId, MAX_CLIENT_ORDER_IDS);
export const accountIds = list(text(), MAX_ACCOUNT_IDS);

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

/** A superRefine callback raising one custom issue per broken cross-field rule. */
export function crossRules<T>(rules: CrossRule<T>[]) {
  return (input: T, ctx: z.RefinementCtx<T>) => {
    for (const { path, rule, message, broken } of rules) {
      if (broken(input)) ctx.addIssue({ code: 'custom', path: [path], message, params: { rule } });
    }
  };
}

export const given = (v: unknown): boolean => v !== undefined && v !== null;
