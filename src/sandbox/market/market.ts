/**
 * One symbol's market: the one model behind its REST reads, its public topics and the order
 * engine.
 * - the book: the synthetic levels around the mid (synthetic.ts) plus every resting order at
 *   its price (resting.ts), aggregated per price; takers meet both (matching.ts). The
 *   synthetic levels never deplete, so a remainder resting at or through one hides it (a
 *   book shown is never crossed);
 * - the mark is the mid (moved by `setMid`); the index follows it (index-price.ts);
 * - every fill prints a public trade (trade-tape.ts) that feeds the candles (candle-book.ts);
 *   a mid move feeds them too;
 * - funding settles on the period's UTC boundaries (funding.ts).
 * Events (events.ts) go out through `flush` (book) and as they happen (trade, mark).
 */
import type { Side } from '../../contract/wire-orders.ts';
import { decimalPlaces, floorTo, isMultipleOf, round } from '../decimal.ts';
import type { SymbolConfig } from '../seed.ts';
import type { Order } from '../types.ts';
import { CandleBook } from './candle-book.ts';
import type { MarketEvents } from './events.ts';
import { FundingClock } from './funding.ts';
import { IndexPrice } from './index-price.ts';
import { type Fill, liquidityOf, type TakeWant, walk } from './matching.ts';
import { RestingOrders } from './resting.ts';
import { rulesOf, type SymbolRules } from './rules.ts';
import { type BookSide, type Level, SyntheticLevels } from './synthetic.ts';
import { type PublicTrade, TradeTape } from './trade-tape.ts';

export type { Fill } from './matching.ts';
export type { Level } from './synthetic.ts';

export interface Book {
  mid: number;
  /** Best first: bids descending, asks ascending; never crossed. */
  bids: Level[];
  asks: Level[];
}

export interface MarketOptions {
  clock: () => number;
  events: MarketEvents;
  /** The broker's max leverage (base_imr's default). */
  maxLeverage: number;
}

export class Market {
  mid: number;
  readonly symbol: string;
  readonly rules: SymbolRules;
  readonly synthetic: SyntheticLevels;
  readonly resting = new RestingOrders();
  readonly tape: TradeTape;
  readonly candles: CandleBook;
  readonly index: IndexPrice;
  readonly funding: FundingClock;
  /** Server time the market was created (its candles start there). */
  readonly createdAt: number;
  private readonly clock: () => number;
  private readonly events: MarketEvents;
  /** Counts changes of the book; `told` is the count the last `book` event carried. */
  private version = 0;
  private told = 0;
  private cached: { version: number; book: Book } | undefined;

  constructor(
    readonly config: SymbolConfig,
    options: MarketOptions,
  ) {
    const now = options.clock();
    this.clock = options.clock;
    this.events = options.events;
    this.symbol = config.symbol;
    this.mid = config.midPrice;
    this.createdAt = now;
    this.rules = rulesOf(config, options.maxLeverage);
    this.synthetic = new SyntheticLevels(config);
    this.tape = new TradeTape(config.symbol);
    this.candles = new CandleBook(this.mid, now);
    this.index = new IndexPrice(this.mid, now, this.priceDecimals);
    this.funding = new FundingClock(
      this.rules,
      {
        mark: () => this.mid,
        premiumAt: (t) => this.premiumAt(t),
        settled: (rate, timestamp) =>
          this.events.emit('funding', { symbol: this.symbol, rate, mark: this.mid, timestamp }),
      },
      now,
    );
  }

  get tick(): number {
    return this.config.tickSize;
  }

  get priceDecimals(): number {
    return decimalPlaces(this.config.tickSize);
  }

  get quantityDecimals(): number {
    return decimalPlaces(this.config.quantityStep);
  }

  /**
   * The book shown now: resting orders and the synthetic levels they do not cross, aggregated
   * per price, best first.
   */
  book(): Book {
    if (this.cached?.version === this.version) return this.cached.book;
    const synthetic = this.synthetic.levels(this.mid);
    const places = this.quantityDecimals;
    const bids = this.resting.levels('BUY', places);
    const asks = this.resting.levels('SELL', places);
    const bestBid = Math.max(...bids.map((l) => l.price));
    const bestAsk = Math.min(...asks.map((l) => l.price));
    const book = {
      mid: this.mid,
      bids: merge(
        synthetic.bids.filter((l) => l.price < bestAsk),
        bids,
        'bids',
        places,
      ),
      asks: merge(
        synthetic.asks.filter((l) => l.price > bestBid),
        asks,
        'asks',
        places,
      ),
    };
    this.cached = { version: this.version, book };
    return book;
  }

  /** The synthetic levels alone (what `level` and the mid's crossing read). */
  syntheticBook(): Book {
    return { mid: this.mid, ...this.synthetic.levels(this.mid) };
  }

  /** Best price a taker on `side` meets: the better of the synthetic level and resting orders. */
  bestFor(side: Side): number | undefined {
    const synthetic = this.synthetic.levels(this.mid)[side === 'BUY' ? 'asks' : 'bids'][0]?.price;
    const resting = this.resting.orders(side === 'BUY' ? 'SELL' : 'BUY')[0]?.price ?? undefined;
    const prices = [synthetic, resting].filter((p): p is number => p !== undefined && p !== null);
    if (prices.length === 0) return undefined;
    return side === 'BUY' ? Math.min(...prices) : Math.max(...prices);
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

  /**
   * Moves the mid (the mark) onto the tick grid: funding samples up to now at the old mark,
   * then the index, candles and synthetic levels follow; tells `mark` (the book: `flush`).
   */
  setMid(price: number): void {
    const now = this.clock();
    this.funding.catchUp(now);
    this.mid = round(Math.round(price / this.tick) * this.tick, this.priceDecimals);
    this.index.midMoved(this.mid, now);
    this.candles.midMoved(this.mid, now);
    this.version++;
    this.events.emit('mark', { symbol: this.symbol, price: this.mid, timestamp: now });
  }

  /** Whether an order at `price` would take liquidity now (a synthetic level or a resting order). */
  crosses(side: Side, price: number): boolean {
    const best = this.bestFor(side);
    return best !== undefined && (side === 'BUY' ? price >= best : price <= best);
  }

  /** Whether the synthetic levels alone cross `price` (a resting order the mid moved through). */
  syntheticCrosses(side: Side, price: number): boolean {
    const { bids, asks } = this.synthetic.levels(this.mid);
    return side === 'BUY' ? price >= (asks[0]?.price ?? Infinity) : price <= (bids[0]?.price ?? 0);
  }

  /** What a taker on `side` would fill now (matching.ts); nothing is changed. */
  take(side: Side, want: TakeWant): Fill[] {
    const synthetic = this.synthetic.levels(this.mid)[side === 'BUY' ? 'asks' : 'bids'];
    const resting = this.resting.orders(side === 'BUY' ? 'SELL' : 'BUY');
    return walk(side, liquidityOf(synthetic, resting), want, this.config.quantityStep);
  }

  /** Prints a public trade (`side`: the taker's) into the tape and the candles; tells `trade`. */
  print(side: Side, price: number, quantity: number, time = this.clock()): PublicTrade {
    const trade = this.tape.print(side, price, quantity, time);
    this.candles.trade(price, quantity, time);
    this.events.emit('trade', trade);
    return trade;
  }

  /** An order changed: the resting part of the book follows it. */
  sync(order: Order): void {
    if (this.resting.sync(order)) this.version++;
  }

  /** A synthetic level's quantity changed. */
  setSyntheticQuantity(side: BookSide, i: number, quantity: number): void {
    this.synthetic.setQuantity(side, i, quantity);
    this.version++;
  }

  /** Tells `book` once if anything changed it since the last time. */
  flush(): void {
    if (this.told === this.version) return;
    this.told = this.version;
    this.events.emit('book', { symbol: this.symbol, timestamp: this.clock() });
  }

  /** (mark − index) / index at `time`, the mark being the mid now. */
  premiumAt(time: number): number {
    const index = this.index.at(time);
    return index > 0 ? (this.mid - index) / index : 0;
  }
}

/** Synthetic levels and resting levels of one side, summed per price, best first. */
function merge(synthetic: Level[], resting: Level[], side: BookSide, places: number): Level[] {
  const byPrice = new Map<number, number>();
  for (const level of [...synthetic, ...resting]) {
    byPrice.set(level.price, (byPrice.get(level.price) ?? 0) + level.quantity);
  }
  const levels = [...byPrice]
    .filter(([, quantity]) => quantity > 0)
    .map(([price, quantity]) => ({ price, quantity: round(quantity, places) }));
  return levels.sort(side === 'bids' ? (a, b) => b.price - a.price : (a, b) => a.price - b.price);
}
