/** Public market pushes onto the local book's inputs and the market models; mapped once per push. */
import { describe, expect, it } from 'vitest';
import { mapOnce } from '../../../src/resolvers/live-feed.ts';
import {
  bboFromStream,
  bookSnapshotFromAnswer,
  bookUpdateFromStream,
  klineFromStream,
  klineTopicInterval,
  markPricesFromStream,
  tradeFromStream,
} from '../../../src/upstream/stream/map-market.ts';

describe('market stream mapping', () => {
  it('reads a book update with the push ts; numeric strings too', () => {
    const data = { symbol: 'PERP_ETH_USDC', prevTs: 10, asks: [[3001, 1]], bids: [['2999', '0']] };
    expect(bookUpdateFromStream(data, 20)).toEqual({
      prevTs: 10,
      ts: 20,
      asks: [[3001, 1]],
      bids: [[2999, 0]],
    });
  });

  it('drops a malformed update or snapshot whole (the book then breaks and resyncs)', () => {
    expect(bookUpdateFromStream({ prevTs: 1, asks: [[1]], bids: [] }, 2)).toBeUndefined();
    expect(bookUpdateFromStream({ prevTs: 1, asks: 'x', bids: [] }, 2)).toBeUndefined();
    expect(bookUpdateFromStream({ asks: [], bids: [] }, 2)).toBeUndefined();
    expect(bookSnapshotFromAnswer({ asks: [], bids: [] })).toBeUndefined();
    expect(bookSnapshotFromAnswer({ ts: 5, asks: [[1, 2]], bids: [] })).toEqual({
      ts: 5,
      asks: [[1, 2]],
      bids: [],
    });
  });

  it('reads trades, bbo, mark prices and candles', () => {
    expect(tradeFromStream({ symbol: 'S', price: 10, size: 2, side: 'SELL' }, 7)).toEqual({
      symbol: 'S',
      side: 'SELL',
      price: 10,
      quantity: 2,
      timestamp: 7,
    });
    expect(tradeFromStream({ symbol: 'S', price: 10, size: 2, side: 'UP' }, 7)).toBeUndefined();
    expect(bboFromStream({ symbol: 'S', bid: 9, bidSize: 1, ask: 11, askSize: 2 }, 3)).toEqual({
      symbol: 'S',
      bidPrice: 9,
      bidQuantity: 1,
      askPrice: 11,
      askQuantity: 2,
      timestamp: 3,
    });
    expect(markPricesFromStream([{ symbol: 'S', price: 1 }, { symbol: 'T' }])).toEqual([
      { symbol: 'S', price: 1 },
    ]);
    expect(markPricesFromStream([])).toBeUndefined();
    const candle = {
      open: 1,
      close: 2,
      high: 3,
      low: 0.5,
      volume: 4,
      amount: 5,
      startTime: 0,
      endTime: 60_000,
    };
    expect(klineFromStream({ symbol: 'S', type: '1m', ...candle }, '1m')).toEqual({
      interval: '1m',
      ...candle,
    });
    expect(klineFromStream({ symbol: 'S', open: 1 }, '1m')).toBeUndefined();
    // The enum's value is the REST type; the topic names a month `1M`.
    expect(klineFromStream({ symbol: 'S', type: '1M', ...candle }, '1mon')?.interval).toBe('1mon');
    expect([klineTopicInterval('1mon'), klineTopicInterval('1h')]).toEqual(['1M', '1h']);
  });

  it('maps each push once for all its subscribers, a dropped one included', () => {
    let calls = 0;
    const map = mapOnce((data: unknown) => {
      calls++;
      return (data as { v?: number }).v;
    });
    const push = { v: 1 };
    expect(map(push, 0)).toBe(1);
    expect(map(push, 0)).toBe(1);
    const dropped = {};
    expect(map(dropped, 0)).toBeUndefined();
    expect(map(dropped, 0)).toBeUndefined();
    expect(calls).toBe(2);
  });
});
