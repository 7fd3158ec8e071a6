/**
 * The spec's constants, read by both the gateway (schema rules, upstream catalog) and the
 * sandbox (validation), so one number lives in one place. Sources: `spec/svc-rest-api.md`
 * (the contract) and `reference/upstream-facts.md` where the spec says "not shown".
 *
 * Dependency-free on purpose: nothing here imports from the gateway or the sandbox.
 */

// ---------------------------------------------------------------------------------------------
// Numbers and forms of the field rules (the rules themselves: fields.ts)
// ---------------------------------------------------------------------------------------------

/** `PERP_<BASE>_<QUOTE>`, upper-case letters and digits. */
export const SYMBOL_PATTERN = /^PERP_[A-Z0-9]+_[A-Z0-9]+$/;
export const SYMBOL_FORM = 'PERP_<BASE>_<QUOTE>';

export const CLIENT_ORDER_ID_MAX = 36;
/** The client_order_id rule (fields.ts) as one pattern: `^[A-Za-z0-9_][A-Za-z0-9_-]{0,35}$`. */
export const CLIENT_ORDER_ID_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,35}$/;

export const ORDER_TAG_MAX = 36;
/** `enum:<enum_id>` tags an order with a fee configuration; anything else is a referral code. */
export const ORDER_TAG_ENUM_PREFIX = 'enum:';
/** Order-tag fee configuration ids: upper-case letters, digits and `_`. */
export const ENUM_ID_PATTERN = /^[A-Z0-9_]+$/;
/** So that `enum:<enum_id>` fits the 36 characters of an order_tag. */
export const ENUM_ID_MAX = ORDER_TAG_MAX - ORDER_TAG_ENUM_PREFIX.length;

/** `level` of BID and ASK orders: bid0..bid4 / ask0..ask4. */
export const LEVEL_MIN = 0;
export const LEVEL_MAX = 4;

/** Fee rates are 0 to 1 and exact multiples of this step (5 decimal places). */
export const FEE_RATE_STEP = 0.00001;
export const FEE_RATE_PLACES = 5;
export const FEE_RATE_MAX = 1;
/** A referral code's max_rebate_rate is at most 1. */
export const MAX_REBATE_RATE_MAX = 1;

/** YYYY-MM-DD (a real calendar date is checked separately). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `svc-timestamp` may differ from server time by at most this much. */
export const TIMESTAMP_TOLERANCE_MS = 300_000;
/** An order signature: r (64 hex) + s (64 hex) + v (2 hex). */
export const ORDER_SIGNATURE_PATTERN = /^[0-9a-fA-F]{130}$/;

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

export const ORDER_TYPES = ['LIMIT', 'MARKET', 'IOC', 'FOK', 'POST_ONLY', 'ASK', 'BID'] as const;
export type SpecOrderType = (typeof ORDER_TYPES)[number];
/** Types whose price comes from the book: order_price is not required (order_amount allowed). */
export const PRICELESS_ORDER_TYPES: readonly SpecOrderType[] = ['MARKET', 'ASK', 'BID'];
export const SIDES = ['BUY', 'SELL'] as const;
export const MARGIN_MODES = ['CROSS', 'ISOLATED'] as const;

/** The full status set of an order (facts, "Order lifecycle operations"). */
export const ORDER_STATUSES = [
  'PENDING_NEW',
  'NEW',
  'PARTIAL_FILLED',
  'FILLED',
  'PENDING_CANCEL',
  'CANCELLED',
  'REJECTED',
  'REPLACED',
] as const;
export type SpecOrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses after which an order never changes again (cancelling one answers -1006). */
export const FINAL_ORDER_STATUSES: readonly SpecOrderStatus[] = ['FILLED', 'CANCELLED', 'REJECTED'];

/** Status filters that stand for several statuses (GET /v1/orders `status`). */
export const ORDER_STATUS_GROUPS = {
  INCOMPLETE: ['NEW', 'PARTIAL_FILLED'],
  COMPLETED: ['CANCELLED', 'FILLED'],
} as const satisfies Record<string, readonly SpecOrderStatus[]>;
/** Values GET /v1/orders takes in `status`. */
export const ORDER_STATUS_FILTERS = [
  'NEW',
  'PARTIAL_FILLED',
  'FILLED',
  'CANCELLED',
  'REJECTED',
  'INCOMPLETE',
  'COMPLETED',
] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** GET /v1/orders `sort_by`; ties are broken by order id in the same direction. */
export const ORDER_SORTS = [
  'CREATED_TIME_DESC',
  'CREATED_TIME_ASC',
  'UPDATED_TIME_DESC',
  'UPDATED_TIME_ASC',
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const ORDER_SORT_DEFAULT: OrderSort = 'CREATED_TIME_DESC';

/** GET /v1/orders paging: `page` from 1, `size` default 25, at most 500. */
export const ORDER_PAGE_FIRST = 1;
export const ORDER_PAGE_SIZE_DEFAULT = 25;
export const ORDER_PAGE_SIZE_MAX = 500;

/**
 * GET /v1/referral/admin_info paging: default and maximum of `size` are "not shown" in the
 * spec; the gateway refuses more than this and the sandbox serves at most this many.
 */
export const REFERRAL_PAGE_SIZE_DEFAULT = 25;
export const REFERRAL_PAGE_SIZE_MAX = 100;

/** POST /v1/batch-order: 1 to 10 orders. */
export const BATCH_ORDERS_MAX = 10;
/** DELETE /v1/batch-order and /v1/client/batch-order: 1 to 10 ids. */
export const CANCEL_BATCH_MAX = 10;

/**
 * POST /v1/order/cancel_all_after (market-algo-risk-facts.md): the dead-man switch's delay,
 * ms; 0 turns it off.
 */
export const CANCEL_ALL_AFTER_MIN_MS = 5_000;
export const CANCEL_ALL_AFTER_MAX_MS = 900_000;

/** `data.status` of the acknowledgements. */
export const CANCEL_SENT = 'CANCEL_SENT';
export const CANCEL_ALL_SENT = 'CANCEL_ALL_SENT';
export const EDIT_SENT = 'EDIT_SENT';

/** PUT /v1/order: only these change; the other fields must match the order as placed. */
export const EDITABLE_ORDER_FIELDS = ['order_price', 'order_quantity'] as const;

/**
 * The spec's constants: "one full-position order per position and at most 10 partial
 * take-profit and 10 partial stop-loss orders per side" (untriggered, per symbol, margin mode
 * and position side; docs/algo-orders.md).
 */
export const TPSL_FULL_PER_POSITION = 1;
export const TPSL_PARTIAL_PER_SIDE = 10;
/** POST /v1/client/leverage(s): an integer leverage from 1 to 100 (and the symbol's maximum). */
export const LEVERAGE_MIN = 1;
export const LEVERAGE_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Streams (facts section "WebSocket streams")
// ---------------------------------------------------------------------------------------------

/**
 * The private account topics, on `/v2/ws/private/stream/{account_id}`; `algoexecutionreport`
 * and `account` (leverage changes) are market-algo-risk-facts.md §3 and §4.
 */
export const PRIVATE_TOPICS = [
  'executionreport',
  'position',
  'balance',
  'liquidationsaccount',
  'wallet',
  'algoexecutionreport',
  'account',
] as const;
export type PrivateTopic = (typeof PRIVATE_TOPICS)[number];

/** `wallet` topic: the transfer's side and `trans_status`. */
export const WALLET_SIDES = ['DEPOSIT', 'WITHDRAW'] as const;
export type WalletSide = (typeof WALLET_SIDES)[number];
export const WALLET_STATUSES = [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'PENDING_REBALANCE',
] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

/** The public system-status topic, on `/ws/stream/{account_id}`. */
export const MAINTENANCE_TOPIC = 'maintenance_status';
