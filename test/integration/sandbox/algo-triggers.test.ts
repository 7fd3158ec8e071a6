/**
 * Triggers over real HTTP: moving the mark (POST /sandbox/markets/{symbol}/mid) fires each
 * algo order once, its order goes through the engine (fills, positions, realized PnL); a
 * full-position TP/SL follows its position and ends with it; bracket legs; trailing stops.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxClient } from '../../helpers/sandbox-client.ts';
import {
  algo,
  ETH,
  fullLong,
  leg,
  moveMark,
  openPosition,
  partialLong,
  positionQty,
  readAlgo,
  stop,
} from './algo.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { fresh } from './lifecycle.ts';

let f: Fixture;
let c: SandboxClient;
beforeEach(async () => {
  f = await startFixture();
  c = fresh(f);
});
afterEach(() => f.sandbox.close());

const ordersOf = (client: SandboxClient) => f.sandbox.orders(client.account.accountId);

describe('STOP', () => {
  it('fires once when the mark crosses, placing its order through the engine', async () => {
    const id = await algo(c, stop('BUY', 3100));
    await moveMark(f, 3050);
    expect((await readAlgo(c, id)).is_triggered).toBe(false);
    expect(ordersOf(c)).toEqual([]);
    await moveMark(f, 3100);
    const fired = await readAlgo(c, id);
    expect(fired).toMatchObject({
      is_triggered: true,
      algo_status: 'FILLED',
      executed_quantity: 0.5,
    });
    expect(fired.trigger_time).toBe(f.clock.now);
    expect(ordersOf(c)).toEqual([expect.objectContaining({ symbol: ETH, status: 'FILLED' })]);
    expect(await positionQty(c)).toBe(0.5);
    // Crossing again places nothing more.
    await moveMark(f, 3000);
    await moveMark(f, 3200);
    expect(ordersOf(c)).toHaveLength(1);
  });

  it('a SELL stop fires when the mark falls to it; a LIMIT stop above the book rests', async () => {
    const id = await algo(c, stop('SELL', 2900, { type: 'LIMIT', price: 2950 }));
    await moveMark(f, 2900);
    const row = await readAlgo(c, id);
    expect(row).toMatchObject({ is_triggered: true, algo_status: 'NEW' });
    const [order] = ordersOf(c);
    expect(order!.status).toBe('NEW');
    const placed = await c.get(`/v1/order/${order!.orderId}`);
    expect(placed.body.data).toMatchObject({ type: 'LIMIT', price: 2950, side: 'SELL' });
  });

  it('a child refused by the engine reads REJECTED, triggerStatus USELESS, and does not retry', async () => {
    const poor = fresh(f, 10);
    const id = await algo(poor, stop('BUY', 3100, { quantity: 10 }));
    await moveMark(f, 3100);
    expect((await readAlgo(poor, id)).algo_status).toBe('REJECTED');
    await moveMark(f, 3000);
    await moveMark(f, 3150);
    expect(ordersOf(poor)).toEqual([]);
  });
});

describe('TP/SL', () => {
  it('a partial TP fires once, cancels its stop-loss leg, and realizes PnL on the closing fill', async () => {
    await openPosition(c, 2);
    const id = await algo(c, partialLong(0.5, 3150, 2850));
    await moveMark(f, 3150);
    const row = await readAlgo(c, id);
    const [tp, sl] = row.child_orders;
    expect(row).toMatchObject({ algo_status: 'FILLED', is_triggered: true });
    expect(tp).toMatchObject({
      algo_type: 'TAKE_PROFIT',
      algo_status: 'FILLED',
      is_triggered: true,
    });
    expect(sl).toMatchObject({
      algo_type: 'STOP_LOSS',
      algo_status: 'CANCELLED',
      is_triggered: false,
    });
    expect(await positionQty(c)).toBe(1.5);
    // The closing order's realized PnL, on its record and on the algo rows.
    const closing = ordersOf(c).at(-1)!;
    const record = (await c.get(`/v1/order/${closing.orderId}`)).body.data;
    expect(record.realized_pnl).toBeGreaterThan(0);
    expect(tp.realized_pnl).toBe(record.realized_pnl);
    expect(row.realized_pnl).toBe(record.realized_pnl);
    await moveMark(f, 2800);
    expect(await positionQty(c)).toBe(1.5);
  });

  it('a full-position TP/SL follows the position size and ends when it closes', async () => {
    await openPosition(c, 1);
    const id = await algo(c, fullLong(3300, 2700));
    expect((await readAlgo(c, id)).quantity).toBe(1);
    await openPosition(c, 0.5);
    const grown = await readAlgo(c, id);
    expect([
      grown.quantity,
      ...grown.child_orders.map((l: { quantity: number }) => l.quantity),
    ]).toEqual([1.5, 1.5, 1.5]);
    await openPosition(c, -0.25);
    expect((await readAlgo(c, id)).quantity).toBe(1.25);
    await openPosition(c, -1.25);
    const ended = await readAlgo(c, id);
    expect(ended.algo_status).toBe('CANCELLED');
    expect(ended.child_orders.map((l: { algo_status: string }) => l.algo_status)).toEqual([
      'CANCELLED',
      'CANCELLED',
    ]);
    await moveMark(f, 2650);
    expect(ordersOf(c)).toHaveLength(4);
  });

  it('a full-position stop-loss closes the whole position, whatever its size at the trigger', async () => {
    await openPosition(c, 1);
    const id = await algo(c, fullLong(3300, 2900));
    await openPosition(c, 0.7);
    await moveMark(f, 2890);
    expect(await positionQty(c)).toBe(0);
    const row = await readAlgo(c, id);
    expect(row.child_orders[1]).toMatchObject({ algo_status: 'FILLED', executed_quantity: 1.7 });
    expect(row.child_orders[0].algo_status).toBe('CANCELLED');
  });
});

describe('BRACKET', () => {
  const bracket = (childType: string, over: Record<string, unknown> = {}) => ({
    symbol: ETH,
    algo_type: 'BRACKET',
    side: 'BUY',
    type: 'LIMIT',
    price: 2950,
    quantity: 1,
    child_orders: [
      {
        symbol: ETH,
        algo_type: childType,
        child_orders: [leg('TAKE_PROFIT', 'SELL', 3100), leg('STOP_LOSS', 'SELL', 2800)],
      },
    ],
    ...over,
  });

  it('its TP/SL waits for the order, then takes the executed quantity and fires', async () => {
    const id = await algo(c, bracket('TP_SL'));
    const placed = await readAlgo(c, id);
    expect(placed.algo_status).toBe('NEW');
    expect(ordersOf(c)).toEqual([expect.objectContaining({ status: 'NEW' })]);
    // The take-profit level is crossed before the order executes: nothing fires.
    await moveMark(f, 3100);
    expect((await readAlgo(c, id)).child_orders[0].is_triggered).toBe(false);
    await moveMark(f, 2940);
    const filled = await readAlgo(c, id);
    expect(filled.algo_status).toBe('FILLED');
    expect(await positionQty(c)).toBe(1);
    const group = filled.child_orders[0];
    expect(group).toMatchObject({ algo_type: 'TP_SL', quantity: 1, is_triggered: false });
    await moveMark(f, 2800);
    const done = await readAlgo(c, id);
    expect(
      done.child_orders[0].child_orders.map((l: { algo_status: string }) => l.algo_status),
    ).toEqual(['CANCELLED', 'FILLED']);
    expect(await positionQty(c)).toBe(0);
  });

  it('an order cancelled before executing ends its TP/SL; a POSITIONAL child replaces the full one', async () => {
    const id = await algo(c, bracket('TP_SL'));
    const cancel = await c.cancel('/v1/algo/order', { order_id: String(id), symbol: ETH });
    expect(cancel.body.data).toEqual({ status: 'CANCEL_SENT' });
    const row = await readAlgo(c, id);
    expect(row.algo_status).toBe('CANCELLED');
    expect(row.child_orders[0].algo_status).toBe('CANCELLED');
    await openPosition(c, 1);
    const full = await algo(c, fullLong(3300, 2700));
    const b = await algo(c, bracket('POSITIONAL_TP_SL', { type: 'MARKET', price: undefined }));
    expect((await readAlgo(c, full)).algo_status).toBe('CANCELLED');
    expect((await readAlgo(c, b)).child_orders[0]).toMatchObject({
      quantity: 2,
      algo_status: 'NEW',
    });
  });
});

describe('TRAILING_STOP', () => {
  it('follows the highest mark and fires at the callback distance below it', async () => {
    await openPosition(c, 1);
    const id = await algo(c, {
      symbol: ETH,
      algo_type: 'TRAILING_STOP',
      side: 'SELL',
      type: 'MARKET',
      quantity: 1,
      reduce_only: true,
      callback_rate: 0.05,
    });
    expect(await readAlgo(c, id)).toMatchObject({ extreme_price: 3000, trigger_price: 2850 });
    await moveMark(f, 3200);
    expect(await readAlgo(c, id)).toMatchObject({ extreme_price: 3200, trigger_price: 3040 });
    await moveMark(f, 3050);
    expect((await readAlgo(c, id)).is_triggered).toBe(false);
    await moveMark(f, 3040);
    expect(await readAlgo(c, id)).toMatchObject({ is_triggered: true, algo_status: 'FILLED' });
    expect(await positionQty(c)).toBe(0);
  });

  it('with an activation price, waits for the mark to reach it (camelCase fields accepted)', async () => {
    const id = await algo(c, {
      symbol: ETH,
      algo_type: 'TRAILING_STOP',
      side: 'BUY',
      quantity: 0.1,
      activatedPrice: 2900,
      callbackValue: 20,
    });
    await moveMark(f, 3100);
    expect(await readAlgo(c, id)).toMatchObject({ extreme_price: null, is_triggered: false });
    await moveMark(f, 2880);
    await moveMark(f, 2899);
    expect(await readAlgo(c, id)).toMatchObject({ extreme_price: 2880, is_triggered: false });
    await moveMark(f, 2900);
    expect((await readAlgo(c, id)).is_triggered).toBe(true);
  });
});
