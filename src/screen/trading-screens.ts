/**
 * The replica's trading screens: one computation per (account, symbol, depth) shared by all
 * of that account's subscribers here, made with the first and stopped with the last. Bounded:
 * at most `max` screens on the replica and `maxPerAccount` per account; a subscriber past
 * either is refused ({@link ScreenLimitError}), never queued. The screens of one (symbol,
 * depth) follow its book and tick together (screen-group.ts); the live marks are watched
 * once for every screen and each symbol's funding topic followed once for its groups.
 */
import { MarketTopic } from '../contract/wire-market-stream.ts';
import type { MarkPriceModel } from '../models/market-live.ts';
import type { AccountApi, AccountCredentials } from '../upstream/api.ts';
import type { StreamHub } from '../upstream/stream/hub.ts';
import { estFundingFromStream } from './funding.ts';
import { ScreenGroup } from './screen-group.ts';
import type { ScreenPorts, ScreenSubscriber, ScreenTotals } from './screen-ports.ts';
import type { MarketReadsApi } from './screen-reads.ts';
import { TradingScreen } from './trading-screen.ts';

export interface TradingScreensOptions {
  hub: StreamHub;
  /** The account's upstream view (the gateway's shared client, no request deadline). */
  forAccount(credentials: AccountCredentials): AccountApi;
  market: MarketReadsApi;
  /** Screens on this replica at most. @default 1_000 */
  max?: number;
  /** Screens of one account at most. @default 10 */
  maxPerAccount?: number;
  /** @default 100 (10 frames a second) */
  intervalMs?: number;
  /** @default 1_000 */
  holdMs?: number;
  /** @default 15_000 */
  loadTimeoutMs?: number;
  now?: () => number;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

/** A new screen would pass a bound. */
export class ScreenLimitError extends Error {
  constructor(
    readonly scope: 'replica' | 'account',
    readonly max: number,
  ) {
    super(`at most ${max} trading screens per ${scope}`);
    this.name = 'ScreenLimitError';
  }
}

export interface ScreenStats extends ScreenTotals {
  screens: number;
  subscribers: number;
}

/** A symbol's groups (one per depth) and its `@estfundingrate` listener. */
class SymbolScreens {
  readonly groups = new Map<number, ScreenGroup>();
  constructor(readonly topic: string) {}

  publicData(data: unknown): void {
    const estimate = estFundingFromStream(data);
    if (!estimate) return;
    for (const g of this.groups.values()) {
      g.fundingEstimate(estimate.fundingRate, estimate.fundingTs);
    }
  }
}

export class TradingScreens {
  readonly totals: ScreenTotals = { frames: 0, held: 0, loads: 0 };
  private readonly screens = new Map<string, TradingScreen>();
  private readonly perAccount = new Map<string, number>();
  private readonly bySymbol = new Map<string, SymbolScreens>();
  private unwatchMarks: (() => void) | undefined;
  private readonly max: number;
  private readonly maxPerAccount: number;

  constructor(private readonly options: TradingScreensOptions) {
    this.max = options.max ?? 1_000;
    this.maxPerAccount = options.maxPerAccount ?? 10;
  }

  /** Adds `subscriber` to the account's screen of (symbol, depth), made if need be. */
  subscribe(
    credentials: AccountCredentials,
    symbol: string,
    depth: number,
    subscriber: ScreenSubscriber,
  ): TradingScreen {
    const key = `${credentials.accountId}|${symbol}|${depth}`;
    let screen = this.screens.get(key);
    if (!screen) {
      const held = this.perAccount.get(credentials.accountId) ?? 0;
      if (this.screens.size >= this.max) throw new ScreenLimitError('replica', this.max);
      if (held >= this.maxPerAccount) throw new ScreenLimitError('account', this.maxPerAccount);
      screen = this.open(key, credentials, symbol, depth);
    }
    screen.add(subscriber);
    return screen;
  }

  unsubscribe(screen: TradingScreen, subscriber: ScreenSubscriber): void {
    screen.remove(subscriber);
  }

  stats(): ScreenStats {
    let subscribers = 0;
    for (const s of this.screens.values()) subscribers += s.size;
    return { ...this.totals, screens: this.screens.size, subscribers };
  }

  close(): void {
    for (const screen of [...this.screens.values()]) screen.close();
  }

  private open(key: string, credentials: AccountCredentials, symbol: string, depth: number) {
    const { options } = this;
    const ports: ScreenPorts = {
      hub: options.hub,
      ticks: this.follow(symbol, depth),
      account: options.forAccount(credentials),
      market: options.market,
      totals: this.totals,
      closed: (s) => this.closed(s as TradingScreen),
      ...(options.log ? { log: options.log } : {}),
    };
    const screen = new TradingScreen(key, credentials, symbol, depth, ports, {
      holdMs: options.holdMs ?? 1_000,
      loadTimeoutMs: options.loadTimeoutMs ?? 15_000,
      now: options.now ?? Date.now,
    });
    this.screens.set(key, screen);
    this.perAccount.set(screen.accountId, (this.perAccount.get(screen.accountId) ?? 0) + 1);
    screen.start();
    return screen;
  }

  /** The group of (symbol, depth), with the symbol's funding topic and the marks. */
  private follow(symbol: string, depth: number): ScreenGroup {
    const { hub } = this.options;
    let held = this.bySymbol.get(symbol);
    if (!held) {
      held = new SymbolScreens(MarketTopic.estFundingRate(symbol));
      this.bySymbol.set(symbol, held);
      hub.listenPublic(held.topic, held);
    }
    this.unwatchMarks ??= hub.marks.watch((changed) => this.marksMoved(changed));
    let group = held.groups.get(depth);
    if (!group) {
      const { intervalMs = 100, now = Date.now } = this.options;
      group = new ScreenGroup(symbol, depth, hub.books, intervalMs, now);
      held.groups.set(depth, group);
      group.listen();
    }
    return group;
  }

  private marksMoved(changed: readonly MarkPriceModel[]): void {
    for (const m of changed) {
      for (const group of this.bySymbol.get(m.symbol)?.groups.values() ?? []) {
        group.markMoved(m.price);
      }
    }
  }

  private closed(screen: TradingScreen): void {
    if (this.screens.get(screen.key) !== screen) return;
    this.screens.delete(screen.key);
    const held = (this.perAccount.get(screen.accountId) ?? 1) - 1;
    if (held > 0) this.perAccount.set(screen.accountId, held);
    else this.perAccount.delete(screen.accountId);
    const symbol = this.bySymbol.get(screen.symbol);
    const group = symbol?.groups.get(screen.depth);
    if (symbol && group && group.size === 0) {
      group.close();
      symbol.groups.delete(screen.depth);
      if (symbol.groups.size === 0) {
        this.bySymbol.delete(screen.symbol);
        this.options.hub.unlistenPublic(symbol.topic, symbol);
      }
    }
    if (this.screens.size === 0) {
      this.unwatchMarks?.();
      this.unwatchMarks = undefined;
    }
  }
}
