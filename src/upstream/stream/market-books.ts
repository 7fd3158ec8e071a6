/**
 * The replica's local order books (DESIGN decision 16): one per symbol with subscribers,
 * fed by the public connection's `{symbol}@orderbookupdate` topic and its one-shot
 * `request` orderbook snapshots, dropped with its last subscriber.
 */
import { MarketTopic } from '../../contract/wire-market-stream.ts';
import {
  BookChannel,
  type BookChannelStats,
  type BookListener,
  BookUnavailable,
} from '../../market/book-channel.ts';
import type { BookSnapshot } from '../../market/local-book.ts';
import { bookSnapshotFromAnswer, bookUpdateFromStream } from './map-market.ts';
import type { RequestAnswer } from './pending-requests.ts';
import { RequestError } from './pending-requests.ts';

/** What the books need of the hub's public connection. */
export interface PublicPort {
  listen(topic: string, listener: { publicData(data: unknown, ts: number): void }): void;
  unlisten(topic: string, listener: { publicData(data: unknown, ts: number): void }): void;
  request(params: object): Promise<RequestAnswer>;
  ready(): boolean;
}

export interface MarketBooksOptions {
  retryDelay(attempt: number): number;
  /** @default 100 */
  intervalMs?: number;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

/** One symbol's book and its topic listener. */
class BookEntry {
  readonly topic: string;
  readonly channel: BookChannel;

  constructor(
    readonly symbol: string,
    port: PublicPort,
    options: MarketBooksOptions,
    totals: BookChannelStats,
  ) {
    this.topic = MarketTopic.orderbookUpdate(symbol);
    this.channel = new BookChannel({
      symbol,
      snapshot: () => snapshotOf(port, symbol),
      connected: () => port.ready(),
      retryDelay: options.retryDelay,
      totals,
      ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
  }

  publicData(data: unknown, ts: number): void {
    this.channel.update(bookUpdateFromStream(data, ts));
  }
}

async function snapshotOf(port: PublicPort, symbol: string): Promise<BookSnapshot> {
  let answer: RequestAnswer;
  try {
    answer = await port.request({ type: 'orderbook', symbol });
  } catch (error) {
    if (error instanceof RequestError && error.refused && /invalid symbol/i.test(error.message)) {
      throw new BookUnavailable(`unknown symbol ${symbol}`);
    }
    throw error;
  }
  const snapshot = bookSnapshotFromAnswer(answer.data);
  if (!snapshot) throw new Error('malformed orderbook snapshot');
  return snapshot;
}

export class MarketBooks {
  private readonly entries = new Map<string, BookEntry>();
  /** Every book's snapshots, breaks and emissions since start (metrics read them at scrape time). */
  readonly totals: BookChannelStats = { snapshots: 0, breaks: 0, emissions: 0 };

  constructor(
    private readonly port: PublicPort,
    private readonly options: MarketBooksOptions,
  ) {}

  /** Follows a symbol's book at `depth` until {@link unlisten}. */
  listen(symbol: string, depth: number, listener: BookListener): void {
    let entry = this.entries.get(symbol);
    if (!entry) {
      entry = new BookEntry(symbol, this.port, this.options, this.totals);
      this.entries.set(symbol, entry);
      // Subscribed before the snapshot is asked for, on the same connection: no update
      // between the two is missed.
      this.port.listen(entry.topic, entry);
    }
    entry.channel.add(depth, listener);
  }

  /** Stops a listener (idempotent); the symbol's book goes with its last one. */
  unlisten(symbol: string, depth: number, listener: BookListener): void {
    const entry = this.entries.get(symbol);
    if (!entry?.channel.remove(depth, listener)) return;
    entry.channel.close();
    this.entries.delete(symbol);
    this.port.unlisten(entry.topic, entry);
  }

  /** Symbols with a local book (at least one subscriber). */
  get size(): number {
    return this.entries.size;
  }

  /** The public connection is (back) up with every topic subscribed: resnapshot each book. */
  connectionReady(): void {
    for (const e of this.entries.values()) e.channel.connectionReady();
  }

  connectionDown(): void {
    for (const e of this.entries.values()) e.channel.connectionDown();
  }

  /** A symbol's book figures (tests, metrics); undefined when nobody follows it. */
  stats(
    symbol: string,
  ): (BookChannelStats & { listeners: number; synced: boolean; ts: number }) | undefined {
    const channel = this.entries.get(symbol)?.channel;
    if (!channel) return undefined;
    const { book } = channel;
    return { ...channel.stats, listeners: channel.size, synced: book.synced, ts: book.ts };
  }

  close(): void {
    for (const e of this.entries.values()) e.channel.close();
    this.entries.clear();
  }
}
