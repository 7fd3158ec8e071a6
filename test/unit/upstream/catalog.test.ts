import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint } from '../../../src/contract/endpoints.ts';
import {
  buildPath,
  CATALOG,
  type CallArgs,
  type Operation,
  queryString,
} from '../../../src/upstream/catalog.ts';
import { accountMethods, publicMethods } from '../../../src/upstream/methods.ts';

const entries = Object.entries(CATALOG) as [string, Operation][];

describe('catalog', () => {
  it('holds every REST operation of the spec once, keyed by its name', () => {
    expect(entries.map(([, op]) => `${op.method} ${op.path}`).sort()).toEqual([
      'DELETE /v1/algo/client/order',
      'DELETE /v1/algo/order',
      'DELETE /v1/algo/orders',
      'DELETE /v1/batch-order',
      'DELETE /v1/client/batch-order',
      'DELETE /v1/client/order',
      'DELETE /v1/order',
      'DELETE /v1/orders',
      'GET /v1/algo/client/order/{client_order_id}',
      'GET /v1/algo/order/{order_id}',
      'GET /v1/algo/orders',
      'GET /v1/asset/history',
      'GET /v1/client/holding',
      'GET /v1/client/info',
      'GET /v1/client/leverage',
      'GET /v1/client/leverages',
      'GET /v1/client/order/{client_order_id}',
      'GET /v1/funding_fee/history',
      'GET /v1/kline',
      'GET /v1/liquidations',
      'GET /v1/order/{order_id}',
      'GET /v1/order/{order_id}/trades',
      'GET /v1/orderbook/{symbol}',
      'GET /v1/orders',
      'GET /v1/pnl_settlement/history',
      'GET /v1/position/{symbol}',
      'GET /v1/position_history',
      'GET /v1/positions',
      'GET /v1/public/funding_rate/{symbol}',
      'GET /v1/public/funding_rates',
      'GET /v1/public/futures',
      'GET /v1/public/futures/{symbol}',
      'GET /v1/public/info',
      'GET /v1/public/info/{symbol}',
      'GET /v1/public/market_trades',
      'GET /v1/public/sv_nonce',
      'GET /v1/referral/admin_info',
      'GET /v1/referral/referee_rebate_summary',
      'GET /v1/settle_nonce',
      'GET /v1/trades',
      'GET /v1/tv/kline_history',
      'GET /v1/withdraw_nonce',
      'POST /v1/admin/points/stage',
      'POST /v1/algo/order',
      'POST /v1/batch-order',
      'POST /v1/broker/fee_rate/default',
      'POST /v1/client/leverage',
      'POST /v1/client/leverages',
      'POST /v1/client/margin_mode',
      'POST /v1/order',
      'POST /v1/order/cancel_all_after',
      'POST /v1/referral/create',
      'POST /v1/referral/multi_level/admin/update/affiliate',
      'POST /v1/settle_pnl',
      'POST /v1/withdraw_request',
      'POST /v2/internal_transfer',
      'PUT /v1/algo/order',
      'PUT /v1/broker/order_enum/{enum_id}',
      'PUT /v1/order',
    ]);
    for (const [name, op] of entries) expect(op.name).toBe(name);
  });

  it('carries the spec Limits table and the documented lifecycle and market limits, per account except the per-IP public reads', () => {
    const limits = Object.fromEntries(
      entries.filter(([, op]) => op.limit).map(([name, op]) => [name, op.limit]),
    );
    expect(limits).toEqual({
      accountInfo: { key: 'client_info', limit: 10, windowMs: 60_000, scope: 'account' },
      withdrawNonce: { key: 'withdraw_nonce', limit: 10, windowMs: 1_000, scope: 'account' },
      strategyVaultNonce: { key: 'sv_nonce', limit: 10, windowMs: 1_000, scope: 'global' },
      updateOrderTagFeeConfig: { key: 'order_enum', limit: 1, windowMs: 1_000, scope: 'account' },
      cancelOrder: { key: 'cancel_order', limit: 10, windowMs: 1_000, scope: 'account' },
      cancelOrderByClientOrderId: {
        key: 'cancel_client_order',
        limit: 10,
        windowMs: 1_000,
        scope: 'account',
      },
      cancelAllOrders: { key: 'cancel_all_orders', limit: 10, windowMs: 1_000, scope: 'account' },
      // The dead-man switch (issue 27): the sandbox's choice, UNVERIFIED upstream.
      cancelAllAfter: { key: 'cancel_all_after', limit: 1, windowMs: 1_000, scope: 'account' },
      editOrder: { key: 'edit_order', limit: 10, windowMs: 1_000, scope: 'account' },
      batchCreateOrders: { key: 'batch_order', limit: 1, windowMs: 1_000, scope: 'account' },
      listOrders: { key: 'orders', limit: 10, windowMs: 1_000, scope: 'account' },
      positions: { key: 'positions', limit: 30, windowMs: 10_000, scope: 'account' },
      holdings: { key: 'holding', limit: 10, windowMs: 1_000, scope: 'account' },
      upsertPointsStage: { key: 'points_stage', limit: 10, windowMs: 1_000, scope: 'account' },
      refereeRebateSummary: {
        key: 'referee_rebate_summary',
        limit: 10,
        windowMs: 1_000,
        scope: 'account',
      },
      // Market data (facts §1): the public reads are per IP, so global to the gateway.
      symbolInfos: { key: 'public_info', limit: 10, windowMs: 1_000, scope: 'global' },
      symbolInfo: { key: 'public_info_symbol', limit: 10, windowMs: 1_000, scope: 'global' },
      futuresInfos: { key: 'public_futures', limit: 10, windowMs: 1_000, scope: 'global' },
      futuresInfo: { key: 'public_futures_symbol', limit: 10, windowMs: 1_000, scope: 'global' },
      marketTrades: { key: 'market_trades', limit: 10, windowMs: 1_000, scope: 'global' },
      orderBook: { key: 'orderbook', limit: 10, windowMs: 1_000, scope: 'account' },
      klines: { key: 'kline', limit: 10, windowMs: 1_000, scope: 'account' },
      klineHistory: { key: 'tv_kline_history', limit: 5, windowMs: 10_000, scope: 'global' },
      fundingRate: { key: 'funding_rate', limit: 30, windowMs: 1_000, scope: 'global' },
      fundingRates: { key: 'funding_rates', limit: 10, windowMs: 1_000, scope: 'global' },
      // Algo orders and leverage (facts §3, §4); the leverage read is per IP.
      createAlgoOrder: { key: 'algo_order_create', limit: 1, windowMs: 1_000, scope: 'account' },
      editAlgoOrder: { key: 'algo_order_edit', limit: 5, windowMs: 1_000, scope: 'account' },
      cancelAlgoOrder: { key: 'algo_order_cancel', limit: 5, windowMs: 1_000, scope: 'account' },
      cancelAlgoOrderByClientOrderId: {
        key: 'algo_client_order_cancel',
        limit: 5,
        windowMs: 1_000,
        scope: 'account',
      },
      cancelAlgoOrders: { key: 'algo_orders_cancel', limit: 5, windowMs: 1_000, scope: 'account' },
      listAlgoOrders: { key: 'algo_orders', limit: 5, windowMs: 1_000, scope: 'account' },
      algoOrderById: { key: 'algo_order', limit: 10, windowMs: 1_000, scope: 'account' },
      algoOrderByClientOrderId: {
        key: 'algo_client_order',
        limit: 10,
        windowMs: 1_000,
        scope: 'account',
      },
      leverage: { key: 'client_leverage', limit: 1, windowMs: 1_000, scope: 'global' },
      setLeverages: {
        key: 'client_leverages_update',
        limit: 5,
        windowMs: 60_000,
        scope: 'account',
      },
      // Wallet (facts §6): the withdrawal is per IP, so global to the gateway.
      withdrawRequest: { key: 'withdraw_request', limit: 10, windowMs: 1_000, scope: 'global' },
      settleNonce: { key: 'settle_nonce', limit: 10, windowMs: 1_000, scope: 'account' },
      settlePnl: { key: 'settle_pnl', limit: 1, windowMs: 1_000, scope: 'account' },
      // Account history (facts §6); liquidations are per IP.
      assetHistory: { key: 'asset_history', limit: 10, windowMs: 60_000, scope: 'account' },
      trades: { key: 'trades', limit: 10, windowMs: 1_000, scope: 'account' },
      orderTrades: { key: 'order_trades', limit: 10, windowMs: 1_000, scope: 'account' },
      positionHistory: { key: 'position_history', limit: 10, windowMs: 1_000, scope: 'account' },
      liquidations: { key: 'liquidations', limit: 10, windowMs: 1_000, scope: 'global' },
      fundingFeeHistory: {
        key: 'funding_fee_history',
        limit: 20,
        windowMs: 60_000,
        scope: 'account',
      },
      pnlSettlementHistory: {
        key: 'pnl_settlement_history',
        limit: 20,
        windowMs: 1_000,
        scope: 'account',
      },
    });
  });

  it('budgets exactly the documented limits of src/contract/endpoints.ts, batch items against create', () => {
    for (const [route, { limit: spec }] of Object.entries(ENDPOINTS as Record<string, Endpoint>)) {
      const op = entries.find(([, o]) => `${o.method} ${o.path}` === route)?.[1];
      expect(op, route).toBeDefined();
      if (spec.source === 'default') expect(op?.limit, route).toBeNull();
      else expect(op?.limit, route).toMatchObject({ limit: spec.limit, windowMs: spec.windowMs });
      if (spec.perItem) {
        const other = op?.alsoCounts?.op;
        expect(`${other?.method} ${other?.path}`).toBe(spec.perItem);
      }
    }
  });

  it('caches reads only, never nonces or mutations; market data in entries shared by all callers', () => {
    const cached = entries.filter(([, op]) => op.cache && !op.cache.shared).map(([name]) => name);
    expect(cached.sort()).toEqual([
      'accountInfo',
      'assetHistory',
      'fundingFeeHistory',
      'holdings',
      'leverage',
      'leverages',
      'liquidations',
      'listAlgoOrders',
      'listOrders',
      'orderByClientOrderId',
      'orderById',
      'orderTrades',
      'pnlSettlementHistory',
      'position',
      'positionHistory',
      'positions',
      'refereeRebateSummary',
      'referralAdminInfo',
      'trades',
    ]);
    const shared = entries.filter(([, op]) => op.cache?.shared).map(([name]) => name);
    expect(shared.sort()).toEqual([
      'fundingRate',
      'fundingRates',
      'futuresInfo',
      'futuresInfos',
      'klineHistory',
      'klines',
      'marketTrades',
      'orderBook',
      'symbolInfo',
      'symbolInfos',
    ]);
    // Rules change rarely; everything else moves with the market.
    expect(CATALOG.symbolInfos.cache?.ttl).toBe('marketRules');
    expect(CATALOG.futuresInfos.cache?.ttl).toBe('market');
    expect(CATALOG.klineHistory.envelope).toBe(false);
    expect(CATALOG.klines.envelope).toBeUndefined();
    for (const [, op] of entries) {
      if (op.cache) expect(op.method).toBe('GET');
      if (op.method !== 'GET') expect(op.cache).toBeNull();
    }
  });

  it('names the auth kind of every operation', () => {
    const byKind = (kind: string) =>
      entries
        .filter(([, op]) => op.auth === kind)
        .map(([name]) => name)
        .sort();
    expect(byKind('public')).toEqual([
      'fundingRate',
      'fundingRates',
      'futuresInfo',
      'futuresInfos',
      'klineHistory',
      'marketTrades',
      'strategyVaultNonce',
      'symbolInfo',
      'symbolInfos',
    ]);
    expect(byKind('trading')).toEqual([
      'batchCreateOrders',
      'cancelAlgoOrder',
      'cancelAlgoOrderByClientOrderId',
      'cancelAlgoOrders',
      'cancelAllOrders',
      'cancelOrder',
      'cancelOrderByClientOrderId',
      'cancelOrders',
      'cancelOrdersByClientOrderIds',
      'createAlgoOrder',
      'createOrder',
      'editAlgoOrder',
      'editOrder',
    ]);
    // A batch placement also spends create-order's budget, once per item.
    expect(CATALOG.batchCreateOrders.alsoCounts).toEqual({ op: CATALOG.createOrder, per: 'item' });
    expect(byKind('broker_admin')).toEqual([
      'createReferralCode',
      'referralAdminInfo',
      'setAffiliateRebateRate',
      'setDefaultFeeRates',
      'updateOrderTagFeeConfig',
      'upsertPointsStage',
    ]);
  });

  it('declares where each order signature goes and how each operation repeats', () => {
    for (const [name, op] of entries) {
      // Only trading operations carry an order signature, and every one of them does.
      expect([name, op.auth === 'trading'], name).toEqual([name, op.signature !== 'none']);
      // Reads, and only reads, are GETs (retry.ts re-sends a sent GET, nothing else).
      expect([name, op.idempotency === 'read']).toEqual([name, op.method === 'GET']);
      // Placements are signed in the body or per item; nothing else is an 'order'.
      if (op.idempotency === 'order') expect(['body', 'items']).toContain(op.signature);
      if (op.method === 'DELETE') expect(op.signature).toBe('query');
    }
  });

  it('binds every method to exactly its catalog entry and arguments', async () => {
    const seen: Array<[string, CallArgs | undefined]> = [];
    const request = async (op: Operation, args?: CallArgs) => {
      seen.push([op.name, args]);
      return undefined as never;
    };
    // The methods live on each view's prototype (a spread would drop them): copy them over.
    const own = <T extends object>(view: T): T => {
      const out: Record<string, unknown> = {};
      for (const name in view) out[name] = view[name];
      return out as T;
    };
    const api = { ...own(accountMethods(request)), ...own(publicMethods(request)) };
    await api.orderByClientOrderId('abc');
    await api.updateOrderTagFeeConfig('GRID', { name: 'g' });
    await api.referralAdminInfo({ page: 2, sort_by: 'total_traded' });
    await api.strategyVaultNonce();
    await api.cancelOrders([13, 14, 15]);
    await api.cancelAllOrders({});
    await api.holdings({ all: true });
    await api.orderById(13);
    expect(seen).toEqual([
      ['orderByClientOrderId', { params: { client_order_id: 'abc' } }],
      ['updateOrderTagFeeConfig', { params: { enum_id: 'GRID' }, body: { name: 'g' } }],
      ['referralAdminInfo', { query: { page: 2, sort_by: 'total_traded' } }],
      ['strategyVaultNonce', undefined],
      ['cancelOrders', { query: { order_ids: '13,14,15' } }],
      ['cancelAllOrders', { query: {} }],
      ['holdings', { query: { all: 'true' } }],
      ['orderById', { params: { order_id: '13' } }],
    ]);
    expect(Object.keys(api).sort()).toEqual(Object.keys(CATALOG).sort());
  });
});

describe('buildPath', () => {
  it('fills and encodes path parameters, appends the query without empty values', () => {
    expect(buildPath(CATALOG.orderByClientOrderId, { params: { client_order_id: 'a/b c' } })).toBe(
      '/v1/client/order/a%2Fb%20c',
    );
    expect(
      buildPath(CATALOG.referralAdminInfo, {
        query: { page: 1, size: undefined, account_id: '0xab', user_address: null },
      }),
    ).toBe('/v1/referral/admin_info?page=1&account_id=0xab');
    expect(buildPath(CATALOG.accountInfo)).toBe('/v1/client/info');
    expect(() => buildPath(CATALOG.orderByClientOrderId, {})).toThrow(/client_order_id/);
    expect(queryString({ start_date: '2025-01-01', end_date: '2025-01-31' })).toBe(
      'start_date=2025-01-01&end_date=2025-01-31',
    );
  });
});
