/**
 * The public market topics of the sandbox's stream: who follows what, the periodic pushes (one
 * timer per followed topic), the pushes on change (book updates, bbo, trades) and the one-shot
 * requests. Idle costs nothing: no timer runs and no model listener is on while no one
 * follows a market topic.
 */
import { MarketTopic } from '../../contract/wire-market-stream.ts';
import type { MarketFeed } from '../market/feed.ts';
import { BookFeed } from './book-feed.ts';
import { Coalescer } from './coalescer.ts';
import type { RequestId, StreamConnection } from './connection.ts';
import type { MarketCadence } from './market-cadence.ts';
import {
  estFundingRateData,
  klineData,
  markPriceData,
  openInterestData,
  orderbookData,
  requestTradeRows,
  tradeData,
} from './market-payloads.ts';
import { parseMarketRequest } from './market-request.ts';
import { MarketSubscribers } from './market-subscribers.ts';
import type { MarketTopicRef } from './market-topics.ts';
import { TopicTimers } from './topic-timers.ts';

export interface MarketTopicFeedDeps {
  /** The market model's feed (`state.feed`). */
  source: MarketFeed;
  /**
   * Whether the activity control drives the symbol's book: its book events are then pushed
   * one per tick rather than coalesced (10 updates a second need it).
   */
  ticking(symbol: string): boolean;
  clock: () => number;
  cadence: MarketCadence;
}

/** What runs for the market topics now (tests check that it all stops when idle). */
export interface MarketTopicTimers {
  /** Topic names with a periodic timer or a push waiting. */
  timers: string[];
  /** Whether the feed listens to the model. */
  listening: boolean;
}

export class MarketTopicFeed {
  private readonly subscribers = new MarketSubscribers({
    first: (name, ref) => this.first(name, ref),
    last: (name, ref) => this.last(name, ref),
  });
  private readonly timers = new TopicTimers();
  private readonly books: BookFeed;
  private readonly bbos: Coalescer;
  private readonly lastBbo = new Map<string, string>();
  private readonly lastOpenInterest = new Map<string, { value: number; at: number }>();
  private off: (() => void)[] | undefined;

  constructor(private readonly deps: MarketTopicFeedDeps) {
    const { source, clock, cadence } = deps;
    const subscribers = this.subscribers;
    this.books = new BookFeed({
      source,
      clock,
      subscribers,
      intervalMs: cadence.orderbookUpdateMs,
    });
    this.bbos = new Coalescer(cadence.bboMs);
  }

  subscribe(connection: StreamConnection, name: string, ref: MarketTopicRef): void {
    this.subscribers.add(connection, name, ref);
    // A new follower of a bbo gets the current one: later pushes come only on change.
    if (ref.kind !== 'bbo') return;
    const data = this.deps.source.bbo(ref.symbol);
    connection.push(name, data);
    if (!this.lastBbo.has(ref.symbol)) this.lastBbo.set(ref.symbol, JSON.stringify(data));
  }

  unsubscribe(connection: StreamConnection, name: string): void {
    this.subscribers.remove(connection, name);
  }

  gone(connection: StreamConnection): void {
    this.subscribers.removeAll(connection);
  }

  request(connection: StreamConnection, id: RequestId, params: unknown): void {
    const { source } = this.deps;
    const parsed = parseMarketRequest(params, (s) => source.has(s));
    if ('errorMsg' in parsed) connection.answer(id, parsed);
    else if (parsed.type === 'orderbook') {
      connection.answer(id, { data: this.books.snapshot(parsed.symbol) });
    } else {
      connection.answer(id, { data: requestTradeRows(source, parsed.symbol, parsed.limit) });
    }
  }

  /** The next `{symbol}@orderbookupdate` is withheld (a chain gap for resync tests). */
  breakBookChain(symbol: string): { symbol: string; ts: number } {
    return this.books.breakNext(symbol);
  }

  activity(): MarketTopicTimers {
    const timers = [
      ...this.timers.running(),
      ...this.books.waiting().map(MarketTopic.orderbookUpdate),
      ...this.bbos.waiting().map(MarketTopic.bbo),
    ];
    return { timers, listening: this.off !== undefined };
  }

  close(): void {
    this.timers.close();
    this.books.close();
    this.bbos.close();
    this.unlisten();
  }

  private first(name: string, ref: MarketTopicRef): void {
    this.listen();
    if (ref.kind === 'orderbookupdate') this.books.follow(ref.symbol);
    const periodic = this.periodic(name, ref);
    if (periodic) this.timers.start(name, periodic.ms, periodic.tick);
  }

  private last(name: string, ref: MarketTopicRef): void {
    this.timers.stop(name);
    this.lastOpenInterest.delete(name);
    if (ref.kind === 'orderbookupdate') this.books.idle(ref.symbol);
    if (ref.kind === 'bbo') {
      this.bbos.cancel(ref.symbol);
      this.lastBbo.delete(ref.symbol);
    }
    if (this.subscribers.size === 0) this.unlisten();
  }

  /** The timer of a periodic topic; undefined for the topics pushed on change. */
  private periodic(
    name: string,
    ref: MarketTopicRef,
  ): { ms: number; tick: () => void } | undefined {
    const { source, cadence, clock } = this.deps;
    const push = (data: unknown) => this.subscribers.push(name, clock(), data);
    const every = (ms: number, data: () => unknown) => ({ ms, tick: () => push(data()) });
    switch (ref.kind) {
      case 'orderbook':
        return every(cadence.orderbookMs, () => orderbookData(source, ref.symbol));
      case 'bbos':
        return every(cadence.bbosMs, () => source.symbols().map((s) => source.bbo(s)));
      case 'markprice':
        return every(cadence.markPriceMs, () => markPriceData(source, ref.symbol));
      case 'markprices':
        return every(cadence.markPriceMs, () =>
          source.symbols().map((s) => markPriceData(source, s)),
        );
      case 'kline':
        return every(cadence.klineMs, () => klineData(source, ref.symbol, ref.interval));
      case 'estfundingrate':
        return every(cadence.estFundingRateMs, () => estFundingRateData(source, ref.symbol));
      case 'openinterest':
        return { ms: cadence.openInterestMs, tick: () => this.openInterest(name, ref.symbol) };
      default:
        return undefined;
    }
  }

  /** Pushed when it changed, and at least every `openInterestForceMs` anyway. */
  private openInterest(name: string, symbol: string): void {
    const data = openInterestData(this.deps.source, symbol);
    const last = this.lastOpenInterest.get(name);
    const now = performance.now();
    const due = !last || now - last.at >= this.deps.cadence.openInterestForceMs;
    if (!due && last.value === data.openInterest) return;
    this.lastOpenInterest.set(name, { value: data.openInterest, at: now });
    this.subscribers.push(name, this.deps.clock(), data);
  }

  private bookChanged(symbol: string, tick: boolean): void {
    this.books.changed(symbol, tick);
    if (this.subscribers.has(MarketTopic.bbo(symbol))) {
      this.bbos.schedule(symbol, () => this.pushBbo(symbol));
    }
  }

  /** Pushes the bbo when it differs from the last one pushed. */
  private pushBbo(symbol: string): void {
    const data = this.deps.source.bbo(symbol);
    const text = JSON.stringify(data);
    if (this.lastBbo.get(symbol) === text) return;
    this.lastBbo.set(symbol, text);
    this.subscribers.push(MarketTopic.bbo(symbol), this.deps.clock(), data);
  }

  private listen(): void {
    if (this.off) return;
    const { source, clock } = this.deps;
    this.off = [
      source.on('book', ({ symbol }) => this.bookChanged(symbol, this.deps.ticking(symbol))),
      source.on('trade', (trade) =>
        this.subscribers.push(MarketTopic.trade(trade.symbol), clock(), tradeData(trade)),
      ),
    ];
  }

  private unlisten(): void {
    for (const off of this.off ?? []) off();
    this.off = undefined;
  }
}
