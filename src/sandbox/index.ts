/**
 * The svc REST service, in memory: `createSandbox()` listens (127.0.0.1, port 0 by default)
 * and serves every endpoint of the spec with its signature checks, validation and limits.
 * Used by the gateway as its embedded upstream and by the integration tests over real HTTP.
 */
import { AlgoEngine } from './algo/engine.ts';
import { CancelAllAfter } from './cancel-all-after.ts';
import { createControl } from './control.ts';
import { type DemoCredentials, generateDemoAccount } from './demo.ts';
import type { SandboxEvents } from './events.ts';
import { type FaultConfig, FaultInjector } from './faults.ts';
import type { Handler, Layer } from './http.ts';
import { RateLimiter } from './limits.ts';
import { ACTIVITY_MAX_RATE, type ActivityRates, MarketActivity } from './market/activity.ts';
import type { MarketFeed } from './market/feed.ts';
import type { Book } from './market/market.ts';
import { Router } from './path-router.ts';
import { createApp } from './pipeline.ts';
import { bindRoute } from './router.ts';
import { SANDBOX_ROUTES } from './routes/index.ts';
import { type ParsedSeed, parseSeed, type SandboxSeed, type SeedAccount } from './seed.ts';
import { matches, serve, withControl } from './serve.ts';
import type { RequestLogEntry } from './server.ts';
import { SandboxState } from './state.ts';
import { type StreamOptions, StreamServer, streamControl } from './stream/index.ts';
import { Liquidator } from './stream/liquidation.ts';
import { TradingEngine } from './trading.ts';
import type { WalletBook } from './wallet/book.ts';
import { WithdrawalProcessor } from './wallet/processor.ts';

export type { DemoCredentials } from './demo.ts';
export type {
  BalanceChanged,
  FillDetail,
  OrderChanged,
  OrderChangeKind,
  PositionChanged,
  SandboxEventMap,
  SandboxEventName,
  SandboxEvents,
} from './events.ts';
export type { FaultConfig, FaultMatch, FaultPhase } from './faults.ts';
export type { HoldingRow } from './holdings.ts';
export type { Handler, Layer, SandboxRequest, SandboxResponse } from './http.ts';
export type { ActivityRates } from './market/activity.ts';
export type { MarketEventMap, MarketEventName } from './market/events.ts';
export type { BookView, FundingEstimate, FundingFigures, MarketFeed } from './market/feed.ts';
export type { Book, Level } from './market/market.ts';
export type { PublicTrade } from './market/trade-tape.ts';
export type { PositionRow, SandboxOrderRecord } from './records.ts';
export {
  loadSeedFile,
  parseSeed,
  type SandboxSeed,
  type SeedAccount,
  SeedError,
  type SymbolSeed,
} from './seed.ts';
export type { RequestLogEntry } from './server.ts';
export type { PnlSettlement, WithdrawalRecord } from './wallet/book.ts';

export interface SandboxOptions {
  /** Parsed seed (see `loadSeedFile`). Without one, a demo trader and admin are generated. */
  seed?: SandboxSeed;
  /** Server time in milliseconds. @default Date.now */
  clock?: () => number;
  /** `false` disables limits; `scale` multiplies every limit. @default { scale: 1 } */
  limits?: { scale?: number } | false;
  /** @default '127.0.0.1' */
  host?: string;
  /** @default 0 (an ephemeral port) */
  port?: number;
  /** Log sink; never receives secrets. @default no logging */
  log?: (line: string) => void;
  /**
   * Fault modes (see `faults.ts`): latency, 5xx, HTML pages, connection resets, malformed
   * JSON, 429 bursts, a skewed clock; `setFaults` changes them at run time. A `Layer` instead
   * wraps the whole pipeline with custom behaviour. @default no faults
   */
  faults?: FaultConfig | Layer;
  /**
   * Serve the control endpoints under `/sandbox/` (markets' mid, faults, an account's orders):
   * unauthenticated, so keep the sandbox on a loopback address. @default true
   */
  control?: boolean;
  /** WebSocket stream timings (ping interval, missed pongs, ticker interval). */
  stream?: StreamOptions;
  /** How long a withdrawal stays in each status before the next. @default 1000 */
  withdrawalStepMs?: number;
}

/** One order as tests see it (`Sandbox.orders`). */
export interface SandboxOrder {
  orderId: number;
  clientOrderId: string | null;
  symbol: string;
  status: string;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:43567 */
  url: string;
  close(): Promise<void>;
  /** Adds an account, or binds another key to a known one. */
  registerAccount(account: SeedAccount): void;
  readonly requestLog: readonly RequestLogEntry[];
  requestCount(filter?: { method?: string; path?: string | RegExp; accountId?: string }): number;
  resetRequestLog(): void;
  /** Generated when no seed was given; print once, never log. */
  demo: { trader: DemoCredentials; admin: DemoCredentials } | undefined;
  /**
   * A symbol's mid and synthetic levels now (bid0..bid4, ask0..ask4: what `level` picks);
   * the whole book, resting orders included, is `GET /v1/orderbook/{symbol}`.
   */
  book(symbol: string): Book;
  /** Moves a symbol's mid price; resting orders the new book crosses fill as maker. */
  setMidPrice(symbol: string, price: number): void;
  /** Synthetic book changes and trades per second for a symbol (0 and 0 stop; ≤ 1000 each). */
  setActivity(symbol: string, rates: ActivityRates): void;
  /** Every market's book, trades, prices, candles and funding, and their events (market/feed.ts). */
  readonly market: MarketFeed;
  /** Forgets every rate-limit window. */
  resetLimits(): void;
  /** An account's orders, every status, oldest first (e.g. to count them after a fault). */
  orders(accountId: string): SandboxOrder[];
  /** Switches fault modes on (a config) or off (`null`), restarting their counts. */
  setFaults(config: FaultConfig | null): void;
  /** Requests faulted since the last `setFaults` (or start). */
  faultCount(): number;
  /** Order, position and balance changes as they happen (for the live streams). */
  readonly events: Pick<SandboxEvents, 'on' | 'listening'>;
  /** The WebSocket streams (`/ws/stream/…`, `/v2/ws/private/stream/…`). */
  stream: StreamServer;
  /** The broker every account belongs to (the stream topics' `{broker_id}`). */
  brokerId: string;
  /** Withdrawals and PnL settlements per account, oldest first (wallet/book.ts). */
  readonly wallet: Pick<WalletBook, 'withdrawals' | 'settlements'>;
}

/** The seed to start from: the given one, or a demo trader and admin generated now. */
function seedOf(given: SandboxSeed | undefined): { seed: ParsedSeed; demo: Sandbox['demo'] } {
  const seed = parseSeed(given ?? { brokerId: 'demo', accounts: [] });
  if (given !== undefined) return { seed, demo: undefined };
  const trader = generateDemoAccount(seed.brokerId, 'trader');
  const admin = generateDemoAccount(seed.brokerId, 'broker_admin');
  seed.accounts.push(trader.seed, admin.seed);
  return { seed, demo: { trader: trader.credentials, admin: admin.credentials } };
}

/** Whether a request log entry passes a `requestCount` filter. */
/** The state of the seed, its event listeners' exceptions logged. */
function stateOf(given: SandboxSeed | undefined, clock: () => number, log: (line: string) => void) {
  const { seed, demo } = seedOf(given);
  const state = new SandboxState(seed, clock);
  state.events.onError = (error) =>
    log(`sandbox: an event listener threw: ${(error as Error).stack ?? String(error)}`);
  state.marketEvents.onError = state.events.onError;
  return { state, demo };
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const hostClock = options.clock ?? Date.now;
  const custom = typeof options.faults === 'function' ? options.faults : undefined;
  const injector = new FaultInjector(
    hostClock,
    typeof options.faults === 'object' ? options.faults : null,
  );
  // The server clock: the host's (or the given one), plus any skew the faults configure.
  const clock = () => injector.now();
  const log = options.log ?? (() => {});
  const { state, demo } = stateOf(options.seed, clock, log);
  const engine = new TradingEngine(state, clock);
  const algo = new AlgoEngine(state, engine, clock);
  const cancelAllAfter = new CancelAllAfter({ state, engine, algo, clock, log });
  const limiter =
    options.limits === false ? undefined : new RateLimiter(clock, options.limits?.scale ?? 1);
  const router = new Router(SANDBOX_ROUTES.map(bindRoute));
  const app = createApp({ state, engine, algo, cancelAllAfter, router, limiter, clock, log });
  const faulty: Handler = (req) => injector.layer(req, app);
  const served: Handler = custom ? (req) => custom(req, faulty) : faulty;
  const activity = new MarketActivity(state.markets);
  const stream = new StreamServer({ state, engine, clock, log, activity }, options.stream);
  // Control requests bypass faults and custom layers: they must work during an outage.
  const controlDeps = { state, engine, injector, activity, clock, log, stream, cancelAllAfter };
  const control = options.control === false ? undefined : createControl(controlDeps);
  const liquidator = new Liquidator(state, engine, clock);
  const withdrawals = new WithdrawalProcessor(state, clock, options.withdrawalStepMs);
  const handler = control
    ? withControl(served, control, streamControl(stream, state, clock))
    : served;
  const { server, requestLog } = await serve(handler, options, { state, stream, clock, log });
  const parts = [activity, stream, liquidator, algo, cancelAllAfter, withdrawals];
  const close = () => {
    injector.dispose();
    for (const part of parts) part.close();
    return server.close();
  };
  return sandboxOf({
    url: server.url,
    close,
    state,
    engine,
    injector,
    limiter,
    stream,
    requestLog,
    demo,
    activity,
  });
}

interface SandboxParts extends Pick<Sandbox, 'url' | 'close' | 'demo' | 'stream'> {
  requestLog: RequestLogEntry[];
  state: SandboxState;
  engine: TradingEngine;
  injector: FaultInjector;
  limiter: RateLimiter | undefined;
  activity: MarketActivity;
}

/** The running sandbox's handle: its parts behind the methods tests and the CLI call. */
function sandboxOf(parts: SandboxParts): Sandbox {
  const { state, engine, injector, limiter, requestLog } = parts;
  return {
    url: parts.url,
    close: parts.close,
    registerAccount: (account) => {
      state.registerAccount(account);
    },
    requestLog,
    requestCount: (filter = {}) => requestLog.filter((e) => matches(e, filter)).length,
    resetRequestLog: () => {
      requestLog.length = 0;
    },
    demo: parts.demo,
    book: (symbol) => state.market(symbol).syntheticBook(),
    setMidPrice: (symbol, price) => {
      engine.setMid(symbol, price);
    },
    setActivity: (symbol, rates) => {
      if (!state.symbolKnown(symbol)) throw new Error(`unknown symbol ${symbol}`);
      const bounded = (n: number) => Math.min(ACTIVITY_MAX_RATE, Math.max(0, n));
      parts.activity.set(symbol, {
        bookUpdatesPerSecond: bounded(rates.bookUpdatesPerSecond),
        tradesPerSecond: bounded(rates.tradesPerSecond),
      });
    },
    market: state.feed,
    resetLimits: () => limiter?.reset(),
    orders: (accountId) =>
      (state.account(accountId)?.orders ?? []).map((o) => ({
        orderId: o.orderId,
        clientOrderId: o.clientOrderId,
        symbol: o.symbol,
        status: o.status,
      })),
    setFaults: (config) => injector.set(config),
    faultCount: () => injector.injected,
    events: state.events,
    stream: parts.stream,
    brokerId: state.brokerId,
    wallet: state.wallet,
  };
}
