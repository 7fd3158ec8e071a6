/** What a trading screen is given by its registry, and who it tells. */
import type { OrderBookModel } from '../models/market.ts';
import type { TradingScreenModel } from '../models/trading-screen.ts';
import type { AccountApi } from '../upstream/api.ts';
import type { StreamHub } from '../upstream/stream/hub.ts';
import type { MarketReadsApi } from './screen-reads.ts';

/** Why a screen ended its subscribers. */
export interface ScreenEnd {
  /**
   * `unknownSymbol`: the upstream does not list it; `streamRefused`: the account's stream
   * authentication kept failing; `unavailable`: the first state could not be read.
   */
  reason: 'unknownSymbol' | 'streamRefused' | 'unavailable';
  message: string;
}

/** A subscriber of a screen (an object: no closure per subscriber). */
export interface ScreenSubscriber {
  screenFrame(frame: TradingScreenModel): void;
  /** The screen ended: no frame follows. */
  screenEnded(end: ScreenEnd): void;
}

/** Figures of every screen of the replica (metrics read them at scrape time). */
export interface ScreenTotals {
  /** Frames computed (each one handed to every subscriber of its screen). */
  frames: number;
  /** Emissions held back because the book and the orders did not agree yet. */
  held: number;
  /** First states read. */
  loads: number;
}

/** A screen as its group (screen-group.ts) sees it. */
export interface TickedScreen {
  /** The group's tick: a frame, if the screen is live, as of `at`. */
  tick(at: number): void;
  /** The book cannot be served: the end. */
  bookFailed(reason: string): void;
  markMoved(price: number): void;
  /** An `@estfundingrate` push; false when older than what the screen has. */
  fundingEstimate(rate: number, at: number): boolean;
}

/** The book and the clock a screen shares with the others of its symbol and depth. */
export interface ScreenTicks {
  /** The symbol's book at the depth, as of the book channel's last frame. */
  readonly book: OrderBookModel | undefined;
  join(screen: TickedScreen): void;
  leave(screen: TickedScreen): void;
  /** The screen has something new to show: it emits with the next tick. */
  changed(screen: TickedScreen): void;
  /** A tick that emits the screen is scheduled. */
  due(screen: TickedScreen): boolean;
}

export interface ScreenPorts {
  hub: Pick<StreamHub, 'listenAccount' | 'unlistenAccount' | 'accountReady' | 'marks'>;
  /** The screen's group. */
  ticks: ScreenTicks;
  /** The account's upstream view (the gateway's shared client). */
  account: AccountApi;
  market: MarketReadsApi;
  totals: ScreenTotals;
  /** The screen stopped (its last subscriber left, or it ended). */
  closed(screen: { key: string; accountId: string; symbol: string }): void;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

export interface ScreenTiming {
  /** Longest wait for the book and the orders to agree. */
  holdMs: number;
  /** Longest wait for the first state (the stream up, the reads answered). */
  loadTimeoutMs: number;
  now(): number;
}
