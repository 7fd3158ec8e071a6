/**
 * What the market model tells as it happens, per symbol: the book changed (its resting
 * orders, its synthetic levels or its mid moved), a trade printed, the mark moved, a funding
 * period settled. Emitted
 * synchronously, after the change is complete (a listener reading the book sees it whole and
 * never crossed); one `book` event per engine operation, however many orders it touched.
 * Typed like the sandbox's own events (../events.ts): a throwing listener cannot break the
 * engine.
 */
import type { PublicTrade } from './trade-tape.ts';

export interface BookChanged {
  symbol: string;
  /** Server time of the change (ms). */
  timestamp: number;
}

export interface MarkChanged {
  symbol: string;
  price: number;
  timestamp: number;
}

/** A funding period ended: its rate settles on every position held (funding.ts). */
export interface FundingSettled {
  symbol: string;
  rate: number;
  /** The mark the period settled at. */
  mark: number;
  /** The period's end (ms), a UTC boundary. */
  timestamp: number;
}

export interface MarketEventMap {
  book: BookChanged;
  trade: PublicTrade;
  mark: MarkChanged;
  funding: FundingSettled;
}

export type MarketEventName = keyof MarketEventMap;
export type MarketListener<K extends MarketEventName> = (event: MarketEventMap[K]) => void;

export class MarketEvents {
  readonly #listeners: { [K in MarketEventName]: Set<MarketListener<K>> } = {
    book: new Set(),
    trade: new Set(),
    mark: new Set(),
    funding: new Set(),
  };

  /** Receives a listener's exception; the engine carries on. */
  onError: (error: unknown) => void = () => {};

  /** Subscribes; returns the unsubscribe function. */
  on<K extends MarketEventName>(name: K, listener: MarketListener<K>): () => void {
    const set = this.#listeners[name] as Set<MarketListener<K>>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  listening(name: MarketEventName): boolean {
    return this.#listeners[name].size > 0;
  }

  emit<K extends MarketEventName>(name: K, event: MarketEventMap[K]): void {
    for (const listener of this.#listeners[name] as Set<MarketListener<K>>) {
      try {
        listener(event);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
