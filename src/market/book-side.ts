/**
 * One side of a local order book: absolute quantities by price (a level's quantity replaces
 * what was there; 0 removes it), read best first.
 */
import type { LevelPair } from '../contract/wire-market-stream.ts';
import type { BookLevelModel } from '../models/market.ts';

/** Levels a side may hold: a book past this is malformed (the upstream sends depth 100). */
export const MAX_LEVELS = 5_000;

export class BookSide {
  private readonly levels = new Map<number, number>();
  /** Best first, cached until the next change. */
  private sorted: number[] | undefined;

  /** `ascending`: asks (best is lowest); else bids (best is highest). */
  constructor(private readonly ascending: boolean) {}

  get size(): number {
    return this.levels.size;
  }

  clear(): void {
    this.levels.clear();
    this.sorted = undefined;
  }

  /** Sets each level (quantity 0 deletes it); false when a level is malformed or too many. */
  apply(pairs: readonly LevelPair[]): boolean {
    for (const pair of pairs) {
      const [price, quantity] = pair;
      if (!validLevel(price, quantity)) return false;
      if (quantity === 0) this.levels.delete(price);
      else this.levels.set(price, quantity);
    }
    this.sorted = undefined;
    return this.levels.size <= MAX_LEVELS;
  }

  /** The best price, or undefined when the side is empty. */
  best(): number | undefined {
    return this.prices()[0];
  }

  /** The best `depth` levels, best first. */
  top(depth: number): BookLevelModel[] {
    const prices = this.prices();
    const n = Math.min(depth, prices.length);
    const out = new Array<BookLevelModel>(n);
    for (let i = 0; i < n; i++) {
      const price = prices[i]!;
      out[i] = { price, quantity: this.levels.get(price)! };
    }
    return out;
  }

  private prices(): number[] {
    if (!this.sorted) {
      this.sorted = [...this.levels.keys()].sort(this.ascending ? up : down);
    }
    return this.sorted;
  }
}

const up = (a: number, b: number) => a - b;
const down = (a: number, b: number) => b - a;

function validLevel(price: unknown, quantity: unknown): boolean {
  return (
    typeof price === 'number' &&
    typeof quantity === 'number' &&
    Number.isFinite(price) &&
    Number.isFinite(quantity) &&
    price > 0 &&
    quantity >= 0
  );
}
