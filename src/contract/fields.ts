/**
 * The spec's field rules, each written once (field-types.ts says what a rule holds). The
 * per-domain tables (fields-orders.ts, fields-admin.ts, fields-account.ts, fields-market.ts,
 * fields-algo.ts) name each endpoint's fields with them, and the rows of endpoints.ts hold those
 * tables.
 *
 * Dependency-free on purpose, like constants.ts.
 */
import {
  CLIENT_ORDER_ID_MAX,
  CLIENT_ORDER_ID_PATTERN,
  ENUM_ID_MAX,
  ENUM_ID_PATTERN,
  FEE_RATE_MAX,
  FEE_RATE_PLACES,
  LEVEL_MAX,
  LEVEL_MIN,
  MAX_REBATE_RATE_MAX,
  ORDER_SIGNATURE_PATTERN,
  ORDER_TAG_ENUM_PREFIX,
  ORDER_TAG_MAX,
  SYMBOL_FORM,
  SYMBOL_PATTERN,
} from './constants.ts';
import type {
  BooleanRule,
  DateRule,
  DecimalRule,
  EnumRule,
  FieldRule,
  IntRule,
  ListRule,
  TextRule,
} from './field-types.ts';

type Options<R> = Omit<R, 'kind'>;
export const text = <const O extends Options<TextRule>>(o: O = {} as O) =>
  ({ kind: 'text', ...o }) as const;
export const decimal = <const O extends Options<DecimalRule>>(o: O) =>
  ({ kind: 'decimal', ...o }) as const;
export const int = <const O extends Options<IntRule>>(o: O = {} as O) =>
  ({ kind: 'int', ...o }) as const;
export const oneOf = <const V extends string>(values: readonly V[]): EnumRule<V> => ({
  kind: 'enum',
  values,
});
export const list = <const O extends Options<ListRule>>(o: O) => ({ kind: 'list', ...o }) as const;
export const BOOLEAN: BooleanRule = { kind: 'boolean' };
export const DATE: DateRule = { kind: 'date' };
/** The same rule, and the request is refused without the field. */
export const required = <R extends FieldRule>(rule: R) => ({ ...rule, required: true }) as const;

/** A text the spec does not bound (the gateway bounds it, schema/field-rules.ts). */
export const TEXT = text();

export const SYMBOL = text({
  pattern: {
    regex: SYMBOL_PATTERN,
    rule: 'symbol',
    message: `must have the form ${SYMBOL_FORM} (upper-case letters and digits)`,
    upstream: `must have the form ${SYMBOL_FORM}`,
  },
});

/**
 * The one client_order_id rule, the spec's ("36 characters; hyphen allowed but not as first
 * character") read strictly: cancels write the id into the signed query as it is, so only
 * characters that need no URL encoding — letters, digits, `_` and `-` — are accepted.
 */
export const CLIENT_ORDER_ID = text({
  maxLength: CLIENT_ORDER_ID_MAX,
  checks: [
    {
      rule: 'charset',
      message: 'may contain only letters, digits, "-" and "_"',
      test: (id: string) => /^[A-Za-z0-9_-]*$/.test(id),
    },
    {
      rule: 'noLeadingHyphen',
      message: 'must not start with "-"',
      test: (id: string) => !id.startsWith('-'),
    },
  ],
  form: CLIENT_ORDER_ID_PATTERN,
});

/** A plain referral code or `enum:<ENUM_ID>`; at most 36 characters. */
export const ORDER_TAG = text({
  maxLength: ORDER_TAG_MAX,
  checks: [
    {
      rule: 'orderTag',
      message: 'an enum tag must be enum:<ENUM_ID> with ENUM_ID matching ^[A-Z0-9_]+$',
      test: (tag: string) =>
        !tag.startsWith(ORDER_TAG_ENUM_PREFIX) ||
        ENUM_ID_PATTERN.test(tag.slice(ORDER_TAG_ENUM_PREFIX.length)),
    },
  ],
});

/** An order-tag fee configuration id: short enough for `enum:<ENUM_ID>` in an order_tag. */
export const ENUM_ID = text({
  checks: [
    {
      rule: 'length',
      message: `must be 1 to ${ENUM_ID_MAX} characters (enum:<ENUM_ID> is an order_tag)`,
      test: (id: string) => id.length > 0 && id.length <= ENUM_ID_MAX,
    },
  ],
  pattern: {
    regex: ENUM_ID_PATTERN,
    rule: 'enumId',
    message: `must match ${ENUM_ID_PATTERN.source}`,
    upstream: `must match ${ENUM_ID_PATTERN.source}`,
  },
});

/** Letters, digits, `_` and `-`, at most 36 (a code is usable as an order_tag). */
export const REFERRAL_CODE = text({
  pattern: {
    regex: /^[A-Za-z0-9_-]{1,36}$/,
    rule: 'referralCode',
    message: 'must be 1 to 36 letters, digits, "_" or "-"',
    upstream: 'must match letters, digits, _ or -, at most 36 characters',
  },
});

/** A decimal integer written as text (transfer nonces, chain ids). */
export const DIGITS = text({
  pattern: {
    regex: /^\d+$/,
    rule: 'digits',
    message: 'must be a decimal integer',
    upstream: 'must match a decimal integer',
  },
});

/** An order signature: r (64 hex) + s (64 hex) + v (2 hex), added by the signer. */
export const ORDER_SIGNATURE = text({
  about: 'Order signature (secp256k1, r‖s‖v as 130 hex characters) over the other fields',
  pattern: {
    regex: ORDER_SIGNATURE_PATTERN,
    rule: 'orderSignature',
    message: 'must be 130 hex characters (r, s and v)',
    upstream: 'must be 130 hex characters (r, s and v)',
  },
});

/** Prices, quantities, amounts. */
export const POSITIVE = decimal({ positive: true });
export const NON_NEGATIVE = decimal({ min: 0 });
/** A rebate rate, and a referral code's max_rebate_rate. */
export const RATE = decimal({ min: 0, max: MAX_REBATE_RATE_MAX, tokens: { range: 'rateRange' } });
/** A fee rate: 0 to 1, an exact multiple of 0.00001. */
export const FEE_RATE = decimal({
  min: 0,
  max: FEE_RATE_MAX,
  places: FEE_RATE_PLACES,
  tokens: { range: 'rateRange', places: 'feeRateStep' },
});
/** A MARKET order's slippage: a fraction of the mid price, at most 1. */
export const SLIPPAGE = decimal({ positive: true, max: 1, why: 'a fraction of the mid price' });

/** An exchange order id. */
export const ORDER_ID = int({ positive: true });
/** `level` of BID and ASK orders: bid0..bid4 / ask0..ask4. */
export const LEVEL = int({ min: LEVEL_MIN, max: LEVEL_MAX });
/** A page number, from 1 (bounded so that an offset stays small). */
export const PAGE = int({ min: 1, max: 1_000_000, default: 1 });
