// @module-tag redis
/**
 * setPositionTpSl and Position.tpsl through a real gateway (HTTP, Redis) in front of the
 * sandbox: triggers from PnL, offset and percent equal the facts' TP/SL maths (computed here
 * in exact rationals from the position's average open price), the slots at their boundary
 * (the 10th partial take-profit placed, the 11th refused with nothing sent; the 11th partial
 * stop-loss and a second full one refused, by setPositionTpSl and by placeAlgoOrder), and one
 * algo-order read per request for every position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Rational, rational } from '../../helpers/decimal-reference.ts';
import type { TestCaller } from '../server/harness.ts';
import { type AlgoHarness, ETH, startAlgo } from './algo-harness.ts';

let h: AlgoHarness;
beforeAll(async () => {
  h = await startAlgo();
});
afterAll(() => h.close());

const SET = `mutation($input: SetPositionTpSlInput!) {
  setPositionTpSl(input: $input) {
    __typename
    ... on SetPositionTpSlSuccess { algoOrderId takeProfitTriggerPrice stopLossTriggerPrice }
    ... on InputError { field rule message }
    ... on Error { code message }
  }
}`;

const PLACE_ALGO = `mutation($input: PlaceAlgoOrderInput!) {
  placeAlgoOrder(input: $input) {
    __typename
    ... on InputError { code field rule }
    ... on Error { code message }
  }
}`;

const POSITIONS = `{ account { positions { rows {
  symbol quantity averageOpenPrice markPrice
  tpsl {
    full { algoOrderId algoType childOrders { algoType type triggerPrice } }
    partialTakeProfits { algoOrderId quantity }
    partialStopLosses { algoOrderId }
    partialTakeProfitSlotsLeft partialStopLossSlotsLeft
  }
} } } }`;

/** ETH's quote tick is 0.01. */
const DP = 2;

// The facts' maths, independently: base = entry rounded up to DP; triggers cut to DP.
const scale = 10n ** BigInt(DP);
const floorDiv = (n: bigint, d: bigint) => (n >= 0n ? n / d : -((-n + d - 1n) / d));
const roundUp = (r: Rational): Rational => ({ n: -floorDiv(-r.n * scale, r.d), d: scale });
const cut = (r: Rational): number => Number(floorDiv(r.n * scale, r.d)) / Number(scale);
const add = (a: Rational, b: Rational): Rational => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const times = (a: Rational, b: Rational): Rational => ({ n: a.n * b.n, d: a.d * b.d });
const over = (a: Rational, b: Rational): Rational => ({ n: a.n * b.d, d: a.d * b.n });
const dec = (n: number) => rational(String(n));

async function position(caller: TestCaller) {
  const r = await h.gql(caller, POSITIONS);
  return r.data.account.positions.rows.find((p: { symbol: string }) => p.symbol === ETH);
}

/** A long of 3 ETH bought at two prices: an average open price past the quote decimals. */
async function longAtTwoPrices(caller: TestCaller) {
  await h.moveMid(3000);
  await h.open(caller, 1);
  await h.moveMid(3001.37);
  await h.open(caller, 2);
  return position(caller);
}

describe('setPositionTpSl: triggers from PnL, offset and percent', () => {
  it('gives the facts’ prices and sends them as the legs’ triggers', async () => {
    const alice = h.trader();
    const p = await longAtTwoPrices(alice);
    expect(p.quantity).toBe(3);
    const base = roundUp(dec(p.averageOpenPrice));
    // Full position: TP by PnL (base + pnl / qty), SL by offset (base − offset).
    const full = await h.gql(alice, SET, {
      input: { symbol: ETH, takeProfit: { pnl: 151 }, stopLoss: { offset: 47.5 } },
    });
    const expectedTp = cut(add(base, over(dec(151), dec(3))));
    const expectedSl = cut(add(base, dec(-47.5)));
    expect(full.data.setPositionTpSl).toMatchObject({
      __typename: 'SetPositionTpSlSuccess',
      takeProfitTriggerPrice: expectedTp,
      stopLossTriggerPrice: expectedSl,
    });
    // Partial: by percent ((1 ± p) × base), and a stop-loss by a (negative) PnL.
    const partial = await h.gql(alice, SET, {
      input: { symbol: ETH, quantity: 1, takeProfit: { offsetPercent: 5.5 } },
    });
    expect(partial.data.setPositionTpSl.takeProfitTriggerPrice).toBe(cut(times(base, dec(1.055))));
    const byPnl = await h.gql(alice, SET, {
      input: { symbol: ETH, quantity: 0.7, stopLoss: { pnl: -20.3 } },
    });
    expect(byPnl.data.setPositionTpSl.stopLossTriggerPrice).toBe(
      cut(add(base, over(dec(-20.3), dec(0.7)))),
    );
    const percentSl = await h.gql(alice, SET, {
      input: { symbol: ETH, quantity: 0.5, stopLoss: { offsetPercent: 2.25 } },
    });
    expect(percentSl.data.setPositionTpSl.stopLossTriggerPrice).toBe(cut(times(base, dec(0.9775))));
    // What the upstream holds: the full one with CLOSE_POSITION legs at those triggers.
    const { tpsl } = await position(alice);
    expect(tpsl.full).toMatchObject({
      algoOrderId: full.data.setPositionTpSl.algoOrderId,
      algoType: 'POSITIONAL_TP_SL',
      childOrders: [
        { algoType: 'TAKE_PROFIT', type: 'CLOSE_POSITION', triggerPrice: expectedTp },
        { algoType: 'STOP_LOSS', type: 'CLOSE_POSITION', triggerPrice: expectedSl },
      ],
    });
    expect(tpsl.partialTakeProfits).toHaveLength(1);
    expect(tpsl.partialStopLosses).toHaveLength(2);
    expect(tpsl).toMatchObject({ partialTakeProfitSlotsLeft: 9, partialStopLossSlotsLeft: 8 });
  });

  it.each([
    [
      'two ways to give a trigger',
      { takeProfit: { pnl: 10, offset: 5 } },
      'input.takeProfit.triggerPrice',
      'exactlyOne',
    ],
    ['no leg', {}, 'input.takeProfit', 'oneLeg'],
    ['a zero PnL', { takeProfit: { pnl: 0 } }, 'input.takeProfit.pnl', 'nonZero'],
    ['a negative offset', { stopLoss: { offset: -5 } }, 'input.stopLoss.offset', 'positive'],
  ])('refuses %s as an InputError naming field and rule', async (_, legs, field, rule) => {
    const bob = h.trader();
    const r = await h.gql(bob, SET, { input: { symbol: ETH, ...legs } });
    expect(r.errors).toBeUndefined();
    expect(r.data.setPositionTpSl).toMatchObject({ code: 'BAD_USER_INPUT', field, rule });
    expect(h.upstream(bob, 'POST', '/v1/algo/order')).toBe(0);
  });

  it('refuses without a position, beyond it, and on the wrong side of the mark; nothing sent', async () => {
    const carol = h.trader();
    const none = await h.gql(carol, SET, { input: { symbol: ETH, takeProfit: { offset: 10 } } });
    expect(none.data.setPositionTpSl).toMatchObject({ field: 'input.symbol', rule: 'noPosition' });
    await h.moveMid(3000);
    await h.open(carol, 1);
    const cases = [
      [{ quantity: 2, takeProfit: { offset: 10 } }, 'input.quantity', 'notAbovePosition'],
      [{ takeProfit: { triggerPrice: 2500 } }, 'input.takeProfit', 'triggerSide'],
      [{ stopLoss: { pnl: 600 } }, 'input.stopLoss', 'triggerSide'],
    ] as const;
    for (const [input, field, rule] of cases) {
      const r = await h.gql(carol, SET, { input: { symbol: ETH, ...input } });
      expect(r.data.setPositionTpSl).toMatchObject({ __typename: 'InputError', field, rule });
    }
    expect(h.upstream(carol, 'POST', '/v1/algo/order')).toBe(0);
  });
});

describe('slots', () => {
  it('places the 10th partial take-profit and refuses the 11th before sending (tpslSlots)', async () => {
    const dave = h.trader();
    await h.moveMid(3000);
    await h.open(dave, 1);
    for (let i = 1; i <= 10; i++) {
      const r = await h.gql(dave, SET, {
        input: { symbol: ETH, quantity: 0.05, takeProfit: { offset: 100 + i } },
      });
      expect(r.data.setPositionTpSl.__typename, `TP #${i}`).toBe('SetPositionTpSlSuccess');
    }
    const before = await position(dave);
    expect(before.tpsl.partialTakeProfitSlotsLeft).toBe(0);
    expect(before.tpsl.partialStopLossSlotsLeft).toBe(10);
    const eleventh = await h.gql(dave, SET, {
      input: { symbol: ETH, quantity: 0.05, takeProfit: { offset: 111 } },
    });
    expect(eleventh.data.setPositionTpSl).toMatchObject({
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      field: 'input.takeProfit',
      rule: 'tpslSlots',
    });
    expect(h.upstream(dave, 'POST', '/v1/algo/order')).toBe(10);
    // A stop-loss still has its own ten slots.
    const sl = await h.gql(dave, SET, {
      input: { symbol: ETH, quantity: 0.05, stopLoss: { offset: 100 } },
    });
    expect(sl.data.setPositionTpSl.__typename).toBe('SetPositionTpSlSuccess');
  });

  it('refuses a second full-position TP/SL before sending', async () => {
    const erin = h.trader();
    await h.moveMid(3000);
    await h.open(erin, 1);
    const input = { symbol: ETH, stopLoss: { offset: 200 } };
    const first = await h.gql(erin, SET, { input });
    expect(first.data.setPositionTpSl.__typename).toBe('SetPositionTpSlSuccess');
    const second = await h.gql(erin, SET, { input });
    expect(second.data.setPositionTpSl).toMatchObject({
      field: 'input.quantity',
      rule: 'tpslSlots',
    });
    expect(h.upstream(erin, 'POST', '/v1/algo/order')).toBe(1);
  });

  it('a TP/SL with both legs takes a slot of each: the 11th stop-loss is refused, by either mutation', async () => {
    const gina = h.trader();
    await h.moveMid(3000);
    await h.open(gina, 1);
    for (let i = 1; i <= 10; i++) {
      const legs = { takeProfit: { offset: 100 + i }, stopLoss: { offset: 100 + i } };
      const r = await h.gql(gina, SET, { input: { symbol: ETH, quantity: 0.05, ...legs } });
      expect(r.data.setPositionTpSl.__typename, `TP/SL #${i}`).toBe('SetPositionTpSlSuccess');
    }
    const { tpsl } = await position(gina);
    expect(tpsl).toMatchObject({ partialTakeProfitSlotsLeft: 0, partialStopLossSlotsLeft: 0 });
    const eleventh = await h.gql(gina, SET, {
      input: { symbol: ETH, quantity: 0.05, stopLoss: { offset: 150 } },
    });
    expect(eleventh.data.setPositionTpSl).toMatchObject({
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      field: 'input.stopLoss',
      rule: 'tpslSlots',
    });
    // placeAlgoOrder with its margin mode is checked the same way.
    const stopLoss = { algoType: 'STOP_LOSS', side: 'SELL', triggerPrice: 2850 };
    const placed = await h.gql(gina, PLACE_ALGO, {
      input: {
        symbol: ETH,
        algoType: 'TP_SL',
        marginMode: 'CROSS',
        quantity: 0.05,
        childOrders: [stopLoss],
      },
    });
    expect(placed.data.placeAlgoOrder).toMatchObject({
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      field: 'input.childOrders',
      rule: 'tpslSlots',
    });
    // The full-position slot is its own: one is placed, a second by placeAlgoOrder refused.
    const full = await h.gql(gina, SET, { input: { symbol: ETH, stopLoss: { offset: 300 } } });
    expect(full.data.setPositionTpSl.__typename).toBe('SetPositionTpSlSuccess');
    const second = await h.gql(gina, PLACE_ALGO, {
      input: {
        symbol: ETH,
        algoType: 'POSITIONAL_TP_SL',
        marginMode: 'CROSS',
        childOrders: [{ ...stopLoss, type: 'CLOSE_POSITION' }],
      },
    });
    expect(second.data.placeAlgoOrder).toMatchObject({
      field: 'input.algoType',
      rule: 'tpslSlots',
    });
    expect(h.upstream(gina, 'POST', '/v1/algo/order')).toBe(11);
  });

  it('reads the algo orders once per request for every position', async () => {
    const frank = h.trader();
    await h.moveMid(3000);
    await h.open(frank, 1);
    await h.open(frank, 0.01, 'PERP_BTC_USDC');
    const reads = () => h.upstream(frank, 'GET', '/v1/algo/orders');
    const start = reads();
    const r = await h.gql(frank, POSITIONS);
    expect(r.data.account.positions.rows).toHaveLength(2);
    for (const row of r.data.account.positions.rows) expect(row.tpsl.full).toBeNull();
    expect(reads() - start).toBe(1);
  });
});
