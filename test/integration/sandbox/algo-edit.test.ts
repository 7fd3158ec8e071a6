/**
 * PUT /v1/algo/order over real HTTP: prices, quantities and legs' switches of untriggered
 * algo orders; REPLACED then NEW in the algo events; every refusal changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlgoChanged } from '../../../src/sandbox/events.ts';
import {
  algo,
  ETH,
  editAlgo,
  fullLong,
  moveMark,
  openPosition,
  partialLong,
  readAlgo,
  stop,
} from './algo.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { fresh } from './lifecycle.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

const legIds = async (c: Parameters<typeof readAlgo>[0], id: number): Promise<number[]> =>
  (await readAlgo(c, id)).child_orders.map((l: { algo_order_id: number }) => l.algo_order_id);

describe('PUT /v1/algo/order', () => {
  it("changes a STOP's trigger and quantity: EDIT_SENT, REPLACED then NEW", async () => {
    const c = fresh(f);
    const id = await algo(c, stop('BUY', 3100));
    const seen: AlgoChanged[] = [];
    const off = f.sandbox.events.on('algo', (e) => seen.push(e));
    try {
      const r = await editAlgo(c, { order_id: String(id), trigger_price: 3150, quantity: 0.7 });
      expect(r.status, r.text).toBe(200);
      expect(r.body.data).toEqual({ status: 'EDIT_SENT' });
    } finally {
      off();
    }
    expect(
      seen.map((e) => [e.report[0]!.status, e.report[0]!.triggerPrice, e.report[0]!.quantity]),
    ).toEqual([
      ['REPLACED', 3150, 0.7],
      ['NEW', 3150, 0.7],
    ]);
    expect(await readAlgo(c, id)).toMatchObject({
      algo_status: 'NEW',
      trigger_price: 3150,
      quantity: 0.7,
    });
  });

  it("re-prices one leg alone; a TP_SL's quantity changes on every leg at once", async () => {
    const c = fresh(f);
    await openPosition(c, 1);
    const id = await algo(c, partialLong(0.5, 3200, 2800));
    const [tp, sl] = await legIds(c, id);
    const leg = await editAlgo(c, {
      order_id: id,
      child_orders: [{ order_id: sl, trigger_price: 2750 }],
    });
    expect(leg.status, leg.text).toBe(200);
    const one = await editAlgo(c, {
      order_id: id,
      child_orders: [{ order_id: tp, quantity: 0.3 }],
    });
    expect(one.body).toMatchObject({
      code: -1005,
      message: 'child_orders: a quantity change gives every leg the same quantity',
    });
    const both = await editAlgo(c, {
      order_id: id,
      child_orders: [
        { order_id: tp, quantity: 0.3 },
        { order_id: sl, quantity: 0.3 },
      ],
    });
    expect(both.status, both.text).toBe(200);
    const row = await readAlgo(c, id);
    expect([row.quantity, row.child_orders[0].quantity, row.child_orders[1].quantity]).toEqual([
      0.3, 0.3, 0.3,
    ]);
    expect(row.child_orders[1].trigger_price).toBe(2750);
    const tooMuch = await editAlgo(c, {
      order_id: id,
      quantity: 2,
      child_orders: [
        { order_id: tp, quantity: 2 },
        { order_id: sl, quantity: 2 },
      ],
    });
    expect(tooMuch.body.message).toBe('quantity: must not exceed the position size 1');
    const crossed = await editAlgo(c, {
      order_id: id,
      child_orders: [{ order_id: tp, trigger_price: 2990 }],
    });
    expect(crossed.body.message).toMatch(
      /^child_orders\[0\]\.trigger_price: a take-profit that sells must trigger above the mark price 3000/,
    );
    expect((await readAlgo(c, id)).child_orders[0].trigger_price).toBe(3200);
  });

  it('switches a leg off and on; never both off', async () => {
    const c = fresh(f);
    await openPosition(c, 1);
    const id = await algo(c, partialLong(0.5, 3200, 2800));
    const [tp, sl] = await legIds(c, id);
    expect(
      (await editAlgo(c, { order_id: id, child_orders: [{ order_id: tp, is_activated: false }] }))
        .status,
    ).toBe(200);
    expect((await readAlgo(c, id)).child_orders[0]).toMatchObject({
      is_activated: false,
      algo_status: 'NEW',
    });
    const none = await editAlgo(c, {
      order_id: id,
      child_orders: [{ order_id: sl, is_activated: false }],
    });
    expect(none.body.message).toBe(
      'child_orders: every leg would be off: cancel with DELETE /v1/algo/order',
    );
    expect(
      (await editAlgo(c, { order_id: id, child_orders: [{ order_id: tp, is_activated: true }] }))
        .status,
    ).toBe(200);
    expect((await readAlgo(c, id)).child_orders[0].is_activated).toBe(true);
  });

  it('refuses what cannot change: unknown, final, triggered, a full TP/SL quantity, unsigned legs', async () => {
    const c = fresh(f);
    await openPosition(c, 1);
    const unknown = await editAlgo(c, { order_id: 999_999, trigger_price: 3100 });
    expect([unknown.status, unknown.body.code]).toEqual([400, -1006]);
    const full = await algo(c, fullLong(3300, 2700));
    const [tp] = await legIds(c, full);
    const q = await editAlgo(c, {
      order_id: full,
      child_orders: [{ order_id: tp, quantity: 0.5 }],
    });
    expect(q.body.message).toBe(
      'child_orders[0].quantity: a POSITIONAL_TP_SL follows its position',
    );
    const nothing = await editAlgo(c, { order_id: full });
    expect(nothing.body.message).toMatch(/^order_id: nothing to change/);
    const unsigned = await c.put('/v1/algo/order', {
      ...c.signed({ order_id: full }),
      child_orders: [{ order_id: tp, trigger_price: 3400 }],
    });
    expect([unsigned.status, unsigned.body.message]).toEqual([
      401,
      'child_orders[0].signature: the order signature is required',
    ]);
    const fired = await algo(c, stop('SELL', 2950, { type: 'LIMIT', price: 2990 }));
    await moveMark(f, 2950);
    const triggered = await editAlgo(c, { order_id: fired, trigger_price: 2900 });
    expect(triggered.body.message).toMatch(
      /has triggered: edit the order it placed with PUT \/v1\/order/,
    );
    await moveMark(f, 3000);
    const cancelled = await algo(c, stop('BUY', 3100));
    await c.cancel('/v1/algo/order', { order_id: String(cancelled), symbol: ETH });
    const final = await editAlgo(c, { order_id: cancelled, trigger_price: 3200 });
    expect([final.body.code, final.body.message]).toEqual([
      -1006,
      `order_id: algo order ${cancelled} is already CANCELLED`,
    ]);
  });
});
