/**
 * The pure parts of `waitFor`: when a wait is over and what it answers (order-outcome.ts),
 * the watch that keeps a mutation's stream events (bounded, woken by each event), and the
 * bound on waits per account and per replica.
 */
import { describe, expect, it } from 'vitest';
import { AccountWatch } from '../../../src/live/account-watch.ts';
import { OrderWaits, WaitRefusedError } from '../../../src/live/order-waits.ts';
import { outcomeOf, seeded, trailOf } from '../../../src/resolvers/order-outcome.ts';
import type { OrderUpdateModel, PositionModel } from '../../../src/upstream/stream/index.ts';

const update = (over: Partial<OrderUpdateModel>): OrderUpdateModel => ({
  orderId: 1,
  clientOrderId: 'c1',
  symbol: 'PERP_ETH_USDC',
  side: 'BUY',
  type: 'LIMIT',
  status: 'NEW',
  price: 2900,
  quantity: 3,
  executedQuantity: 0,
  avgPrice: null,
  reason: null,
  timestamp: 1_000,
  marginMode: 'CROSS',
  reduceOnly: false,
  fill: null,
  source: 'stream',
  ...over,
});
const states = (...statuses: OrderUpdateModel['status'][]) =>
  statuses.map((status, i) => update({ status, timestamp: 1_000 + i }));

describe('outcomeOf', () => {
  it('is the latest state once it reaches the target or is final, else nothing yet', () => {
    expect(outcomeOf([], 'FINAL')).toBeUndefined();
    expect(outcomeOf(states('NEW', 'PARTIAL_FILLED'), 'FILLED')).toBeUndefined();
    expect(outcomeOf(states('NEW', 'FILLED'), 'FILLED')?.status).toBe('FILLED');
    expect(outcomeOf(states('NEW', 'FILLED'), 'ACCEPTED')?.status).toBe('FILLED');
    expect(outcomeOf(states('PENDING_NEW'), 'ACCEPTED')).toBeUndefined();
    expect(outcomeOf(states('NEW', 'CANCELLED'), 'CANCELLED')?.status).toBe('CANCELLED');
  });

  it('ends at a final state that rules the target out; the status says which', () => {
    expect(outcomeOf(states('NEW', 'CANCELLED'), 'FILLED')?.status).toBe('CANCELLED');
    expect(outcomeOf(states('REJECTED'), 'ACCEPTED')?.status).toBe('REJECTED');
    expect(outcomeOf(states('NEW', 'FILLED'), 'CANCELLED')?.status).toBe('FILLED');
  });

  it('answers an edit’s REPLACED although the order carries on as NEW', () => {
    const trail = [update({ status: 'REPLACED', price: 2950 }), update({ price: 2950 })];
    expect(outcomeOf(trail, 'REPLACED')).toBe(trail[0]);
  });
});

describe('trailOf and seeded', () => {
  it('follows an order by exchange id or client order id, oldest first', () => {
    const events = [
      update({ orderId: 1 }),
      update({ orderId: 2, clientOrderId: 'c2' }),
      update({ orderId: 1, status: 'FILLED' }),
    ];
    expect(trailOf(events, { orderId: 1 }).map((e) => e.status)).toEqual(['NEW', 'FILLED']);
    expect(trailOf(events, { clientOrderId: 'c2' })).toEqual([events[1]]);
    expect(trailOf(events, { orderId: null, clientOrderId: null })).toEqual([]);
  });

  it('keeps after a REST read only the stream states not older than it', () => {
    const seed = update({ status: 'PARTIAL_FILLED', executedQuantity: 1, timestamp: 2_000 });
    const older = update({ timestamp: 1_500 });
    const sameMsLess = update({ executedQuantity: 0, timestamp: 2_000 });
    const newer = update({ status: 'FILLED', executedQuantity: 3, timestamp: 2_001 });
    expect(seeded(seed, [older, sameMsLess, newer])).toEqual([seed, newer]);
    const final = update({ status: 'CANCELLED', timestamp: 2_000 });
    expect(seeded(final, [newer])).toEqual([final]);
  });
});

describe('AccountWatch', () => {
  it('wakes a wait with each event and answers the first value its check gives', async () => {
    const watch = new AccountWatch();
    const waiting = watch.until(
      () => outcomeOf(trailOf(watch.orders, { orderId: 1 }), 'FILLED'),
      performance.now() + 5_000,
    );
    watch.accountEvent({ type: 'order', order: update({}) });
    watch.accountEvent({ type: 'order', order: update({ orderId: 9, status: 'FILLED' }) });
    watch.accountEvent({ type: 'order', order: update({ status: 'FILLED', executedQuantity: 3 }) });
    expect(await waiting).toMatchObject({ orderId: 1, status: 'FILLED' });
  });

  it('answers undefined at its end, or at once when the stream gave up', async () => {
    const watch = new AccountWatch();
    expect(await watch.until(() => undefined, performance.now() - 1)).toBeUndefined();
    const waiting = watch.until(() => undefined, performance.now() + 60_000);
    watch.accountEvent({ type: 'failed', reason: 'auth failed' });
    expect(await waiting).toBeUndefined();
  });

  it('keeps at most its bound of events, the newest, and the latest position per mode', () => {
    const watch = new AccountWatch(3);
    for (let i = 1; i <= 5; i++)
      watch.accountEvent({ type: 'order', order: update({ orderId: i }) });
    expect(watch.orders.map((o) => o.orderId)).toEqual([3, 4, 5]);
    const position = (marginMode: 'CROSS' | 'ISOLATED', quantity: number) =>
      ({ symbol: 'PERP_ETH_USDC', marginMode, quantity }) as PositionModel;
    watch.accountEvent({ type: 'positions', positions: [position('CROSS', 1)] });
    watch.accountEvent({
      type: 'positions',
      positions: [position('CROSS', 0), position('ISOLATED', -2)],
    });
    expect(watch.positions.get('PERP_ETH_USDC|CROSS')?.quantity).toBe(0);
    expect(watch.positions.get('PERP_ETH_USDC|ISOLATED')?.quantity).toBe(-2);
  });
});

describe('OrderWaits', () => {
  it('refuses one wait past the account’s bound or the replica’s, and frees places on release', () => {
    const waits = new OrderWaits({ maxPerAccount: 2, max: 3 });
    const a1 = waits.enter('a');
    waits.enter('a');
    expect(() => waits.enter('a')).toThrow(WaitRefusedError);
    waits.enter('b');
    const refused = (() => {
      try {
        waits.enter('c');
      } catch (error) {
        return error as WaitRefusedError;
      }
    })();
    expect(refused).toMatchObject({ scope: 'process', limit: 3 });
    a1();
    a1(); // idempotent: frees one place only
    expect(waits.active).toBe(2);
    expect(() => waits.enter('a')).not.toThrow();
    expect(() => waits.enter('a')).toThrow(/at most 2 mutations of one account/);
  });
});
