/** The book fan-out's delivery checks: a crossed book is counted, a replayed frame fails. */
import { describe, expect, it } from 'vitest';
import { BookTally } from '../../../bench/lib/book-tally.ts';

const frame = (ts: number, ask: number, bid: number) => {
  const json = `{"data":{"orderBook":{"timestamp":${ts},"asks":[{"price":${ask},"quantity":1},{"price":${ask + 1},"quantity":1}],"bids":[{"price":${bid},"quantity":1},{"price":${bid - 1},"quantity":1}]}}}`;
  return { text: `event: next\ndata: ${json}`, json };
};

describe('BookTally', () => {
  it('counts crossed books, checks whole frames, refuses a frame that is not newer', () => {
    const t = new BookTally(2);
    t.measuring = true;
    const okTs = Date.now();
    const crossedTs = okTs + 1;
    const ok = frame(okTs, 3001, 2999);
    t.frame(0, ok.text, () => ok.json);
    t.frame(1, ok.text, () => ok.json);
    expect({ delivered: t.delivered, crossed: t.crossed, failures: t.failures }).toEqual({
      delivered: 2,
      crossed: 0,
      failures: 0,
    });
    const crossed = frame(crossedTs, 2999, 3001);
    t.frame(1, crossed.text, () => crossed.json);
    expect(t.crossed).toBe(1);
    // Subscriber 0 checks the whole frame (every 50th does): a crossed one is malformed too.
    t.frame(0, crossed.text, () => crossed.json);
    expect(t.failures).toBe(1);
    t.frame(1, ok.text, () => ok.json); // older than what it had
    expect(t.failures).toBe(2);
    // Who holds which book: subscriber 1 the crossed one, subscriber 0 (which refused it) the first.
    expect([t.at(crossedTs), t.at(okTs)]).toEqual([1, 1]);
  });

  it('reads percentiles from its histogram', () => {
    const t = new BookTally(1);
    t.measuring = true;
    const now = Date.now();
    for (let i = 0; i < 100; i++) {
      const f = frame(now - 1_000 + i, 2, 1);
      t.frame(0, f.text, () => f.json);
    }
    expect(t.delivered).toBe(100);
    expect(t.percentile(50)).toBeGreaterThanOrEqual(900);
    expect(t.percentile(99)).toBeGreaterThanOrEqual(t.percentile(50));
    expect(t.max()).toBeGreaterThanOrEqual(t.percentile(99));
  });
});
