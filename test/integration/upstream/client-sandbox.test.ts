// @module-tag redis
/**
 * The upstream client against the sandbox over real HTTP, stores on real Redis: every
 * operation, caching, single-flight, the shared budget, upstream 429s and clock skew.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALGO_ENDPOINTS } from '../../../src/contract/endpoints-algo.ts';
import { WALLET_ENDPOINTS } from '../../../src/contract/endpoints-wallet.ts';
import { CATALOG } from '../../../src/upstream/catalog.ts';
import { RateLimitedError, UpstreamRejectedError } from '../../../src/upstream/errors.ts';
import { WINDOW_MARGIN_MS } from '../../../src/upstream/rate-limit.ts';
import { type Harness, startHarness, type TestAccount } from './harness.ts';

const INFO = { method: 'GET', path: '/v1/client/info' };
const limitOrder = (id?: string) => ({
  symbol: 'PERP_ETH_USDC',
  order_type: 'LIMIT' as const,
  side: 'BUY' as const,
  order_price: 2_000,
  order_quantity: 0.1,
  ...(id ? { client_order_id: id } : {}),
});
const marketOrder = (id: string) => ({
  symbol: 'PERP_BTC_USDC',
  order_type: 'MARKET' as const,
  side: 'BUY' as const,
  order_quantity: 0.01,
  client_order_id: id,
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const transferFrom = (from: TestAccount, to: TestAccount, nonce: string) => ({
  signature: `0x${'ab'.repeat(65)}`,
  userAddress: from.userAddress,
  verifyingContract: `0x${'22'.repeat(20)}`,
  message: {
    receiver: to.accountId,
    token: 'USDC',
    amount: '10',
    transferNonce: nonce,
    chainId: '421614',
    chainType: 'EVM',
  },
});

describe('every operation of the catalog', () => {
  it('is accepted by the sandbox', async () => {
    const client = h.client();
    const [trader, other, admin] = [h.account(), h.account(), h.account('broker_admin')];
    const t = client.forAccount(trader);
    const a = client.forAccount(admin);
    h.sandbox.resetRequestLog();

    expect((await t.accountInfo()).account_id).toBe(trader.accountId);
    const created = await t.createOrder(limitOrder());
    expect(created.client_order_id).toMatch(/^[0-9a-f][0-9a-f-]{35}$/);
    const order = await t.orderByClientOrderId(created.client_order_id!);
    expect(order).toMatchObject({
      order_id: created.order_id,
      status: 'NEW',
      symbol: 'PERP_ETH_USDC',
    });
    await t.setDefaultMarginMode({ symbol: 'PERP_BTC_USDC', default_margin_mode: 'ISOLATED' });
    const transfer = await t.internalTransfer(transferFrom(trader, other, '1'));
    expect(transfer.internal_transfer_request_id).toEqual(expect.any(Number));
    expect((await t.withdrawNonce()).withdraw_nonce).toEqual(expect.any(Number));
    expect((await client.strategyVaultNonce()).nonce).toEqual(expect.any(Number));
    await a.setDefaultFeeRates({ maker_fee_rate: 0.0002, taker_fee_rate: 0.0005 });
    await a.updateOrderTagFeeConfig('GRID_PRO', {
      name: 'Grid Pro',
      description: 'grid strategy orders',
      default_fee_rate: 0.004,
      pair_overrides: { PERP_BTC_USDC: 0.0025 },
    });
    await a.upsertPointsStage({
      stage_name: 'launch',
      start_date: '2025-01-01',
      volume_boost: 1,
      pnl_boost: 1,
      l1_referral_boost: 1,
      l2_referral_boost: 1,
      is_continous: true,
    });
    await a.createReferralCode({
      account_id: trader.accountId,
      referral_code: 'UPSTREAM1',
      max_rebate_rate: 0.5,
      referrer_rebate_rate: 0.3,
      referee_rebate_rate: 0.2,
    });
    await a.setAffiliateRebateRate({ rebate_rate: 0.1, account_ids: [trader.accountId] });
    // The order lifecycle: each cancel signs its query, the edit its body, the batch each item.
    expect((await t.orderById(created.order_id)).client_order_id).toBe(created.client_order_id);
    const edited = await t.editOrder({
      order_id: String(created.order_id),
      symbol: 'PERP_ETH_USDC',
      side: 'BUY',
      order_type: 'LIMIT',
      order_price: 2_001,
      order_quantity: 0.2,
    });
    expect(edited.status).toBe('EDIT_SENT');
    const batch = await t.batchCreateOrders([limitOrder('batch-1'), limitOrder('batch-2')]);
    expect(batch.rows.map((r) => [r.success, r.client_order_id])).toEqual([
      [true, 'batch-1'],
      [true, 'batch-2'],
    ]);
    const list = await t.listOrders({ status: 'INCOMPLETE', size: 10 });
    expect(list.meta.total).toBe(3);
    await t.cancelOrder({ order_id: created.order_id, symbol: 'PERP_ETH_USDC' });
    await t.cancelOrderByClientOrderId({ client_order_id: 'batch-1', symbol: 'PERP_ETH_USDC' });
    const third = await t.createOrder(limitOrder('batch-3'));
    await t.cancelOrders([batch.rows[1]!.order_id!]);
    await t.cancelOrdersByClientOrderIds(['batch-3']);
    expect((await t.orderById(third.order_id)).status).toBe('CANCELLED');
    expect((await t.cancelAllOrders({ symbol: 'PERP_ETH_USDC' })).status).toBe('CANCEL_ALL_SENT');
    // The dead-man switch (1 call per second; it would fire long after this file's tests).
    const armedAt = Date.now();
    const armed = Number(
      (await t.cancelAllAfter({ trigger_after: 900_000 })).expected_trigger_time,
    );
    expect(armed - 900_000).toBeGreaterThanOrEqual(armedAt);
    expect(armed - 900_000).toBeLessThanOrEqual(Date.now());
    const fill = await t.createOrder(marketOrder('fill-1'));
    const positions = await t.positions();
    expect(positions.rows.map((r) => r.symbol)).toEqual(['PERP_BTC_USDC']);
    expect((await t.position('PERP_BTC_USDC')).position_qty).toBe(0.01);
    expect((await t.holdings({ all: true })).holding.map((x) => x.token)).toContain('USDC');
    const info = await a.referralAdminInfo({ account_id: trader.accountId });
    expect(info.rows[0]?.referral_codes.map((c) => c.code)).toContain('UPSTREAM1');
    expect(info.meta.current_page).toBe(1);
    expect(
      (await t.refereeRebateSummary({ start_date: '2025-01-01', end_date: '2025-01-31' })).rows,
    ).toEqual(expect.any(Array));
    // The market-data reads: public ones on the client, the book and klines signed.
    expect((await client.symbolInfos()).rows.map((r) => r.symbol)).toContain('PERP_ETH_USDC');
    expect((await client.symbolInfo('PERP_ETH_USDC')).price_range).toBe(0.03);
    expect((await client.futuresInfos()).rows).toHaveLength(5);
    expect((await client.futuresInfo('PERP_BTC_USDC')).open_interest).toBe(0.01);
    const trades = await client.marketTrades({ symbol: 'PERP_BTC_USDC', limit: 5 });
    expect(trades.rows[0]).toMatchObject({ side: 'BUY', executed_quantity: 0.01 });
    expect((await t.orderBook('PERP_ETH_USDC', 2)).asks).toHaveLength(2);
    const klines = await t.klines({ symbol: 'PERP_BTC_USDC', type: '1m', limit: 2 });
    expect(klines.rows[0]?.volume).toBe(0.01);
    expect((await client.fundingRate('PERP_BTC_USDC')).last_funding_rate).toBe(0.0001);
    expect((await client.fundingRates()).rows).toHaveLength(5);

    // klineHistory answers without the envelope (TradingView columns): the body is the data.
    const to = Math.floor(Date.now() / 1000);
    const tv = await client.klineHistory({
      symbol: 'PERP_BTC_USDC',
      resolution: '1m',
      from: to - 120,
      to,
      limit: 2,
    });
    expect(tv).toMatchObject({ s: 'ok', v: expect.arrayContaining([0.01]) });
    // The account history: the fill above is a trade of the list and of its order.
    const fills = await t.trades({ symbol: 'PERP_BTC_USDC', size: 10 });
    expect(fills.rows.map((r) => r.order_id)).toContain(fill.order_id);
    expect((await t.orderTrades(fill.order_id)).rows).toHaveLength(1);
    expect((await t.positionHistory({ limit: 10 })).rows).toEqual(expect.any(Array));
    expect((await t.liquidations({ size: 10 })).meta.current_page).toBe(1);
    expect((await t.fundingFeeHistory({ size: 10 })).rows).toEqual(expect.any(Array));
    expect((await t.pnlSettlementHistory({ size: 10 })).rows).toEqual([]);
    const assets = await t.assetHistory({ side: 'DEPOSIT', size: 10 });
    expect(assets.rows.map((r) => r.trans_status)).toContain('COMPLETED');
    // The algo and leverage operations: upstream/algo-client.test.ts; the wallet ones (a
    // wallet signs them): streams/wallet.test.ts.
    const algo = new Set<string>(
      [...Object.values(ALGO_ENDPOINTS), ...Object.values(WALLET_ENDPOINTS)].map((row) => row.name),
    );
    const called = Object.keys(CATALOG).filter((name) => !algo.has(name));
    expect(new Set(client.events.map((e) => e.operation))).toEqual(new Set(called));
    expect(client.events.every((e) => e.outcome === 'ok')).toBe(true);
    expect(h.sandbox.requestLog.filter((e) => e.status !== 200)).toEqual([]);
  });
});

describe('cache', () => {
  it('serves a hit without an upstream call, to every client on the same Redis', async () => {
    const trader = h.account();
    const first = h.client();
    const second = h.client();
    const a = await first.forAccount(trader).accountInfo();
    const b = await first.forAccount(trader).accountInfo();
    const c = await second.forAccount(trader).accountInfo();
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(h.sandbox.requestCount({ ...INFO, accountId: trader.accountId })).toBe(1);
    expect(first.events.map((e) => [e.cache, e.attempts])).toEqual([
      ['miss', 1],
      ['hit', 0],
    ]);
    expect(second.events.map((e) => e.cache)).toEqual(['hit']);
  });

  it('never shows one account the cached data of another', async () => {
    const client = h.client();
    const [one, two] = [h.account(), h.account()];
    expect((await client.forAccount(one).accountInfo()).account_id).toBe(one.accountId);
    expect((await client.forAccount(two).accountInfo()).account_id).toBe(two.accountId);
    expect(h.sandbox.requestCount({ ...INFO, accountId: two.accountId })).toBe(1);

    await client.forAccount(one).createOrder(marketOrder('shared-id'));
    expect((await client.forAccount(one).orderByClientOrderId('shared-id')).status).toBe('FILLED');
    await expect(client.forAccount(two).orderByClientOrderId('shared-id')).rejects.toMatchObject({
      upstreamCode: -1006,
    });
  });

  it('keeps final orders longer than open ones', async () => {
    let clock = Date.now();
    const client = h.client({ now: () => clock });
    const trader = h.account();
    const t = client.forAccount(trader);
    await t.createOrder(limitOrder('open-1'));
    await t.createOrder(marketOrder('final-1'));
    const reads = (id: string) =>
      h.sandbox.requestCount({ method: 'GET', path: `/v1/client/order/${id}` });
    await t.orderByClientOrderId('open-1');
    await t.orderByClientOrderId('final-1');
    clock += 1_001; // past the open-order TTL (1 s), well within the final-order TTL (60 s)
    expect((await t.orderByClientOrderId('open-1')).status).toBe('NEW');
    expect((await t.orderByClientOrderId('final-1')).status).toBe('FILLED');
    expect([reads('open-1'), reads('final-1')]).toEqual([2, 1]);
  });

  it('is invalidated by the mutations that change it', async () => {
    const client = h.client();
    const [admin, referrer] = [h.account('broker_admin'), h.account()];
    const a = client.forAccount(admin);
    const path = { method: 'GET', path: '/v1/referral/admin_info', accountId: admin.accountId };
    const before = await a.referralAdminInfo({ account_id: referrer.accountId });
    await a.referralAdminInfo({ account_id: referrer.accountId });
    expect(h.sandbox.requestCount(path)).toBe(1);
    await a.createReferralCode({
      account_id: referrer.accountId,
      referral_code: 'INVALIDATE1',
      max_rebate_rate: 0.4,
      referrer_rebate_rate: 0.2,
      referee_rebate_rate: 0.2,
    });
    const after = await a.referralAdminInfo({ account_id: referrer.accountId });
    expect(h.sandbox.requestCount(path)).toBe(2);
    expect(before.rows).toHaveLength(0);
    expect(after.rows[0]?.referral_codes.map((c) => c.code)).toEqual(['INVALIDATE1']);

    // A new order is never answered from a "not yet placed" read.
    const t = client.forAccount(referrer);
    await expect(t.orderByClientOrderId('later-1')).rejects.toBeInstanceOf(UpstreamRejectedError);
    await t.createOrder(limitOrder('later-1'));
    expect((await t.orderByClientOrderId('later-1')).status).toBe('NEW');
  });

  it('drops orders, lists, positions and balances on any order mutation, for every client on the Redis', async () => {
    const [reader, writer] = [h.client(), h.client()];
    const trader = h.account();
    const r = reader.forAccount(trader);
    const w = writer.forAccount(trader);
    const placed = await w.createOrder(limitOrder('fresh-1'));
    const reads = async () => ({
      list: await r.listOrders({ status: 'INCOMPLETE' }),
      order: await r.orderById(placed.order_id),
      positions: await r.positions(),
      holdings: await r.holdings({}),
    });
    const calls = () => h.sandbox.requestCount({ method: 'GET', accountId: trader.accountId });
    const before = await reads();
    const cold = calls();
    await reads();
    expect(calls()).toBe(cold); // all four served from Redis
    expect(before.list.meta.total).toBe(1);
    // Another client on the same Redis cancels: the reader's next reads go upstream.
    await w.cancelOrder({ order_id: placed.order_id, symbol: 'PERP_ETH_USDC' });
    const after = await reads();
    expect(calls()).toBe(cold + 4);
    expect(after.list.meta.total).toBe(0);
    expect(after.order.status).toBe('CANCELLED');
    expect(after.holdings).not.toEqual(before.holdings);
  });

  it('coalesces identical concurrent reads, even with the cache off', async () => {
    const client = h.client({ config: { cache: { ...testCache(), enabled: false } } });
    const trader = h.account();
    const t = client.forAccount(trader);
    const results = await Promise.all(Array.from({ length: 8 }, () => t.accountInfo()));
    expect(new Set(results.map((r) => r.account_id))).toEqual(new Set([trader.accountId]));
    expect(h.sandbox.requestCount({ ...INFO, accountId: trader.accountId })).toBe(1);
    // Nonces are single-use: never coalesced.
    const nonces = await Promise.all(Array.from({ length: 3 }, () => t.withdrawNonce()));
    expect(new Set(nonces.map((n) => n.withdraw_nonce)).size).toBe(3);
  });
});

const testCache = () => ({
  enabled: true,
  accountTtlMs: 5_000,
  openOrderTtlMs: 1_000,
  finalOrderTtlMs: 60_000,
  referralTtlMs: 5_000,
});
const noCache = { cache: { ...testCache(), enabled: false } };

describe('upstream budget', () => {
  it('makes at most 10 account-info calls in 60 s, however many reads come', async () => {
    const trader = h.account();
    const cached = h.client();
    for (let i = 0; i < 30; i++) await cached.forAccount(trader).accountInfo();
    expect(h.sandbox.requestCount({ ...INFO, accountId: trader.accountId })).toBe(1);

    const uncached = h.client({ config: noCache });
    const other = h.account();
    const outcomes = [];
    for (let i = 0; i < 30; i++) {
      outcomes.push(
        await uncached
          .forAccount(other)
          .accountInfo()
          .then(
            () => 'ok',
            (error: unknown) => error,
          ),
      );
    }
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    const refused = outcomes.filter((o) => o !== 'ok') as RateLimitedError[];
    expect(refused).toHaveLength(20);
    for (const error of refused) {
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error.source).toBe('budget');
      expect(error.retryAfterMs).toBeGreaterThan(0);
      expect(error.retryAfterMs).toBeLessThanOrEqual(60_000 + WINDOW_MARGIN_MS);
    }
    expect(h.sandbox.requestCount({ ...INFO, accountId: other.accountId })).toBe(10);
    expect(h.sandbox.requestLog.filter((e) => e.status === 429)).toHaveLength(0);
  });

  it('is one budget for two client instances on one Redis', async () => {
    const trader = h.account();
    const [one, two] = [h.client({ config: noCache }), h.client({ config: noCache })];
    for (let i = 0; i < 6; i++) await one.forAccount(trader).accountInfo();
    for (let i = 0; i < 4; i++) await two.forAccount(trader).accountInfo();
    await expect(two.forAccount(trader).accountInfo()).rejects.toMatchObject({
      kind: 'rate_limited',
      source: 'budget',
    });
    await expect(one.forAccount(trader).accountInfo()).rejects.toBeInstanceOf(RateLimitedError);
    expect(h.sandbox.requestCount({ ...INFO, accountId: trader.accountId })).toBe(10);
    expect(two.events.at(-1)).toMatchObject({ outcome: 'rate_limited', attempts: 0 });
  });

  it('waits for budget up to the configured bound', async () => {
    const trader = h.account('broker_admin');
    const client = h.client({ config: { budgetWaitMs: 2_000 } });
    const a = client.forAccount(trader);
    await a.updateOrderTagFeeConfig('WAIT_1', { name: 'first' });
    const started = performance.now();
    await a.updateOrderTagFeeConfig('WAIT_1', { name: 'second' }); // 1 per second: waits ~1 s
    expect(performance.now() - started).toBeGreaterThan(900);
    expect(client.events.map((e) => [e.outcome, e.budgetWaitMs > 900])).toEqual([
      ['ok', false],
      ['ok', true],
    ]);
    // Past the bound: refused at once with the wait it would take.
    const impatient = h.client({ config: { budgetWaitMs: 100 } }).forAccount(trader);
    await expect(
      impatient.updateOrderTagFeeConfig('WAIT_1', { name: 'third' }),
    ).rejects.toMatchObject({ source: 'budget', retryAfterMs: expect.any(Number) });
  });
});

describe('upstream 429 and clock', () => {
  it('honours an upstream 429 for every client on the store, without calling again', async () => {
    const strict = await startHarness({ limits: { scale: 0.5 } }); // sandbox: 5 info per 60 s
    try {
      const trader = strict.account();
      const [one, two] = [strict.client({ config: noCache }), strict.client({ config: noCache })];
      for (let i = 0; i < 5; i++) await one.forAccount(trader).accountInfo();
      const limited = await one
        .forAccount(trader)
        .accountInfo()
        .catch((e: unknown) => e);
      expect(limited).toBeInstanceOf(RateLimitedError);
      expect(limited).toMatchObject({ source: 'upstream' });
      expect((limited as RateLimitedError).retryAfterMs).toBeGreaterThan(50_000);
      await expect(two.forAccount(trader).accountInfo()).rejects.toMatchObject({
        source: 'upstream',
      });
      expect(strict.sandbox.requestCount(INFO)).toBe(6);
    } finally {
      await strict.close();
    }
  });

  it('signs accepted requests with a host clock 10 minutes off, either way', async () => {
    for (const skew of [600_000, -600_000]) {
      const client = h.client({ now: () => Date.now() + skew });
      const trader = h.account();
      const t = client.forAccount(trader);
      h.sandbox.resetRequestLog();
      expect((await t.accountInfo()).account_id).toBe(trader.accountId);
      // The first request taught the offset (401, then re-signed); later ones pass at once.
      expect(h.sandbox.requestLog.map((e) => e.status)).toEqual([401, 200]);
      await t.createOrder(limitOrder());
      await t.withdrawNonce();
      expect(h.sandbox.requestLog.map((e) => e.status)).toEqual([401, 200, 200, 200]);
      expect(Math.abs(client.health().clockOffsetMs + skew)).toBeLessThan(2_000);
    }
  });
});
