import { describe, expect, it } from 'vitest';
import { invalidatedKeys, ttlFor } from '../../../src/upstream/cache-lifetime.ts';
import { cacheEntry } from '../../../src/upstream/cache-policy.ts';
import { CATALOG } from '../../../src/upstream/catalog.ts';
import { cacheKey, hashTag, limitKey, type Scope } from '../../../src/upstream/keys.ts';

const alice: Scope = { kind: 'account', accountId: '0xalice' };
const bob: Scope = { kind: 'account', accountId: '0xbob' };
const ttls = {
  accountTtlMs: 5_000,
  openOrderTtlMs: 1_000,
  finalOrderTtlMs: 60_000,
  referralTtlMs: 4_000,
};

describe('keys', () => {
  it('hash-tags every key of an account with a hash of its id, never the id itself', () => {
    const tag = hashTag(alice);
    expect(tag).toMatch(/^\{a:[0-9a-f]{16}\}$/);
    expect(tag).not.toContain('alice');
    expect(hashTag(bob)).not.toBe(tag);
    expect(cacheKey(alice, 'accountInfo')).toBe(`${tag}:cache:accountInfo`);
    expect(limitKey(alice, 'client_info')).toBe(`${tag}:rl:client_info`);
    expect(limitKey({ kind: 'global' }, 'sv_nonce')).toBe('{global}:rl:sv_nonce');
  });
});

describe('cacheEntry', () => {
  it('puts each account in its own keys', () => {
    const a = cacheEntry(CATALOG.accountInfo, alice, {});
    const b = cacheEntry(CATALOG.accountInfo, bob, {});
    expect(a).toEqual({ key: cacheKey(alice, 'accountInfo'), field: '-' });
    expect(b?.key).not.toBe(a?.key);
  });

  it('keys orders by either id in one hash, and queries by their sorted parameters', () => {
    expect(
      cacheEntry(CATALOG.orderByClientOrderId, alice, { params: { client_order_id: 'c1' } }),
    ).toEqual({ key: cacheKey(alice, 'order'), field: 'c:c1' });
    expect(cacheEntry(CATALOG.orderById, alice, { params: { order_id: '13' } })).toEqual({
      key: cacheKey(alice, 'order'),
      field: 'o:13',
    });
    const one = cacheEntry(CATALOG.referralAdminInfo, alice, { query: { size: 10, page: 2 } });
    const two = cacheEntry(CATALOG.referralAdminInfo, alice, { query: { page: 2, size: 10 } });
    expect(one).toEqual(two);
    expect(one).toEqual({ key: cacheKey(alice, 'referralAdminInfo'), field: 'page=2&size=10' });
    expect(cacheEntry(CATALOG.referralAdminInfo, alice, { query: { page: 3 } })?.field).toBe(
      'page=3',
    );
  });

  it('keeps market data in one entry per variant shared by every account and anonymous caller', () => {
    const global: Scope = { kind: 'global' };
    const rules = cacheEntry(CATALOG.symbolInfos, global, {});
    expect(rules).toEqual({ key: '{global}:cache:symbolRules:-', field: '-', shared: true });
    // A signed read of market data (the book) is shared too: the caller's account is not in it.
    const args = { params: { symbol: 'PERP_BTC_USDC' }, query: { max_level: 100 } };
    const book = cacheEntry(CATALOG.orderBook, alice, args);
    expect(book).toEqual({
      key: '{global}:cache:orderBook:s:PERP_BTC_USDC?max_level=100',
      field: '-',
      shared: true,
    });
    expect(cacheEntry(CATALOG.orderBook, bob, args)).toEqual(book);
    expect(cacheEntry(CATALOG.orderBook, bob, { ...args, query: { max_level: 20 } })?.key).not.toBe(
      book?.key,
    );
    const trades = cacheEntry(CATALOG.marketTrades, global, {
      query: { symbol: 'PERP_ETH_USDC', limit: 50 },
    });
    expect(trades?.key).toBe('{global}:cache:marketTrades:limit=50&symbol=PERP_ETH_USDC');
    expect(
      cacheEntry(CATALOG.futuresInfo, global, { params: { symbol: 'PERP_ETH_USDC' } })?.key,
    ).toBe('{global}:cache:marketPrices:s:PERP_ETH_USDC');
  });

  it('never caches nonces, mutations or public calls', () => {
    expect(cacheEntry(CATALOG.withdrawNonce, alice, {})).toBeUndefined();
    expect(cacheEntry(CATALOG.strategyVaultNonce, { kind: 'global' }, {})).toBeUndefined();
    expect(cacheEntry(CATALOG.createOrder, alice, { body: {} })).toBeUndefined();
    expect(cacheEntry(CATALOG.accountInfo, { kind: 'global' }, {})).toBeUndefined();
  });
});

describe('ttlFor', () => {
  it('keeps final orders longer than open ones', () => {
    const policy = CATALOG.orderByClientOrderId.cache!;
    for (const status of ['FILLED', 'CANCELLED', 'REJECTED']) {
      expect(ttlFor(policy, { status }, ttls)).toBe(60_000);
    }
    for (const status of ['NEW', 'PARTIAL_FILLED', undefined]) {
      expect(ttlFor(policy, { status }, ttls)).toBe(1_000);
    }
    expect(ttlFor(CATALOG.accountInfo.cache!, {}, ttls)).toBe(5_000);
    expect(ttlFor(CATALOG.referralAdminInfo.cache!, {}, ttls)).toBe(4_000);
    expect(ttlFor(CATALOG.refereeRebateSummary.cache!, {}, ttls)).toBe(4_000);
    for (const op of [CATALOG.listOrders, CATALOG.positions, CATALOG.holdings]) {
      expect(ttlFor(op.cache!, {}, ttls)).toBe(1_000);
    }
  });

  it('keeps symbol rules long and market prices briefly, with defaults for hand-built configs', () => {
    const market = { ...ttls, marketRulesTtlMs: 120_000, marketTtlMs: 500 };
    expect(ttlFor(CATALOG.symbolInfos.cache!, {}, market)).toBe(120_000);
    expect(ttlFor(CATALOG.symbolInfo.cache!, {}, market)).toBe(120_000);
    for (const op of [
      CATALOG.futuresInfos,
      CATALOG.orderBook,
      CATALOG.klines,
      CATALOG.fundingRates,
    ]) {
      expect(ttlFor(op.cache!, {}, market)).toBe(500);
    }
    expect(ttlFor(CATALOG.symbolInfos.cache!, {}, ttls)).toBe(300_000);
    expect(ttlFor(CATALOG.marketTrades.cache!, {}, ttls)).toBe(1_000);
  });
});

describe('invalidatedKeys', () => {
  it('names what each mutation changes, in the acting account only', () => {
    expect(invalidatedKeys(CATALOG.createReferralCode, alice)).toEqual([
      cacheKey(alice, 'referralAdminInfo'),
    ]);
    expect(invalidatedKeys(CATALOG.setAffiliateRebateRate, alice)).toEqual([
      cacheKey(alice, 'referralAdminInfo'),
    ]);
    expect(invalidatedKeys(CATALOG.setDefaultFeeRates, alice)).toEqual([
      cacheKey(alice, 'accountInfo'),
    ]);
    expect(invalidatedKeys(CATALOG.accountInfo, alice)).toEqual([]);
    expect(invalidatedKeys(CATALOG.withdrawRequest, alice)).toContain(
      cacheKey(alice, 'assetHistory'),
    );
    expect(invalidatedKeys(CATALOG.settlePnl, alice)).toContain(cacheKey(alice, 'pnlSettlements'));
    expect(invalidatedKeys(CATALOG.createOrder, { kind: 'global' })).toEqual([]);
    // No mutation makes market data stale: it is the market's, not the account's.
    for (const op of Object.values(CATALOG)) {
      for (const group of op.invalidates) {
        expect([
          'order',
          'orders',
          'positions',
          'balances',
          'algoOrders',
          'referralAdminInfo',
          'accountInfo',
          // The account's own leverage setting (the leverage updates), not market data.
          'leverage',
          // The account's own history: a fill's trades and closed positions, its transfers
          // and withdrawals, its PnL settlements.
          'trades',
          'positionHistory',
          'assetHistory',
          'pnlSettlements',
        ]).toContain(group);
      }
    }
  });

  it('drops every order, order list, position, balance, algo order, trade and closed position of the account on any order mutation', () => {
    const orderState = [
      'order',
      'orders',
      'positions',
      'balances',
      'algoOrders',
      'trades',
      'positionHistory',
    ].map((g) => cacheKey(alice, g));
    const mutations = Object.values(CATALOG).filter((op) => op.auth === 'trading');
    expect(mutations.map((op) => op.name).sort()).toEqual([
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
    for (const op of mutations) expect(invalidatedKeys(op, alice)).toEqual(orderState);
    // Each read of that state lives in one of those keys, whatever names the entry.
    const reads = [
      cacheEntry(CATALOG.orderByClientOrderId, alice, { params: { client_order_id: 'c1' } }),
      cacheEntry(CATALOG.orderById, alice, { params: { order_id: '13' } }),
      cacheEntry(CATALOG.listOrders, alice, { query: { status: 'INCOMPLETE', size: 5 } }),
      cacheEntry(CATALOG.positions, alice, {}),
      cacheEntry(CATALOG.position, alice, { params: { symbol: 'PERP_ETH_USDC' } }),
      cacheEntry(CATALOG.holdings, alice, { query: { all: 'true' } }),
      cacheEntry(CATALOG.trades, alice, { query: { symbol: 'PERP_ETH_USDC', end_t: 5 } }),
      cacheEntry(CATALOG.orderTrades, alice, { params: { order_id: '13' } }),
      cacheEntry(CATALOG.positionHistory, alice, { query: { limit: 500 } }),
    ];
    for (const read of reads) expect(orderState).toContain(read?.key);
  });
});
