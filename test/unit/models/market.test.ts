/** Market rows → gateway shapes: book order and depth, candles from both REST forms. */
import { describe, expect, it } from 'vitest';
import {
  klineEnd,
  klinesFromHistory,
  toMarketRules,
  toOrderBook,
} from '../../../src/models/market.ts';
import { stepFor } from '../../../src/resolvers/market-reads.ts';

describe('toOrderBook', () => {
  const snapshot = Object.freeze({
    asks: Object.freeze([
      { price: 102, quantity: 2 },
      { price: 101, quantity: 1 },
      { price: 103, quantity: 3 },
    ]),
    bids: Object.freeze([
      { price: 98, quantity: 2 },
      { price: 99, quantity: 1 },
      { price: 97, quantity: 3 },
    ]),
    timestamp: 1_700_000_000_000,
  });

  it('sorts asks ascending and bids descending, best first, and keeps `depth` a side', () => {
    // Cached snapshots are frozen: the mapping must sort a copy.
    const book = toOrderBook('PERP_BTC_USDC', snapshot as never, 2);
    expect(book).toEqual({
      symbol: 'PERP_BTC_USDC',
      asks: [
        { price: 101, quantity: 1 },
        { price: 102, quantity: 2 },
      ],
      bids: [
        { price: 99, quantity: 1 },
        { price: 98, quantity: 2 },
      ],
      timestamp: 1_700_000_000_000,
    });
  });
});

describe('candles', () => {
  it('reads TradingView columns newest first, seconds as ms, and ends each candle', () => {
    const tv = {
      s: 'ok' as const,
      t: [1_700_000_040, 1_700_000_100],
      o: [1, 2],
      h: [3, 4],
      l: [0.5, 1.5],
      c: [2, 3],
      v: [10, 20],
      a: [15, 50],
    };
    expect(klinesFromHistory('1m', tv)).toEqual([
      {
        interval: '1m',
        open: 2,
        high: 4,
        low: 1.5,
        close: 3,
        volume: 20,
        amount: 50,
        startTime: 1_700_000_100_000,
        endTime: 1_700_000_160_000,
      },
      {
        interval: '1m',
        open: 1,
        high: 3,
        low: 0.5,
        close: 2,
        volume: 10,
        amount: 15,
        startTime: 1_700_000_040_000,
        endTime: 1_700_000_100_000,
      },
    ]);
    expect(klinesFromHistory('1m', { ...tv, a: [15] })).toHaveLength(1);
    expect(klinesFromHistory('1m', { s: 'no_data' } as never)).toEqual([]);
  });

  it('ends calendar candles on the next month (UTC)', () => {
    const jan31 = Date.UTC(2026, 0, 1);
    expect(klineEnd('1mon', jan31)).toBe(Date.UTC(2026, 1, 1));
    expect(klineEnd('1w', jan31)).toBe(jan31 + 7 * 86_400_000);
    expect(klineEnd('1y', jan31)).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('markets', () => {
  it('caps leverage at 1 / base_imr and passes an absent status as null', () => {
    const info = { symbol: 'PERP_ETH_USDC', base_imr: 0.05 } as never;
    expect(toMarketRules(info)).toMatchObject({ maxLeverage: 20, status: null });
  });

  it('fetches sizes in a few steps so the shared cache keeps few entries', () => {
    expect([1, 20, 21, 100, 500].map((n) => stepFor(n, [20, 100]))).toEqual([
      20, 20, 100, 100, 100,
    ]);
  });
});
