/**
 * The replica's live mark prices, from the public `markprices` topic (every symbol, 1 s): the
 * order checks and the risk figures read the mark here instead of a REST read. The topic is
 * followed from the first read or watch until `idleMs` after the last one, so an idle
 * gateway keeps no public connection open for it. A mark older than `maxAgeMs` (the stream
 * stalled or went down) is not served: the caller falls back to REST.
 */

import { MarketTopic } from '../../contract/wire-market-stream.ts';
import type { MarkPriceModel } from '../../models/market-live.ts';
import { markPricesFromStream } from './map-market.ts';

/** What the marks need of the hub's public connection. */
export interface MarksPort {
  listen(topic: string, listener: LiveMarks): void;
  unlisten(topic: string, listener: LiveMarks): void;
}

/** Told the marks that changed with each push (those whose price moved). */
export type MarksListener = (changed: readonly MarkPriceModel[]) => void;

export interface LiveMarksOptions {
  now?: () => number;
  /** @default 5_000 (five pushes missed) */
  maxAgeMs?: number;
  /** @default 60_000 */
  idleMs?: number;
}

interface Mark {
  price: number;
  at: number;
}

export class LiveMarks {
  private readonly marks = new Map<string, Mark>();
  private readonly watchers = new Set<MarksListener>();
  private following = false;
  private lastUse = 0;
  private idle: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly maxAgeMs: number;
  private readonly idleMs: number;

  constructor(
    private readonly port: MarksPort,
    options: LiveMarksOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.maxAgeMs = options.maxAgeMs ?? 5_000;
    this.idleMs = options.idleMs ?? 60_000;
  }

  /** The symbol's live mark; undefined when none is fresh (the first read only starts following). */
  mark(symbol: string): number | undefined {
    this.use();
    const mark = this.marks.get(symbol);
    return mark && this.now() - mark.at <= this.maxAgeMs ? mark.price : undefined;
  }

  /** Symbols with a mark received (fresh or not). */
  symbols(): string[] {
    return [...this.marks.keys()];
  }

  /** Calls `listener` with the marks that moved on each push until the returned release. */
  watch(listener: MarksListener): () => void {
    this.watchers.add(listener);
    this.use();
    return () => {
      this.watchers.delete(listener);
      this.lastUse = this.now();
    };
  }

  /** A `markprices` push (the hub's public listener interface). */
  publicData(data: unknown): void {
    const at = this.now();
    const changed: MarkPriceModel[] = [];
    for (const m of markPricesFromStream(data) ?? []) {
      if (this.marks.get(m.symbol)?.price !== m.price) changed.push(m);
      this.marks.set(m.symbol, { price: m.price, at });
    }
    if (changed.length === 0) return;
    for (const watcher of this.watchers) watcher(changed);
  }

  /** The public connection went down: no mark is current until the next push. */
  connectionDown(): void {
    this.marks.clear();
  }

  close(): void {
    clearTimeout(this.idle);
    this.idle = undefined;
    if (this.following) this.port.unlisten(MarketTopic.markPrices, this);
    this.following = false;
    this.marks.clear();
  }

  private use(): void {
    this.lastUse = this.now();
    if (this.following) return;
    this.following = true;
    this.port.listen(MarketTopic.markPrices, this);
    this.scheduleIdleCheck(this.idleMs);
  }

  /** Unfollows once nobody watches and nobody read for `idleMs`. */
  private scheduleIdleCheck(delayMs: number): void {
    this.idle = setTimeout(() => {
      const quietFor = this.now() - this.lastUse;
      if (this.watchers.size > 0 || quietFor < this.idleMs) {
        this.scheduleIdleCheck(this.watchers.size > 0 ? this.idleMs : this.idleMs - quietFor);
        return;
      }
      this.idle = undefined;
      this.following = false;
      this.marks.clear();
      this.port.unlisten(MarketTopic.markPrices, this);
    }, delayMs);
    this.idle.unref();
  }
}
