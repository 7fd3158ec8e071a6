/** The market model's time arithmetic: candle periods, candles from trades and mid moves, the tape. */
import { describe, expect, it } from 'vitest';
import { CandleBook } from '../../../src/sandbox/market/candle-book.ts';
import { CandleSeries } from '../../../src/sandbox/market/candles.ts';
import { nextStart, periodStart } from '../../../src/sandbox/market/intervals.ts';
import { TradeTape } from '../../../src/sandbox/market/trade-tape.ts';

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;

describe('candle periods', () => {
  it('floor onto UTC boundaries: fixed lengths, Monday weeks, calendar months and years', () => {
    const t = at('2024-06-05T13:47:31.250Z'); // a Wednesday
    expect(periodStart('1m', t)).toBe(at('2024-06-05T13:47:00Z'));
    expect(periodStart('15m', t)).toBe(at('2024-06-05T13:45:00Z'));
    expect(periodStart('4h', t)).toBe(at('2024-06-05T12:00:00Z'));
    expect(periodStart('12h', t)).toBe(at('2024-06-05T12:00:00Z'));
    expect(periodStart('1d', t)).toBe(at('2024-06-05T00:00:00Z'));
    expect(periodStart('1w', t)).toBe(at('2024-06-03T00:00:00Z'));
    expect(periodStart('1mon', t)).toBe(at('2024-06-01T00:00:00Z'));
    expect(periodStart('1y', t)).toBe(at('2024-01-01T00:00:00Z'));
    expect(nextStart('1mon', at('2024-01-01T00:00:00Z'))).toBe(at('2024-02-01T00:00:00Z'));
    expect(nextStart('1mon', at('2024-12-01T00:00:00Z'))).toBe(at('2025-01-01T00:00:00Z'));
    expect(nextStart('1w', at('2024-06-03T00:00:00Z'))).toBe(at('2024-06-10T00:00:00Z'));
    expect(periodStart('1w', at('2024-06-03T00:00:00Z'))).toBe(at('2024-06-03T00:00:00Z'));
  });
});

describe('candles', () => {
  const t0 = at('2024-06-01T12:00:00Z');

  it('fold trades into OHLC, volume and amount; mid moves set prices only', () => {
    const s = new CandleSeries('1m', 10, 100, t0);
    s.trade(101, 2, t0 + 1_000);
    s.trade(99, 1, t0 + 2_000);
    s.midMoved(103, t0 + 3_000);
    expect(s.current(t0 + 59_999)).toMatchObject({
      start: t0,
      end: t0 + MIN,
      open: 101,
      high: 103,
      low: 99,
      close: 103,
      volume: 3,
      amount: 301,
      count: 2,
    });
  });

  it('fill idle periods flat at the mid of their time, never before the market existed', () => {
    const s = new CandleSeries('1m', 10, 100, t0);
    s.trade(101, 1, t0 + 1_000);
    s.midMoved(105, t0 + 3 * MIN + 5);
    const bars = s.window(0, t0 + 5 * MIN, 100);
    expect(bars.map((c) => [c.start - t0, c.open, c.close, c.count])).toEqual([
      [0, 101, 101, 1],
      [MIN, 100, 100, 0], // the mid was still 100 (the trade did not move it)
      [2 * MIN, 100, 100, 0],
      [3 * MIN, 105, 105, 0],
      [4 * MIN, 105, 105, 0],
      [5 * MIN, 105, 105, 0],
    ]);
    expect(s.window(0, t0 + 5 * MIN, 2).map((c) => c.start - t0)).toEqual([4 * MIN, 5 * MIN]);
  });

  it('keep the newest `cap` candles; older periods read flat at the oldest kept mid', () => {
    const s = new CandleSeries('1m', 2, 100, t0);
    s.midMoved(101, t0);
    s.midMoved(102, t0 + MIN);
    s.midMoved(103, t0 + 2 * MIN);
    const bars = s.window(0, t0 + 2 * MIN, 10);
    expect(bars.map((c) => c.close)).toEqual([101, 102, 103]);
    expect(bars[0]!.count).toBe(0);
  });

  it('sum the last day of 1-minute candles for the 24 h figures', () => {
    const book = new CandleBook(100, t0);
    expect(book.day(t0, 100)).toEqual({
      open: 100,
      close: 100,
      high: 100,
      low: 100,
      volume: 0,
      amount: 0,
      count: 0,
    });
    book.trade(101, 1, t0 + 1_000);
    book.trade(97, 2, t0 + 2 * MIN);
    expect(book.day(t0 + 3 * MIN, 100)).toMatchObject({ open: 101, close: 97, low: 97, count: 2 });
    book.trade(99, 1, t0 + 25 * 60 * MIN);
    expect(book.day(t0 + 25 * 60 * MIN, 100)).toEqual({
      open: 99,
      close: 99,
      high: 99,
      low: 99,
      volume: 1,
      amount: 99,
      count: 1,
    });
  });
});

describe('the trade tape', () => {
  it('keeps the newest trades, newest first', () => {
    const tape = new TradeTape('PERP_X_USDC', 3);
    for (let i = 1; i <= 5; i++) tape.print(i % 2 ? 'BUY' : 'SELL', 100 + i, 1, i);
    expect(tape.latest(10).map((t) => [t.seq, t.price, t.side])).toEqual([
      [5, 105, 'BUY'],
      [4, 104, 'SELL'],
      [3, 103, 'BUY'],
    ]);
    expect(tape.latest(1)).toHaveLength(1);
  });
});
