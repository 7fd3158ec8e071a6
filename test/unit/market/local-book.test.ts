/** The local book's update chain: apply, gap, buffer, resnapshot, never crossed or gapped. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LevelPair } from '../../../src/contract/wire-market-stream.ts';
import { type BookUpdate, LocalBook } from '../../../src/market/local-book.ts';

const SYMBOL = 'PERP_ETH_USDC';
const snap = (ts: number, asks: LevelPair[], bids: LevelPair[]) => ({ ts, asks, bids });
const upd = (prevTs: number, ts: number, asks: LevelPair[] = [], bids: LevelPair[] = []) => ({
  prevTs,
  ts,
  asks,
  bids,
});

function syncedBook(): LocalBook {
  const book = new LocalBook(SYMBOL);
  book.snapshot(
    snap(
      100,
      [
        [3001, 1],
        [3002, 2],
      ],
      [
        [2999, 1],
        [2998, 3],
      ],
    ),
  );
  return book;
}

describe('LocalBook', () => {
  it('is not synced before its first snapshot and buffers updates meanwhile', () => {
    const book = new LocalBook(SYMBOL);
    expect(book.synced).toBe(false);
    expect(book.update(upd(90, 100, [[3001, 5]]))).toBe('buffered');
    expect(book.update(upd(100, 110, [[3003, 1]]))).toBe('buffered');
    // The snapshot covers ts 100: only the update after it is applied.
    expect(book.snapshot(snap(100, [[3001, 5]], [[2999, 1]]))).toBe('applied');
    expect(book.synced).toBe(true);
    expect(book.ts).toBe(110);
    expect(book.frame(20).asks).toEqual([
      { price: 3001, quantity: 5 },
      { price: 3003, quantity: 1 },
    ]);
  });

  it('applies absolute levels in order: asks ascending, bids descending, 0 removes', () => {
    const book = syncedBook();
    expect(
      book.update(
        upd(
          100,
          110,
          [
            [3001, 0],
            [3000.5, 4],
          ],
          [
            [2999.5, 2],
            [2998, 7],
          ],
        ),
      ),
    ).toBe('applied');
    expect(book.frame(20)).toEqual({
      symbol: SYMBOL,
      timestamp: 110,
      asks: [
        { price: 3000.5, quantity: 4 },
        { price: 3002, quantity: 2 },
      ],
      bids: [
        { price: 2999.5, quantity: 2 },
        { price: 2999, quantity: 1 },
        { price: 2998, quantity: 7 },
      ],
    });
    expect(book.frame(1).bids).toEqual([{ price: 2999.5, quantity: 2 }]);
  });

  it('ignores an update it already has', () => {
    const book = syncedBook();
    expect(book.update(upd(90, 100, [[3001, 9]]))).toBe('stale');
    expect(book.frame(1).asks).toEqual([{ price: 3001, quantity: 1 }]);
  });

  it('breaks on a missing link and keeps the chain that follows for the next snapshot', () => {
    const book = syncedBook();
    expect(book.update(upd(105, 110, [[3005, 1]]))).toBe('broken');
    expect(book.synced).toBe(false);
    expect(book.update(upd(110, 120, [[3006, 1]]))).toBe('buffered');
    // A snapshot at 110 (it includes the first update): the buffered 120 follows it.
    expect(book.snapshot(snap(110, [[3005, 1]], [[2999, 1]]))).toBe('applied');
    expect(book.ts).toBe(120);
    expect(book.frame(5).asks.map((l) => l.price)).toEqual([3005, 3006]);
  });

  it('asks again when the snapshot is older than the buffered chain', () => {
    const book = syncedBook();
    book.update(upd(105, 110));
    book.update(upd(110, 120));
    expect(book.snapshot(snap(100, [[3001, 1]], []))).toBe('broken');
    expect(book.synced).toBe(false);
    // The newer chain was kept: a snapshot at 110 picks up 120.
    expect(book.snapshot(snap(110, [[3001, 1]], []))).toBe('applied');
    expect(book.ts).toBe(120);
  });

  it('buffers only a contiguous chain', () => {
    const book = new LocalBook(SYMBOL);
    book.update(upd(1, 10, [[5, 1]]));
    book.update(upd(15, 20, [[6, 1]])); // 10 → 15 is missing: 10 is useless now
    book.update(upd(20, 30, [[7, 1]]));
    expect(book.snapshot(snap(10, [], []))).toBe('broken');
    expect(book.snapshot(snap(20, [], []))).toBe('applied');
    expect(book.frame(5).asks).toEqual([{ price: 7, quantity: 1 }]);
  });

  it('never shows a crossed book: an update that crosses breaks it', () => {
    const book = syncedBook();
    expect(book.update(upd(100, 110, [], [[3001.5, 1]]))).toBe('broken');
    expect(book.synced).toBe(false);
    // A locked book (bid = ask) is not shown either.
    const locked = syncedBook();
    expect(locked.update(upd(100, 110, [[2999, 1]]))).toBe('broken');
  });

  it('refuses a crossed or malformed snapshot', () => {
    expect(new LocalBook(SYMBOL).snapshot(snap(1, [[10, 1]], [[11, 1]]))).toBe('broken');
    expect(new LocalBook(SYMBOL).snapshot(snap(1, [[10, -1]], []))).toBe('broken');
    const nan = [[Number.NaN, 1]] as LevelPair[];
    expect(new LocalBook(SYMBOL).snapshot(snap(1, nan, []))).toBe('broken');
    expect(new LocalBook(SYMBOL).snapshot(snap(1, [], []))).toBe('applied');
  });

  it('breaks on a malformed update', () => {
    const book = syncedBook();
    expect(book.update(upd(100, 110, [[3001, -2]]))).toBe('broken');
    expect(book.synced).toBe(false);
  });

  it('invalidate: unusable until the next snapshot', () => {
    const book = syncedBook();
    book.invalidate();
    expect(book.synced).toBe(false);
    expect(book.update(upd(100, 110))).toBe('buffered');
  });

  it('bounds the buffer, keeping the newest chain', () => {
    const book = new LocalBook(SYMBOL, 3);
    for (let ts = 1; ts <= 10; ts++) book.update(upd(ts - 1, ts, [[100 + ts, 1]]));
    // Updates 8..10 are kept: a snapshot at 7 continues into them.
    expect(book.snapshot(snap(7, [], []))).toBe('applied');
    expect(book.frame(10).asks.map((l) => l.price)).toEqual([108, 109, 110]);
  });
});

/**
 * Property: the upstream's true book moves through random uncrossed states; the local book
 * receives the chain with links dropped and crossed updates injected, and asks for a snapshot
 * of the truth whenever it breaks. Whenever it says it is synced, it shows exactly the truth
 * (so never a crossed or gapped book).
 */
describe('LocalBook against a moving true book', () => {
  type Step = { kind: 'move'; levels: LevelPair[] } | { kind: 'drop' } | { kind: 'cross' };
  const price = fc.integer({ min: 1, max: 40 });
  const level = fc.tuple(price, fc.integer({ min: 0, max: 5 })) as fc.Arbitrary<LevelPair>;
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .array(level, { maxLength: 4 })
        .map((l) => ({ kind: 'move', levels: l }) as Step),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'drop' } as Step) },
    { weight: 1, arbitrary: fc.constant({ kind: 'cross' } as Step) },
  );

  it('shows the truth whenever synced', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        // Truth: asks at 21..40, bids at 1..20: never crossed.
        const truth = { asks: new Map<number, number>(), bids: new Map<number, number>() };
        const pairs = (m: Map<number, number>) => [...m] as LevelPair[];
        let ts = 1;
        const book = new LocalBook(SYMBOL);
        const resnapshot = () =>
          book.snapshot({ ts, asks: pairs(truth.asks), bids: pairs(truth.bids) });
        resnapshot();
        for (const s of steps) {
          const prevTs = ts;
          ts += 1;
          let u: BookUpdate;
          if (s.kind === 'cross') {
            // A corrupt push whose link is right: it crosses the book.
            u = upd(prevTs, ts, [[1, 1]], [[40, 1]]);
          } else {
            const asks: LevelPair[] = [];
            const bids: LevelPair[] = [];
            for (const [p, q] of s.kind === 'move' ? s.levels : []) {
              const side = p > 20 ? truth.asks : truth.bids;
              if (q === 0) side.delete(p);
              else side.set(p, q);
              (p > 20 ? asks : bids).push([p, q]);
            }
            u = upd(prevTs, ts, asks, bids);
            if (s.kind === 'drop') continue; // the upstream sent it; it never arrived
          }
          if (book.update(u) === 'broken') {
            // A corrupt push does not change the truth: the snapshot drops its levels.
            resnapshot();
          }
          if (book.synced) {
            const f = book.frame(100);
            expect(f.asks).toEqual(
              pairs(truth.asks)
                .sort((a, b) => a[0] - b[0])
                .map(([p, q]) => ({ price: p, quantity: q })),
            );
            expect(f.bids).toEqual(
              pairs(truth.bids)
                .sort((a, b) => b[0] - a[0])
                .map(([p, q]) => ({ price: p, quantity: q })),
            );
          }
        }
      }),
    );
  });
});
