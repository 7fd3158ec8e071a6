/**
 * Everything the sandbox remembers: accounts and their keys, markets, broker settings,
 * referral codes, points stages, orders and the counters behind ids and nonces. Routes read
 * and change it; trading.ts holds the order engine on top of it.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { formatEd25519PublicKey, parseEd25519PublicKey, parseTradingKey } from '../auth/keys.ts';
import type { MarginMode } from '../contract/wire.ts';
import { AlgoBook } from './algo/book.ts';
import { SandboxEvents } from './events.ts';
import { HistoryBook } from './history/book.ts';
import { recordHistory } from './history/recorder.ts';
import { holdingRow } from './holdings.ts';
import { DEFAULT_SYMBOLS } from './market/default-symbols.ts';
import { MarketEvents } from './market/events.ts';
import { MarketFeed } from './market/feed.ts';
import { Market } from './market/market.ts';
import { openInterestOf } from './market/open-interest.ts';
import { isPending } from './records.ts';
import type { ParsedSeed, SeedAccount, SymbolConfig } from './seed.ts';
import type {
  Account,
  FeeRates,
  Order,
  OrderTagConfig,
  PointsStage,
  RefereeStats,
  ReferralCodeState,
  Trade,
} from './types.ts';
import { WalletBook } from './wallet/book.ts';

export type {
  Account,
  FeeRates,
  Order,
  OrderTagConfig,
  PointsStage,
  Position,
  RefereeStats,
  ReferralCodeState,
  Role,
  Trade,
} from './types.ts';

export const DEFAULT_BALANCE = 1_000_000;
export const DEFAULT_FEE_RATES: FeeRates = {
  maker_fee_rate: 0.0002,
  taker_fee_rate: 0.0005,
  rwa_maker_fee_rate: 0.0003,
  rwa_taker_fee_rate: 0.0006,
};
export const DEFAULT_MAX_LEVERAGE = 20;

/** Fills remembered per account; older ones are forgotten (24 h figures then undercount). */
export const MAX_TRADES_PER_ACCOUNT = 10_000;

const lower = (s: string) => s.toLowerCase();

export class SandboxState {
  readonly brokerId: string;
  readonly accounts = new Map<string, Account>();
  /** Canonical `ed25519:<base58>` → lower-case account id. */
  readonly keys = new Map<string, string>();
  readonly markets = new Map<string, Market>();
  feeRates: FeeRates;
  readonly maxLeverage: number;
  readonly orderTags = new Map<string, OrderTagConfig>();
  readonly referralCodes = new Map<string, ReferralCodeState>();
  /** `${code}|${lower-case referee account id}` → stats. */
  readonly referees = new Map<string, RefereeStats>();
  readonly stages: PointsStage[] = [];
  readonly orders = new Map<number, Order>();
  /** Algo orders (algo/): trees by id, per account, open ones, the orders they placed. */
  readonly algo = new AlgoBook();
  /** Withdrawals, PnL settlements and their nonces, per account (wallet/book.ts). */
  readonly wallet = new WalletBook();
  /** Deposits, transfers, closed positions, liquidations and funding fees (history/). */
  readonly history = new HistoryBook();
  /** Order, position and balance changes, for the live streams. */
  readonly events = new SandboxEvents();
  /** Book, trade and mark changes of every market (market/events.ts). */
  readonly marketEvents = new MarketEvents();
  /** Every market's state and events, for the market-data routes and topics (market/feed.ts). */
  readonly feed: MarketFeed;
  private counters = {
    userId: 0,
    orderId: 0,
    tradeId: 0,
    transfer: 0,
    svNonce: 0,
    stage: 0,
  };

  constructor(
    seed: ParsedSeed,
    /** Server time in milliseconds. */
    readonly clock: () => number = Date.now,
  ) {
    this.brokerId = seed.brokerId;
    this.feeRates = { ...DEFAULT_FEE_RATES, ...seed.feeRates };
    this.maxLeverage = seed.maxLeverage ?? DEFAULT_MAX_LEVERAGE;
    const options = { clock, events: this.marketEvents, maxLeverage: this.maxLeverage };
    for (const config of seed.symbols ?? DEFAULT_SYMBOLS) {
      this.markets.set(config.symbol, new Market(config as SymbolConfig, options));
    }
    this.feed = new MarketFeed(
      {
        markets: this.markets,
        clock,
        openInterest: (s) => openInterestOf(this.accounts.values(), s),
      },
      this.marketEvents,
    );
    recordHistory(this);
    for (const account of seed.accounts) this.registerAccount(account);
  }

  symbolKnown = (symbol: string): boolean => this.markets.has(symbol);

  market(symbol: string): Market {
    const market = this.markets.get(symbol);
    if (!market) throw new Error(`unknown symbol ${symbol}`);
    return market;
  }

  /**
   * Adds an account, or adds a key to a known one (and updates the fields given). A key is
   * bound to one account only.
   */
  registerAccount(seed: SeedAccount): Account {
    const id = lower(seed.accountId);
    const key = formatEd25519PublicKey(parseEd25519PublicKey(seed.key));
    const holder = this.keys.get(key);
    if (holder !== undefined && holder !== id) {
      throw new Error(`sandbox: key already bound to another account (${holder})`);
    }
    const tradingKey =
      seed.tradingKey === undefined
        ? undefined
        : Buffer.from(parseTradingKey(seed.tradingKey).subarray(1)).toString('hex');
    let account = this.accounts.get(id);
    if (account) {
      account.role = seed.role;
      if (tradingKey) account.tradingKey = tradingKey;
      if (seed.email) account.email = seed.email;
      if (seed.userAddress) account.userAddress = seed.userAddress;
      if (seed.balance !== undefined) this.setBalance(account, seed.balance);
    } else {
      const userId = ++this.counters.userId;
      account = {
        accountId: seed.accountId,
        userId,
        role: seed.role,
        email: seed.email ?? `user${userId}@sandbox.invalid`,
        userAddress: seed.userAddress ?? addressOf(seed.accountId),
        tradingKey,
        balance: seed.balance ?? DEFAULT_BALANCE,
        balanceTime: this.clock(),
        marginModes: new Map(),
        leverages: new Map(),
        positions: new Map(),
        ordersByClientId: new Map(),
        orders: [],
        openOrders: new Set(),
        frozen: new Map(),
        trades: [],
        transferNonces: new Set(),
        withdrawing: 0,
        affiliateRebateRate: undefined,
        referredBy: undefined,
      };
      this.accounts.set(id, account);
      this.history.seedDeposited(account, this.clock());
    }
    this.keys.set(key, id);
    return account;
  }

  account(accountId: string): Account | undefined {
    return this.accounts.get(lower(accountId));
  }

  accountOfKey(canonicalKey: string): Account | undefined {
    const id = this.keys.get(canonicalKey);
    return id === undefined ? undefined : this.accounts.get(id);
  }

  marginMode(account: Account, symbol: string): MarginMode {
    return account.marginModes.get(symbol) ?? 'CROSS';
  }

  /** Pending orders (not final) of an account, optionally in one symbol, oldest first. */
  pendingOrders(account: Account, symbol?: string): Order[] {
    return [...account.openOrders].filter(
      (o) => (symbol === undefined || o.symbol === symbol) && isPending(o),
    );
  }

  /** Adds an order to the books of the service and of its account. */
  addOrder(order: Order): void {
    this.orders.set(order.orderId, order);
    order.account.orders.push(order);
    if (isPending(order)) order.account.openOrders.add(order);
    if (order.clientOrderId !== null) {
      order.account.ordersByClientId.set(order.clientOrderId, order);
    }
  }

  /** Remembers a fill, forgetting the oldest beyond the bound. */
  addTrade(account: Account, trade: Trade): void {
    account.trades.push(trade);
    if (account.trades.length > MAX_TRADES_PER_ACCOUNT * 1.1) {
      account.trades.splice(0, account.trades.length - MAX_TRADES_PER_ACCOUNT);
    }
  }

  /**
   * Sets the USDC holding and its time, and tells the balance listeners (`emit` false: the
   * engine tells them itself, after the order and position events of the same fill).
   */
  setBalance(account: Account, balance: number, emit = true): void {
    if (balance === account.balance) return;
    account.balance = balance;
    account.balanceTime = this.clock();
    if (emit) this.emitBalance(account);
  }

  emitBalance(account: Account, token = 'USDC'): void {
    if (!this.events.listening('balance')) return;
    const balance = holdingRow(account, token);
    this.events.emit('balance', { accountId: account.accountId, balance, timestamp: this.clock() });
  }

  hasPosition(account: Account, symbol: string): boolean {
    return [...account.positions.entries()].some(
      ([key, p]) => key.startsWith(`${symbol}|`) && p.quantity !== 0,
    );
  }

  nextOrderId = () => ++this.counters.orderId;
  nextTradeId = () => ++this.counters.tradeId;
  nextTransferId = () => ++this.counters.transfer;
  nextWithdrawNonce = () => this.wallet.nextNonce('withdraw');
  nextSvNonce = () => ++this.counters.svNonce;
  nextStageId = () => ++this.counters.stage;
}

/** A stable user address for an account seeded without one. */
function addressOf(accountId: string): string {
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower(accountId)))).toString('hex');
  return `0x${hash.slice(-40)}`;
}
