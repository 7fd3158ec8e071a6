/**
 * Pieces the rows of endpoints.ts share: the per-second limit, the signed uncached read and
 * what an order mutation makes stale.
 */
import type { CacheGroup, SpecLimit } from './endpoint-types.ts';

export const SECOND = 1_000;

/** `n` per second per account; `default` is the undocumented 10 per second. */
export const perSecond = (limit: number, source: SpecLimit['source']) =>
  ({ limit, windowMs: SECOND, scope: 'account', source }) as const;

/** A signed, uncached read. */
export const READ = {
  auth: 'private',
  signature: 'none',
  idempotency: 'read',
  cache: null,
  invalidates: [],
} as const;

/**
 * What any order mutation makes stale in the acting account: its orders (one hash for all, so
 * a cancel by order id needs no key scan), order lists, positions, balances and algo orders (a
 * fill may end a full-position TP/SL; an algo trigger places orders), and the history a fill
 * writes (its trades; a position it closes).
 */
export const ORDER_STATE: readonly CacheGroup[] = [
  'order',
  'orders',
  'positions',
  'balances',
  'algoOrders',
  'trades',
  'positionHistory',
];
