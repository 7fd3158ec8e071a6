/**
 * Query fields of the account history lists (reference/market-algo-risk-facts.md §6), by wire
 * name. `start_t`/`end_t` are ms, both inclusive; each list says which time they bound.
 */
import { WALLET_SIDES } from './constants.ts';
import { int, oneOf, PAGE, required, SYMBOL, text } from './fields.ts';
import {
  ASSET_STATUS_FILTERS,
  FUNDING_SIZE_DEFAULT,
  HISTORY_SIZE_DEFAULT,
  HISTORY_SIZE_MAX,
  LIQUIDATION_SORTS,
  POSITION_HISTORY_LIMIT_MAX,
} from './wire-history.ts';

/** A token name: upper-case letters and digits (USDC). */
export const TOKEN = text({
  maxLength: 16,
  pattern: {
    regex: /^[A-Z0-9]+$/,
    rule: 'token',
    message: 'must be a token name: upper-case letters and digits (USDC)',
    upstream: 'must be upper-case letters and digits',
  },
});

const time = (what: string) => int({ min: 0, about: what });
const size = (byDefault: number) =>
  int({ min: 1, max: HISTORY_SIZE_MAX, default: byDefault, about: 'rows per page' });

/** The window and page of a numbered list; `what` names the time the bounds compare. */
const windowOf = (what: string, byDefault = HISTORY_SIZE_DEFAULT) =>
  ({
    start_t: time(`${what} at or after (ms)`),
    end_t: time(`${what} at or before (ms)`),
    page: PAGE,
    size: size(byDefault),
  }) as const;

/** GET /v1/asset/history: deposits and withdrawals by created time. */
export const ASSET_HISTORY_QUERY = {
  token: TOKEN,
  side: oneOf(WALLET_SIDES),
  status: {
    ...oneOf(ASSET_STATUS_FILTERS),
    about: 'NEW is a PENDING row, CONFIRM a PROCESSING one (UNVERIFIED mapping)',
  },
  ...windowOf('created'),
} as const;

/** GET /v1/trades: the account's fills by executed time (only the latest 500 matching). */
export const TRADES_QUERY = { symbol: SYMBOL, ...windowOf('executed') } as const;

/** GET /v1/position_history: closed positions, newest first; no time window, no page. */
export const POSITION_HISTORY_QUERY = {
  symbol: SYMBOL,
  limit: required(int({ min: 1, max: POSITION_HISTORY_LIMIT_MAX, about: 'newest rows' })),
} as const;

/** GET /v1/liquidations: the account's liquidations. */
export const LIQUIDATIONS_QUERY = {
  symbol: SYMBOL,
  ...windowOf('liquidated'),
  sort_by: { ...oneOf(LIQUIDATION_SORTS), about: 'descending; default time' },
  liquidation_id: int({ positive: true, about: 'one liquidation' }),
} as const;

/** GET /v1/funding_fee/history: one row per funding period and position. */
export const FUNDING_FEE_QUERY = {
  symbol: SYMBOL,
  ...windowOf('created', FUNDING_SIZE_DEFAULT),
} as const;

/** GET /v1/pnl_settlement/history: parameters UNVERIFIED (the facts list none); by requested time. */
export const PNL_SETTLEMENT_QUERY = windowOf('requested');
