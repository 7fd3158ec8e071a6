/** What subscribers last saw of each order: resync deduplication and overtaken pushes. */
import { describe, expect, it } from 'vitest';
import type { OrderUpdateModel } from '../../../src/upstream/stream/index.ts';
import { OrderLedger } from '../../../src/upstream/stream/order-ledger.ts';

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

describe('OrderLedger', () => {
  it('reports an order changed unless subscribers saw the same status, quantities and price', () => {
    const ledger = new OrderLedger();
    expect(ledger.changed(update({}))).toBe(true);
    ledger.record(update({}), false);
    // A later timestamp alone (a re-read of the same state) is no change.
    expect(ledger.changed(update({ timestamp: 2_000, source: 'resync' }))).toBe(false);
    expect(ledger.changed(update({ price: 2901 }))).toBe(true);
    expect(ledger.changed(update({ quantity: 4 }))).toBe(true);
    expect(ledger.changed(update({ executedQuantity: 1, status: 'PARTIAL_FILLED' }))).toBe(true);
    expect(ledger.changed(update({ status: 'CANCELLED' }))).toBe(true);
  });

  it('drops pushes that a resync overtook, and only those', () => {
    const ledger = new OrderLedger();
    ledger.record(
      update({ status: 'PARTIAL_FILLED', executedQuantity: 2, timestamp: 2_000 }),
      true,
    );
    // Queued behind the read: older, or the same millisecond with less filled, or the same state.
    expect(ledger.overtaken(update({ timestamp: 1_500 }))).toBe(true);
    expect(
      ledger.overtaken(update({ status: 'PARTIAL_FILLED', executedQuantity: 1, timestamp: 2_000 })),
    ).toBe(true);
    expect(
      ledger.overtaken(update({ status: 'PARTIAL_FILLED', executedQuantity: 2, timestamp: 2_000 })),
    ).toBe(true);
    // Newer than the read: delivered.
    expect(
      ledger.overtaken(update({ status: 'FILLED', executedQuantity: 3, timestamp: 2_000 })),
    ).toBe(false);
    expect(
      ledger.overtaken(update({ status: 'CANCELLED', executedQuantity: 2, timestamp: 2_001 })),
    ).toBe(false);
    // A final state found by a resync never changes again: every later push of it is a repeat.
    ledger.record(
      update({ orderId: 2, status: 'FILLED', executedQuantity: 3, timestamp: 5_000 }),
      true,
    );
    expect(
      ledger.overtaken(
        update({ orderId: 2, status: 'FILLED', executedQuantity: 3, timestamp: 5_000 }),
      ),
    ).toBe(true);
    // Pushed states are never judged against each other.
    ledger.record(update({ orderId: 3, timestamp: 9_000 }), false);
    expect(ledger.overtaken(update({ orderId: 3, timestamp: 8_000 }))).toBe(false);
  });

  it('forgets the least recently changed orders past its bound', () => {
    const ledger = new OrderLedger(2);
    ledger.record(update({ orderId: 1 }), false);
    ledger.record(update({ orderId: 2 }), false);
    ledger.record(update({ orderId: 1, status: 'CANCELLED' }), false);
    ledger.record(update({ orderId: 3 }), false);
    expect(ledger.size).toBe(2);
    expect(ledger.changed(update({ orderId: 2 }))).toBe(true);
    expect(ledger.changed(update({ orderId: 1, status: 'CANCELLED' }))).toBe(false);
  });
});
