/** What a trading screen is given by its registry, and who it tells. */
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

export interface ScreenPorts {
  hub: Pick<StreamHub, 'listenAccount' | 'unlistenAccount' | 'accountReady' | 'books' | 'marks'>;
  /** The account's upstream view (the gateway's shared client). */
  account: AccountApi;
  market: MarketReadsApi;
  totals: ScreenTotals;
  /** The screen stopped (its last subscriber left, or it ended). */
  closed(screen: { key: string; accountId: string; symbol: string }): void;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

export interface ScreenTiming {
  /** Least time between two frames. */
  intervalMs: number;
  /** Longest wait for the book and the orders to agree. */
  holdMs: number;
  /** Longest wait for the first state (the stream up, the reads answered). */
  loadTimeoutMs: number;
  now(): number;
}
