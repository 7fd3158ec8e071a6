/** Cursors of the account event log (their form, order, time) and event identities. */
import { describe, expect, it } from 'vitest';
import type { AccountStreamEvent } from '../../../src/upstream/stream/index.ts';
import {
  compareCursors,
  cursorTime,
  isAfter,
  isCursor,
  unloggedCursor,
} from '../../../src/upstream/stream/log/cursor.ts';
import { eventIdentity } from '../../../src/upstream/stream/log/identity.ts';

describe('cursors', () => {
  it('are log entry ids or unlogged marks, nothing else', () => {
    for (const ok of ['1700000000000-0', '1-15', unloggedCursor(1_700_000_000_123.7)]) {
      expect(isCursor(ok)).toBe(true);
    }
    for (const bad of ['', '1700000000000', '-1-0', '1-0-0', 'u', 'ux', '1-0\nid: 2-0', 'u-1']) {
      expect(isCursor(bad)).toBe(false);
    }
    expect(unloggedCursor(1_700_000_000_123.7)).toBe('u1700000000123');
  });

  it('order by time, then sequence, as numbers', () => {
    expect(compareCursors('9-0', '10-0')).toBeLessThan(0);
    expect(compareCursors('10-2', '10-10')).toBeLessThan(0);
    expect(compareCursors('10-1', '10-1')).toBe(0);
    expect(isAfter('10-2', '10-1')).toBe(true);
    expect(isAfter('10-1', '10-1')).toBe(false);
    // An unlogged event is always new; after an unlogged mark everything is.
    expect(isAfter('u5', '10-1')).toBe(true);
    expect(isAfter('3-0', 'u5')).toBe(true);
    expect(cursorTime('1700000000000-3')).toBe(1_700_000_000_000);
    expect(cursorTime('u42')).toBe(42);
  });
});

describe('event identities', () => {
  const order = (over: Record<string, unknown> = {}): AccountStreamEvent =>
    ({
      type: 'order',
      order: {
        orderId: 7,
        clientOrderId: 'c7',
        symbol: 'PERP_ETH_USDC',
        side: 'BUY',
        type: 'LIMIT',
        status: 'NEW',
        price: 2900,
        quantity: 1,
        executedQuantity: 0,
        avgPrice: null,
        reason: null,
        timestamp: 1_700_000_000_000,
        marginMode: 'CROSS',
        reduceOnly: false,
        fill: null,
        source: 'stream',
        ...over,
      },
    }) as AccountStreamEvent;

  it('name an order state, whichever path found it (push or resync)', () => {
    expect(eventIdentity(order({ source: 'resync', fill: null, cursor: 'x' }))).toBe(
      eventIdentity(order()),
    );
    for (const change of [
      { status: 'CANCELLED' },
      { executedQuantity: 0.5 },
      { price: 2901 },
      { quantity: 2 },
      { timestamp: 1_700_000_000_001 },
    ]) {
      expect(eventIdentity(order(change))).not.toBe(eventIdentity(order()));
    }
  });

  it('digest other events by content, and never log a failed stream', () => {
    const balances = (holding: number): AccountStreamEvent => ({
      type: 'balances',
      balances: [
        { token: 'USDC', holding, frozen: 0, free: holding, pendingShort: 0, updatedAt: 1 },
      ],
    });
    expect(eventIdentity(balances(1))).toBe(eventIdentity(balances(1)));
    expect(eventIdentity(balances(1))).not.toBe(eventIdentity(balances(2)));
    expect(eventIdentity({ type: 'failed', reason: 'auth failed' })).toBeUndefined();
  });
});
