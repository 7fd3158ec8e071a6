/**
 * LiveMarks: follows `markprices` from the first use to `idleMs` after the last, serves only
 * fresh marks, tells watchers what moved, forgets everything when the connection drops.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveMarks, type MarksPort } from '../../../src/upstream/stream/live-marks.ts';

function setup() {
  let now = 1_000;
  const topics: string[] = [];
  const port: MarksPort = {
    listen: (topic) => void topics.push(`+${topic}`),
    unlisten: (topic) => void topics.push(`-${topic}`),
  };
  const marks = new LiveMarks(port, { now: () => now, maxAgeMs: 5_000, idleMs: 60_000 });
  const push = (rows: { symbol: string; price: number }[]) => marks.publicData(rows);
  return { marks, topics, push, tick: (ms: number) => (now += ms) };
}

afterEach(() => vi.useRealTimers());

describe('LiveMarks', () => {
  it('starts following on the first read and serves only fresh marks', () => {
    const { marks, topics, push, tick } = setup();
    expect(marks.mark('PERP_ETH_USDC')).toBeUndefined();
    expect(topics).toEqual(['+markprices']);
    push([{ symbol: 'PERP_ETH_USDC', price: 3_000 }]);
    expect(marks.mark('PERP_ETH_USDC')).toBe(3_000);
    tick(5_001);
    expect(marks.mark('PERP_ETH_USDC')).toBeUndefined();
    expect(topics).toEqual(['+markprices']);
    marks.close();
  });

  it('tells watchers only the marks that moved', () => {
    const { marks, push } = setup();
    const seen: string[][] = [];
    const release = marks.watch((changed) =>
      seen.push(changed.map((m) => `${m.symbol}=${m.price}`)),
    );
    push([
      { symbol: 'A', price: 1 },
      { symbol: 'B', price: 2 },
    ]);
    push([
      { symbol: 'A', price: 1 },
      { symbol: 'B', price: 3 },
    ]);
    push([
      { symbol: 'A', price: 1 },
      { symbol: 'B', price: 3 },
    ]);
    release();
    push([{ symbol: 'A', price: 9 }]);
    expect(seen).toEqual([['A=1', 'B=2'], ['B=3']]);
    marks.close();
  });

  it('forgets the marks when the connection goes down', () => {
    const { marks, push } = setup();
    marks.mark('A');
    push([{ symbol: 'A', price: 1 }]);
    marks.connectionDown();
    expect(marks.mark('A')).toBeUndefined();
    marks.close();
  });

  it('unfollows idleMs after the last read, never while watched', () => {
    vi.useFakeTimers();
    const { marks, topics, tick } = setup();
    const release = marks.watch(() => {});
    tick(120_000);
    vi.advanceTimersByTime(120_000);
    expect(topics).toEqual(['+markprices']);
    release();
    tick(30_000);
    vi.advanceTimersByTime(60_000);
    expect(topics).toEqual(['+markprices']);
    tick(30_000);
    vi.advanceTimersByTime(60_000);
    expect(topics).toEqual(['+markprices', '-markprices']);
    marks.mark('A');
    expect(topics).toEqual(['+markprices', '-markprices', '+markprices']);
    marks.close();
  });
});
