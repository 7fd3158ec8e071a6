/**
 * A deterministic market per symbol: a mid price, five bid and five ask levels around it and
 * a tick size. The book is synthetic and does not deplete: every order meets the same levels
 * until the mid price moves (`setMid`). Pure functions only; state.ts applies the fills.
 */

import type { Side } from '../contract/wire.ts';
import { decimalPlaces, floorTo, isMultipleOf, round } from './decimal.ts';
import type { SymbolConfig } from './seed.ts';

export const BOOK_DEPTH = 5;

/** The default symbols, used when the seed lists none. */
export const DEFAULT_SYMBOLS: readonly SymbolConfig[] = [
  sym('PERP_BTC_USDC', 'futures', 60_000, 0.1, 0.00001, 1, 0.00000002),
  sym('PERP_ETH_USDC', 'futures', 3_000, 0.01, 0.0001, 10, 0.00000003),
  sym('PERP_SOL_USDC', 'futures', 150, 0.001, 0.01, 100, 0.0000001),
  sym('PERP_NEAR_USDC', 'futures', 5, 0.0001, 0.1, 2_000, 0.0000005),
  sym('PERP_XAU_USDC', 'rwa', 2_400, 0.01, 0.001, 20, 0.0000002),
];

function sym(
  symbol: string,
  kind: SymbolConfig['kind'],
  midPrice: number,
  tickSize: number,
  quantityStep: number,
  levelQuantity: number,
  imrFactor: number,
): SymbolConfig {
  return {
    symbol,
    kind,
    midPrice,
    tickSize,
    quantityStep,
    levelQuantity,
    minNotional: 10,
    imrFactor,
  };
}

export interface Level {
  price: number;
  quantity: number;
}

export interface Book {
  mid: number;
  bids: Level[];
  asks: Level[];
}

export interface Fill {
  price: number;
  quantity: number;
}

export class Market {
  mid: number;

  constructor(readonly config: SymbolConfig) {
    this.mid = config.midPrice;
  }

  get tick(): number {
    return this.config.tickSize;
  }

  get priceDecimals(): number {
    return decimalPlaces(this.config.tickSize);
  }

  /** bid0..bid4 and ask0..ask4: `(i + 1) * levelGap` from the mid, `(i + 1) * levelQuantity`. */
  book(): Book {
    const gap = this.config.levelGap ?? this.tick * 10;
    const at = (i: number, sign: number): Level => ({
      price: round(this.mid + sign * (i + 1) * gap, this.priceDecimals),
      quantity: round((i + 1) * this.config.levelQuantity, decimalPlaces(this.config.quantityStep)),
    });
    const levels = [...Array(BOOK_DEPTH).keys()];
    return { mid: this.mid, bids: levels.map((i) => at(i, -1)), asks: levels.map((i) => at(i, 1)) };
  }

  isOnTick(price: number): boolean {
    return isMultipleOf(price, this.tick);
  }

  isOnStep(quantity: number): boolean {
    return isMultipleOf(quantity, this.config.quantityStep);
  }

  floorQuantity(quantity: number): number {
    return floorTo(quantity, this.config.quantityStep);
  }

  /** Moves the mid price onto the tick grid. */
  setMid(price: number): void {
    this.mid = round(Math.round(price / this.tick) * this.tick, this.priceDecimals);
  }

  /** Whether a resting order at `price` would take liquidity now. */
  crosses(side: Side, price: number): boolean {
    const { bids, asks } = this.book();
    return side === 'BUY' ? price >= (asks[0]?.price ?? Infinity) : price <= (bids[0]?.price ?? 0);
  }

  /**
   * Takes liquidity from the opposite side, level by level, up to `limit` (a price) and up to
   * `quantity` base or `amount` quote (whichever is given), at most `cap` base in all.
   */
  take(
    side: Side,
    want: { limit?: number; quantity?: number; amount?: number; cap?: number },
  ): Fill[] {
    const levels = side === 'BUY' ? this.book().asks : this.book().bids;
    const fills: Fill[] = [];
    let quantityLeft = want.quantity ?? Infinity;
    let amountLeft = want.amount ?? Infinity;
    let capLeft = want.cap ?? Infinity;
    for (const level of levels) {
      if (want.limit !== undefined) {
        if (side === 'BUY' ? level.price > want.limit : level.price < want.limit) break;
      }
      let quantity = Math.min(level.quantity, quantityLeft, capLeft);
      if (Number.isFinite(amountLeft)) {
        quantity = Math.min(quantity, this.floorQuantity(amountLeft / level.price));
      }
      quantity = round(quantity, decimalPlaces(this.config.quantityStep));
      if (quantity <= 0) break;
      fills.push({ price: level.price, quantity });
      quantityLeft = round(quantityLeft - quantity, 10);
      capLeft = round(capLeft - quantity, 10);
      amountLeft = round(amountLeft - quantity * level.price, 10);
    }
    return fills;
  }
}
