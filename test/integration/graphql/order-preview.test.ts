// @module-tag redis
/**
 * Account.maxOrderQuantity and orderPreview through a real gateway (HTTP, Redis) in front of
 * the sandbox: the maximum equals the risk functions fed here from what the same request reads
 * (a funded account holding a long), it is placed, and the open order it leaves uses up the
 * room; a preview lists every broken rule at once and places nothing; and for each bad input
 * placeOrder refuses with the issues the preview reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalCollateral } from '../../../src/risk/collateral.ts';
import { otherInitialMargins } from '../../../src/risk/initial-margin.ts';
import { maxQtyCross } from '../../../src/risk/max-qty.ts';
import type { TestCaller } from '../server/harness.ts';
import { type AlgoHarness, ETH, startAlgo } from './algo-harness.ts';

let h: AlgoHarness;
beforeAll(async () => {
  h = await startAlgo(12);
  await h.moveMid(3_000);
});
afterAll(() => h.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON
type Any = any;

/** A trader of its own holding `balance` USDC. */
function funded(balance: number): TestCaller {
  const c = h.trader();
  h.live.sandbox.registerAccount({
    accountId: c.entry.accountId,
    key: c.key,
    tradingKey: c.tradingKey,
    role: 'trader',
    balance,
  });
  return c;
}

const RISK = `query($symbol: String!) {
  account {
    buy: maxOrderQuantity(symbol: $symbol, side: BUY)
    sell: maxOrderQuantity(symbol: $symbol, side: SELL)
    closeLong: maxOrderQuantity(symbol: $symbol, side: SELL, reduceOnly: true)
    closeShort: maxOrderQuantity(symbol: $symbol, side: BUY, reduceOnly: true)
    feeRate(kind: FUTURES) { takerFeeRate }
    imrFactors { symbol value }
    balances { token holding pendingShort }
    positions { rows {
      symbol marginMode quantity pendingLongQuantity pendingShortQuantity leverage unsettledPnl
    } }
  }
  market(symbol: $symbol) { baseImr baseMax baseTick markPrice }
}`;

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  __typename ... on UpstreamRejectedError { upstreamCode upstreamMessage }
  ... on InputError { issues { field rule } }
} }`;

/** The maximum as the facts' formulas give it, from the figures the query read. */
function expectedMax(data: Any, side: 'BUY' | 'SELL'): number {
  const { account, market } = data;
  const rows = account.positions.rows;
  const usdc = account.balances.find((b: Any) => b.token === 'USDC');
  const tc = totalCollateral({
    usdcHolding: usdc.holding,
    pendingShort: usdc.pendingShort,
    isolatedOrderFrozen: 0,
    positions: rows,
  }).totalCollateral;
  const row = rows.find((r: Any) => r.symbol === ETH && r.marginMode === 'CROSS');
  const imrFactor = account.imrFactors.find((f: Any) => f.symbol === ETH).value;
  const rules = { [ETH]: { baseImr: market.baseImr, imrFactor } };
  const raw = maxQtyCross({
    side,
    quantity: row.quantity,
    pendingLongQuantity: row.pendingLongQuantity,
    pendingShortQuantity: row.pendingShortQuantity,
    otherInitialMargins: otherInitialMargins({ positions: rows, markPrices: {}, rules }, ETH),
    totalCollateral: tc,
    markPrice: market.markPrice,
    leverage: row.leverage,
    baseImr: market.baseImr,
    imrFactor,
    baseMax: market.baseMax,
    // The account's rate is a fraction (0.0005); the formula takes basis points.
    takerFeeBps: account.feeRate.takerFeeRate * 10_000,
  });
  // Down to the base tick (ETH: base_min = base_tick = 0.0001).
  return Number((Math.floor(raw / market.baseTick) * market.baseTick).toFixed(4));
}

describe('Account.maxOrderQuantity', () => {
  it('equals the risk formulas for a funded account with a long; placing it leaves no room', async () => {
    const alice = funded(10_000);
    await h.open(alice, 1);
    const r = await h.gql(alice, RISK, { symbol: ETH });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const { account } = r.data;
    expect(account.buy).toBe(expectedMax(r.data, 'BUY'));
    expect(account.sell).toBe(expectedMax(r.data, 'SELL'));
    // 10 000 USDC at leverage 20 buys about 66 ETH at 3000; the long of 1 counts against it.
    expect(account.buy).toBeGreaterThan(60);
    expect(account.buy).toBeLessThan(67);
    expect([account.closeLong, account.closeShort]).toEqual([1, 0]);

    const order = { symbol: ETH, orderType: 'LIMIT', side: 'BUY', orderPrice: 2_990 };
    const placed = await h.gql(alice, PLACE, { input: { ...order, orderQuantity: account.buy } });
    expect(placed.data.placeOrder.__typename, JSON.stringify(placed)).toBe('PlaceOrderSuccess');
    // The open buy is counted (pending_long_qty): what was left is below one tick.
    const after = await h.gql(alice, RISK, { symbol: ETH });
    expect(after.data.account.buy).toBe(0);
    expect(after.data.account.closeLong).toBe(1);
    // The sandbox's own margin check agrees there is no room for that much again.
    const again = await h.gql(alice, PLACE, { input: { ...order, orderQuantity: account.buy } });
    expect(again.data.placeOrder).toMatchObject({
      __typename: 'UpstreamRejectedError',
      upstreamCode: -1101,
    });
  });

  it('refuses an unknown symbol as BAD_USER_INPUT', async () => {
    const bob = funded(10_000);
    const r = await h.gql(bob, RISK, { symbol: 'PERP_NOPE_USDC' });
    expect(r.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'symbol',
      rule: 'unknownSymbol',
    });
  });
});

const PREVIEW = `query($input: PlaceOrderInput!) { orderPreview(input: $input) {
  issues { field rule message } maxQuantity notional estimatedFee initialMargin estLiquidationPrice
} }`;

const ORDER_WRITES = /^\/v1\/(order|batch-order)$/;
const writes = (c: TestCaller) => h.upstream(c, 'POST', ORDER_WRITES);

const issuesOf = (preview: Any) => preview.issues.map((i: Any) => `${i.field} ${i.rule}`);

describe('orderPreview', () => {
  it('lists every broken rule at once, with the figures, and places nothing', async () => {
    const carol = funded(10_000);
    const input = {
      symbol: ETH,
      orderType: 'LIMIT',
      side: 'BUY',
      clientOrderId: '-bad',
      slippage: 2,
      orderPrice: 3_100.005,
      orderQuantity: 100,
    };
    const r = await h.gql(carol, PREVIEW, { input });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const preview = r.data.orderPreview;
    expect(issuesOf(preview)).toEqual([
      'input.clientOrderId noLeadingHyphen',
      'input.slippage max',
      'input.orderPrice tick',
      'input.orderPrice priceRange',
      'input.orderQuantity maxQuantity',
    ]);
    const notional = 100 * 3_100.005;
    expect(preview.notional).toBeCloseTo(notional, 6);
    // A BUY above the mark takes: the taker rate (0.0005).
    expect(preview.estimatedFee).toBeCloseTo(notional * 0.0005, 6);
    // No position: the order's margin at leverage 20 (the size term is smaller here).
    expect(preview.initialMargin).toBeCloseTo(100 * 3_000 * 0.05, 6);
    expect(preview.maxQuantity).toBeGreaterThan(60);
    expect(preview.maxQuantity).toBeLessThan(100);
    expect(preview.estLiquidationPrice).toBeGreaterThan(0);
    expect(writes(carol)).toBe(0);
    expect(h.live.sandbox.orders(carol.entry.accountId)).toEqual([]);
  });

  /** placeOrder's InputError issues (or its success) next to the preview's, one input. */
  async function both(caller: TestCaller, input: Record<string, unknown>) {
    const preview = await h.gql(caller, PREVIEW, { input });
    expect(preview.errors, JSON.stringify(preview.errors)).toBeUndefined();
    expect(writes(caller)).toBe(0);
    const placed = await h.gql(caller, PLACE, { input });
    expect(placed.errors, JSON.stringify(placed.errors)).toBeUndefined();
    const member = placed.data.placeOrder;
    return {
      preview: issuesOf(preview.data.orderPreview),
      placeOrder:
        member.__typename === 'InputError'
          ? member.issues.map((i: Any) => `${i.field} ${i.rule}`)
          : member.__typename,
    };
  }

  const limit = { symbol: ETH, orderType: 'LIMIT', side: 'BUY', orderPrice: 2_900 };
  const refused: [string, Record<string, unknown>][] = [
    ['field rules', { ...limit, orderQuantity: 0.01, slippage: 2, orderTag: 'x'.repeat(40) }],
    ['a rule between fields', { ...limit, orderPrice: undefined, orderQuantity: 0.01 }],
    ['symbol rules', { ...limit, orderPrice: 2_900.005, orderQuantity: 0.00005 }],
    ['the price range', { ...limit, orderPrice: 3_100, orderQuantity: 0.01 }],
    ['an unknown symbol', { ...limit, symbol: 'PERP_NOPE_USDC', orderQuantity: 0.01 }],
  ];
  it.each(refused)('agrees with placeOrder on %s, placeOrder sending nothing', async (_, input) => {
    const dave = funded(10_000);
    const verdict = await both(dave, input);
    expect(verdict.preview.length).toBeGreaterThan(0);
    expect(verdict.preview).toEqual(verdict.placeOrder);
    expect(writes(dave)).toBe(0);
  });

  it('reports the symbol rules placeOrder never reaches after a broken field rule', async () => {
    const erin = funded(10_000);
    const input = { ...limit, clientOrderId: '-x', orderPrice: 2_900.005, orderQuantity: 0.01 };
    const verdict = await both(erin, input);
    expect(verdict.placeOrder).toEqual(['input.clientOrderId noLeadingHyphen']);
    expect(verdict.preview).toEqual([
      'input.clientOrderId noLeadingHyphen',
      'input.orderPrice tick',
    ]);
    expect(writes(erin)).toBe(0);
  });

  it('has no issues where placeOrder places the order', async () => {
    const frank = funded(10_000);
    const verdict = await both(frank, { ...limit, orderQuantity: 0.01 });
    expect(verdict).toEqual({ preview: [], placeOrder: 'PlaceOrderSuccess' });
    expect(writes(frank)).toBe(1);
  });
});
