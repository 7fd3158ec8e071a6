/**
 * The synthetic part of a book: five bid and five ask levels around the mid, level i at
 * `(i + 1) × levelGap` from it (default gap: 10 ticks) holding `(i + 1) × levelQuantity`
 * until the activity control changes a quantity. It never depletes: every taker meets the
 * same levels until the mid or a quantity changes.
 */
import { decimalPlaces, round } from '../decimal.ts';
import type { SymbolConfig } from '../seed.ts';

export const BOOK_DEPTH = 5;

export interface Level {
  price: number;
  quantity: number;
}

export type BookSide = 'bids' | 'asks';

export class SyntheticLevels {
  private readonly quantities: Record<BookSide, number[]>;

  constructor(private readonly config: SymbolConfig) {
    const base = [...Array(BOOK_DEPTH).keys()].map((i) => this.baseQuantity(i));
    this.quantities = { bids: [...base], asks: [...base] };
  }

  /** The seeded quantity of level i. */
  baseQuantity(i: number): number {
    return round((i + 1) * this.config.levelQuantity, decimalPlaces(this.config.quantityStep));
  }

  /** Level i of a side now. */
  quantity(side: BookSide, i: number): number {
    return this.quantities[side][i] ?? 0;
  }

  setQuantity(side: BookSide, i: number, quantity: number): void {
    if (i >= 0 && i < BOOK_DEPTH) this.quantities[side][i] = quantity;
  }

  /** Both sides around `mid`, best first. */
  levels(mid: number): Record<BookSide, Level[]> {
    const gap = this.config.levelGap ?? this.config.tickSize * 10;
    const places = decimalPlaces(this.config.tickSize);
    const side = (s: BookSide, sign: number) =>
      this.quantities[s].map((quantity, i) => ({
        price: round(mid + sign * (i + 1) * gap, places),
        quantity,
      }));
    return { bids: side('bids', -1), asks: side('asks', 1) };
  }
}
