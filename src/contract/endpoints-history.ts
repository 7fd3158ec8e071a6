/**
 * The account history rows of the endpoint table (reference/market-algo-risk-facts.md §6),
 * spread into ENDPOINTS: deposits and withdrawals, trades (all, or one order's), closed
 * positions, liquidations, funding fees and PnL settlements. Limits are the facts' [OA]
 * figures. Each list is cached per account, briefly (`live`), in a group of its own, so what
 * makes it stale drops it alone: order mutations and fills (trades, position history),
 * transfers and wallet pushes (asset history), liquidation pushes (liquidations).
 */
import { perSecond, READ, SECOND } from './endpoint-parts.ts';
import type { CacheGroup, Endpoint } from './endpoint-types.ts';
import * as history from './fields-history.ts';

const list = (group: CacheGroup) => ({ ...READ, cache: { group, ttl: 'live' } }) as const;
const perMinute = (limit: number) =>
  ({ limit, windowMs: 60 * SECOND, scope: 'account', source: 'facts' }) as const;

export const HISTORY_ENDPOINTS = {
  // [OA]: 10 per 60 s.
  'GET /v1/asset/history': {
    ...list('assetHistory'),
    name: 'assetHistory',
    query: history.ASSET_HISTORY_QUERY,
    data: ['rows', 'meta'],
    limit: perMinute(10),
    budget: 'asset_history',
  },
  'GET /v1/trades': {
    ...list('trades'),
    name: 'trades',
    query: history.TRADES_QUERY,
    data: ['rows', 'meta'],
    limit: perSecond(10, 'facts'),
    budget: 'trades',
  },
  'GET /v1/order/{order_id}/trades': {
    ...list('trades'),
    name: 'orderTrades',
    data: ['rows'],
    limit: perSecond(10, 'facts'),
    budget: 'order_trades',
  },
  'GET /v1/position_history': {
    ...list('positionHistory'),
    name: 'positionHistory',
    query: history.POSITION_HISTORY_QUERY,
    data: ['rows'],
    limit: perSecond(10, 'facts'),
    budget: 'position_history',
  },
  // [OA]: 10 per second per IP: one budget for the whole gateway.
  'GET /v1/liquidations': {
    ...list('liquidations'),
    name: 'liquidations',
    query: history.LIQUIDATIONS_QUERY,
    data: ['rows', 'meta'],
    limit: { ...perSecond(10, 'facts'), scope: 'ip' },
    budget: 'liquidations',
  },
  // [OA]: 20 per 60 s per user.
  'GET /v1/funding_fee/history': {
    ...list('fundingFees'),
    name: 'fundingFeeHistory',
    query: history.FUNDING_FEE_QUERY,
    data: ['rows', 'meta'],
    limit: perMinute(20),
    budget: 'funding_fee_history',
  },
  'GET /v1/pnl_settlement/history': {
    ...list('pnlSettlements'),
    name: 'pnlSettlementHistory',
    query: history.PNL_SETTLEMENT_QUERY,
    data: ['rows', 'meta'],
    limit: perSecond(20, 'facts'),
    budget: 'pnl_settlement_history',
  },
} as const satisfies Record<string, Endpoint>;
