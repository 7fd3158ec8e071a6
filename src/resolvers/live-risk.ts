/**
 * The replica's positionUpdates sources: one AccountPositions per account with subscribers
 * here (live-account-positions.ts), one listener on the account's private stream for all of
 * them, and one watch of the live marks for all accounts, handing each moved mark only to the
 * accounts holding its symbol. An account without subscribers costs nothing; the last
 * subscriber's leaving drops its state, and the last account's releases the marks.
 * Also holds the accounts' imr factors for the risk figures (account-factors.ts).
 */

import type { MarkPriceModel } from '../models/market-live.ts';
import type { LiveContext } from '../schema/types.ts';
import type { AccountCredentials } from '../upstream/api.ts';
import { AccountFactors } from './account-factors.ts';
import { bySymbol } from './by-symbol.ts';
import {
  AccountPositions,
  type AccountSources,
  type PositionsSubscriber,
} from './live-account-positions.ts';
import { streamRefusedError } from './live-feed.ts';

export class PositionFeeds {
  readonly factors = new AccountFactors();
  private readonly accounts = new Map<string, AccountPositions>();
  private readonly watching = new Map<string, Set<AccountPositions>>();
  private readonly held = new Map<AccountPositions, ReadonlySet<string>>();
  private releaseMarks: (() => void) | undefined;

  constructor(private readonly live: LiveContext) {}

  /** Adds a subscriber to its account's positions (made, and listening, with the first). */
  join(credentials: AccountCredentials, subscriber: PositionsSubscriber): AccountPositions {
    const id = credentials.accountId;
    let account = this.accounts.get(id);
    if (!account) {
      account = this.open(credentials);
      this.live.hub.listenAccount(credentials, account);
      this.accounts.set(id, account);
      this.releaseMarks ??= this.live.hub.marks.watch((changed) => this.marksMoved(changed));
    }
    account.subscribers.add(subscriber);
    return account;
  }

  /** Removes a subscriber (idempotent); the account's last one closes it. */
  leave(accountId: string, account: AccountPositions, subscriber: PositionsSubscriber): void {
    account.subscribers.delete(subscriber);
    if (account.subscribers.size > 0 || this.accounts.get(accountId) !== account) return;
    account.close();
    this.live.hub.unlistenAccount(accountId, account);
    this.accounts.delete(accountId);
    this.index(account, new Set());
    if (this.accounts.size === 0) {
      this.releaseMarks?.();
      this.releaseMarks = undefined;
    }
  }

  /** Accounts followed (tests, metrics). */
  get size(): number {
    return this.accounts.size;
  }

  private open(credentials: AccountCredentials): AccountPositions {
    const { upstream, hub } = this.live;
    const api = upstream.forAccount(credentials);
    const sources: AccountSources = {
      rules: async () => bySymbol((await upstream.symbolInfos()).rows),
      factors: () => this.factors.get(credentials.accountId, () => api.accountInfo()),
      holdings: async () => (await api.holdings({})).holding,
      positions: async () => (await api.positions()).rows,
    };
    const account: AccountPositions = new AccountPositions({
      sources,
      mark: (symbol) => hub.marks.mark(symbol),
      holds: (symbols) => this.index(account, symbols),
      refused: streamRefusedError,
      now: Date.now,
    });
    return account;
  }

  /** Which accounts a symbol's mark concerns. */
  private index(account: AccountPositions, symbols: ReadonlySet<string>): void {
    for (const symbol of this.held.get(account) ?? []) {
      if (symbols.has(symbol)) continue;
      const set = this.watching.get(symbol);
      set?.delete(account);
      if (set?.size === 0) this.watching.delete(symbol);
    }
    for (const symbol of symbols) {
      let set = this.watching.get(symbol);
      if (!set) {
        set = new Set();
        this.watching.set(symbol, set);
      }
      set.add(account);
    }
    if (symbols.size > 0) this.held.set(account, symbols);
    else this.held.delete(account);
  }

  private marksMoved(changed: readonly MarkPriceModel[]): void {
    for (const { symbol } of changed) {
      for (const account of this.watching.get(symbol) ?? []) account.markMoved();
    }
  }
}

const feeds = new WeakMap<LiveContext, PositionFeeds>();

/** The replica's position feeds (one per live context: one per gateway). */
export function positionFeedsOf(live: LiveContext): PositionFeeds {
  let held = feeds.get(live);
  if (!held) {
    held = new PositionFeeds(live);
    feeds.set(live, held);
  }
  return held;
}
