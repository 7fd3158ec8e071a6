/**
 * `{symbol}@orderbookupdate` and the one-shot orderbook snapshot, from one chain per symbol
 * (book-chain.ts). A book change is pushed after coalescing (one push per `intervalMs`), an
 * activity tick at once (one push per tick). With nobody following a symbol's updates the
 * chain is not advanced until a snapshot asks for it.
 */
import { MarketTopic, type OrderBookData } from '../../contract/wire-market-stream.ts';
import type { MarketFeed } from '../market/feed.ts';
import { BookChain, type BookLevels, levelMap } from './book-chain.ts';
import { Coalescer } from './coalescer.ts';
import { STREAM_BOOK_DEPTH } from './market-cadence.ts';
import type { MarketSubscribers } from './market-subscribers.ts';

export interface BookFeedDeps {
  source: MarketFeed;
  clock: () => number;
  subscribers: MarketSubscribers;
  intervalMs: number;
}

export class BookFeed {
  private readonly chains = new Map<string, BookChain>();
  private readonly coalescer: Coalescer;

  constructor(private readonly deps: BookFeedDeps) {
    this.coalescer = new Coalescer(deps.intervalMs);
  }

  /** The symbol's book changed (`tick`: an activity tick, pushed without coalescing). */
  changed(symbol: string, tick: boolean): void {
    if (!this.deps.subscribers.has(MarketTopic.orderbookUpdate(symbol))) return;
    this.coalescer.schedule(symbol, () => this.flush(symbol), tick);
  }

  /** The one-shot snapshot: the book as of the latest update, with its `ts`. */
  snapshot(symbol: string): OrderBookData & { ts: number } {
    const chain = this.chain(symbol);
    // Nobody follows the updates: nothing was sent since, so the chain may catch up silently.
    if (!this.deps.subscribers.has(MarketTopic.orderbookUpdate(symbol))) {
      chain.catchUp(this.levels(symbol), this.deps.clock());
    }
    return { symbol, ...chain.snapshot() };
  }

  /** The next update of the symbol is withheld; answers the `ts` clients last saw. */
  breakNext(symbol: string): { symbol: string; ts: number } {
    const chain = this.chain(symbol);
    chain.breakNext();
    return { symbol, ts: chain.ts };
  }

  /**
   * The first follower of the symbol's updates came: the chain catches up silently (nobody
   * was following), so its snapshot is the book now even if nothing changes later.
   */
  follow(symbol: string): void {
    this.chain(symbol).catchUp(this.levels(symbol), this.deps.clock());
  }

  /** The last follower of the symbol's updates left. */
  idle(symbol: string): void {
    this.coalescer.cancel(symbol);
  }

  /** Symbols with a push waiting. */
  waiting(): string[] {
    return this.coalescer.waiting();
  }

  close(): void {
    this.coalescer.close();
  }

  private flush(symbol: string): void {
    const update = this.chain(symbol).advance(this.levels(symbol), this.deps.clock());
    if (update && !update.withheld) {
      this.deps.subscribers.push(MarketTopic.orderbookUpdate(symbol), update.ts, update.data);
    }
  }

  private chain(symbol: string): BookChain {
    let chain = this.chains.get(symbol);
    if (!chain) {
      chain = new BookChain(symbol, this.levels(symbol), this.deps.clock());
      this.chains.set(symbol, chain);
    }
    return chain;
  }

  private levels(symbol: string): BookLevels {
    const { asks, bids } = this.deps.source.book(symbol, STREAM_BOOK_DEPTH);
    return { asks: levelMap(asks), bids: levelMap(bids) };
  }
}
