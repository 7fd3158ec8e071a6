/** The order book update chain as pure functions: diffs, chaining, snapshots, a gap. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BookChain,
  type BookLevels,
  diffLevels,
  levelMap,
} from '../../../src/sandbox/stream/book-chain.ts';
import { SdkOrderBook } from '../../helpers/sdk-order-book.ts';

const book = (asks: [number, number][], bids: [number, number][]): BookLevels => ({
  asks: levelMap(asks),
  bids: levelMap(bids),
});

describe('diffLevels', () => {
  it('sends changed and new levels with absolute quantities and removed ones at 0, sorted', () => {
    const prev = levelMap([
      [101, 1],
      [102, 2],
      [103, 3],
    ]);
    const next = levelMap([
      [101, 1],
      [102, 5],
      [104, 4],
      [100.5, 7],
    ]);
    expect(diffLevels(prev, next, 'asks')).toEqual([
      [100.5, 7],
      [102, 5],
      [103, 0],
      [104, 4],
    ]);
    expect(diffLevels(prev, next, 'bids').map(([p]) => p)).toEqual([104, 103, 102, 100.5]);
    expect(diffLevels(next, next, 'asks')).toEqual([]);
  });
});

describe('BookChain', () => {
  it("chains each update's prevTs to the previous ts, strictly increasing on a frozen clock", () => {
    const chain = new BookChain('PERP_X_USDC', book([[10, 1]], [[9, 1]]), 1_000);
    const first = chain.advance(book([[10, 2]], [[9, 1]]), 1_000)!;
    expect(first).toEqual({
      ts: 1_001,
      data: { symbol: 'PERP_X_USDC', prevTs: 1_000, asks: [[10, 2]], bids: [] },
      withheld: false,
    });
    expect(chain.advance(book([[10, 2]], [[9, 1]]), 5_000)).toBeUndefined();
    const second = chain.advance(book([[10, 2]], []), 5_000)!;
    expect(second.data.prevTs).toBe(first.ts);
    expect(second.ts).toBe(5_000);
    expect(second.data.bids).toEqual([[9, 0]]);
    expect(chain.snapshot()).toEqual({ ts: 5_000, asks: [[10, 2]], bids: [] });
  });

  it('withholds exactly the next changed update after breakNext', () => {
    const chain = new BookChain('S', book([], []), 0);
    chain.breakNext();
    expect(chain.advance(book([], []), 1)).toBeUndefined();
    expect(chain.gapArmed).toBe(true);
    const withheld = chain.advance(book([[1, 1]], []), 2)!;
    expect(withheld.withheld).toBe(true);
    const next = chain.advance(book([[1, 2]], []), 3)!;
    expect(next.withheld).toBe(false);
    expect(next.data.prevTs).toBe(withheld.ts);
  });

  it('keeps a gap armed through a silent catch-up', () => {
    const chain = new BookChain('S', book([], []), 0);
    chain.breakNext();
    chain.catchUp(book([[1, 1]], []), 1);
    expect(chain.snapshot()).toEqual({ ts: 1, asks: [[1, 1]], bids: [] });
    expect(chain.advance(book([[1, 3]], []), 2)?.withheld).toBe(true);
  });

  it('keeps an SDK-style local book equal to the source book (property)', () => {
    const side = fc.dictionary(
      fc.integer({ min: 1, max: 30 }).map(String),
      fc.integer({ min: 0, max: 4 }),
    );
    const toLevels = (d: Record<string, number>) =>
      levelMap(Object.entries(d).map(([p, q]): [number, number] => [Number(p), q]));
    fc.assert(
      fc.property(
        fc.array(fc.record({ asks: side, bids: side }), { minLength: 1, maxLength: 30 }),
        fc.nat(29),
        (books, joinAt) => {
          const states = books.map((b) => ({ asks: toLevels(b.asks), bids: toLevels(b.bids) }));
          const chain = new BookChain('S', states[0]!, 100);
          const local = new SdkOrderBook();
          // The client joins (asks for the snapshot) before update `join`, or after the last.
          const join = joinAt % (states.length + 1);
          states.forEach((state, i) => {
            if (i === join) local.snapshot(chain.snapshot());
            const update = chain.advance(state, 100 + 3 * i);
            if (update) local.update(update.data, update.ts);
          });
          if (join === states.length) local.snapshot(chain.snapshot());
          expect(local.gaps).toBe(0);
          expect(local.levels()).toEqual({
            asks: chain.snapshot().asks,
            bids: chain.snapshot().bids,
          });
        },
      ),
    );
  });
});
