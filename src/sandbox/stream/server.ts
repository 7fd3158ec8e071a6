/**
 * The sandbox's WebSocket service on the REST port: upgrades on the facts' two paths,
 * heartbeats, and pushes of what the engine and the control endpoints produce (execution
 * reports, positions and balances on fills, wallet events, tickers, maintenance status) and
 * the public market topics (market-topic-feed.ts).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import {
  MAINTENANCE_TOPIC,
  type PrivateTopic,
  type WalletSide,
  type WalletStatus,
} from '../../contract/constants.ts';
import { round } from '../decimal.ts';
import type { MarketActivity } from '../market/activity.ts';
import { isPending } from '../records.ts';
import type { Account, SandboxState } from '../state.ts';
import type { TradingEngine } from '../trading.ts';
import { StreamConnection } from './connection.ts';
import { type MarketCadence, marketCadence } from './market-cadence.ts';
import { MarketTopicFeed, type MarketTopicTimers } from './market-topic-feed.ts';
import type { WalletEvent } from './payloads.ts';
import { listenPrivate } from './private-feed.ts';
import { type TickerData, tickers } from './tickers.ts';
import { type ParsedTopic, type StreamKind, tickersTopic } from './topics.ts';

export interface StreamOptions {
  /** Server pings every this many ms. @default 10_000 */
  pingIntervalMs?: number;
  /** Unanswered pings in a row before a client is dropped. @default 10 */
  maxMissedPongs?: number;
  /** Ticker pushes every this many ms. @default 1_000 */
  tickerIntervalMs?: number;
  /** Push cadences of the public market topics (defaults: the facts'). */
  market?: Partial<MarketCadence>;
}

export interface MaintenanceStatus {
  /** 0 normal, 2 maintenance. */
  status: 0 | 2;
  startTime?: number;
  endTime?: number;
}

export interface WalletEventInput {
  side: WalletSide;
  token: string;
  amount: number;
  status: WalletStatus;
}

export interface ConnectionCounts {
  public: number;
  private: Record<string, number>;
}

const PATHS: readonly [RegExp, StreamKind][] = [
  [/^\/ws\/stream\/([^/?]{1,128})$/, 'public'],
  [/^\/v2\/ws\/private\/stream\/([^/?]{1,128})$/, 'private'],
];
const MAX_FRAME_BYTES = 16 * 1024;

export interface StreamDeps {
  state: SandboxState;
  engine: TradingEngine;
  clock: () => number;
  log: (line: string) => void;
  /** The activity control: while it drives a book, each of its ticks is pushed at once. */
  activity?: Pick<MarketActivity, 'rates'>;
}

export class StreamServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly connections = new Set<StreamConnection>();
  private readonly timers: NodeJS.Timeout[];
  /**
   * Engine listeners, on while a private client is subscribed: the engine builds its event
   * snapshots only when someone listens.
   */
  private offEngine: (() => void) | undefined;
  private readonly market: MarketTopicFeed;
  private refusing = false;
  private walletIds = 0;
  maintenance: MaintenanceStatus = { status: 0 };

  constructor(
    private readonly deps: StreamDeps,
    options: StreamOptions = {},
  ) {
    const maxMissed = options.maxMissedPongs ?? 10;
    this.timers = [
      setInterval(() => this.heartbeat(maxMissed), options.pingIntervalMs ?? 10_000),
      setInterval(() => this.pushTickers(), options.tickerIntervalMs ?? 1_000),
    ];
    for (const timer of this.timers) timer.unref();
    this.market = new MarketTopicFeed({
      source: deps.state.feed,
      ticking: (symbol) => (deps.activity?.rates(symbol).bookUpdatesPerSecond ?? 0) > 0,
      clock: deps.clock,
      cadence: marketCadence(options.market),
    });
  }

  /** Serves upgrades of `server` on the stream paths; anything else is refused. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      // An upgrade socket has no error listener of node's: a client's reset while it is
      // refused would throw (ws adds its own once it takes the socket).
      socket.on('error', () => socket.destroy());
      const path = (req.url ?? '/').split('?')[0]!;
      const match = PATHS.map(([re, kind]) => [re.exec(path), kind] as const).find(([m]) => m);
      if (!match || this.refusing) {
        const status = match ? '503 Service Unavailable' : '404 Not Found';
        socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        return;
      }
      const [m, kind] = match;
      let accountId: string;
      try {
        accountId = decodeURIComponent(m![1]!).toLowerCase();
      } catch {
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        const connection = new StreamConnection(ws, kind, accountId, {
          state: this.deps.state,
          clock: this.deps.clock,
          subscribed: (c, topic, name) => this.onSubscribed(c, topic, name),
          unsubscribed: (c, topic, name) => {
            if (topic.kind === 'market') this.market.unsubscribe(c, name);
          },
          request: (c, id, params) => this.market.request(c, id, params),
        });
        this.connections.add(connection);
        ws.on('message', (data, isBinary) => {
          if (!isBinary) connection.receive(data.toString());
        });
        ws.on('close', () => this.gone(connection));
        ws.on('error', () => ws.terminate());
      });
    });
  }

  counts(): ConnectionCounts {
    const counts: ConnectionCounts = { public: 0, private: {} };
    for (const c of this.connections) {
      if (c.kind === 'public') counts.public++;
      else counts.private[c.pathAccountId] = (counts.private[c.pathAccountId] ?? 0) + 1;
    }
    return counts;
  }

  /** Closes every stream connection; with `refuse`, new ones are refused (503) until `accept()`. */
  drop(refuse = false): number {
    const n = this.connections.size;
    this.refusing = refuse;
    for (const c of this.connections) {
      c.ws.terminate();
      this.gone(c);
    }
    return n;
  }

  accept(): void {
    this.refusing = false;
  }

  /** The next `{symbol}@orderbookupdate` is withheld: the one after it does not chain. */
  breakBookChain(symbol: string): { symbol: string; ts: number } {
    return this.market.breakBookChain(symbol);
  }

  /** Timers and listeners of the market topics now (all gone when nobody follows one). */
  marketTopicTimers(): MarketTopicTimers {
    return this.market.activity();
  }

  /** Announces a maintenance status; entering maintenance cancels pending orders. */
  setMaintenance(status: MaintenanceStatus): void {
    this.maintenance = status;
    for (const c of this.subscribers('public', MAINTENANCE_TOPIC)) {
      c.push(MAINTENANCE_TOPIC, this.maintenance);
    }
    if (status.status !== 2) return;
    // maintenance_cancel_orders is true for every sandbox account (GET /v1/client/info).
    for (const order of [...this.deps.state.orders.values()]) {
      if (isPending(order)) this.deps.engine.cancel(order, 'cancelled for maintenance');
    }
  }

  /** A deposit or withdrawal status change; COMPLETED moves the balance. */
  walletEvent(account: Account, input: WalletEventInput): WalletEvent {
    const now = this.deps.clock();
    const event: WalletEvent = {
      id: `sandbox-${++this.walletIds}`,
      side: input.side,
      token: input.token,
      amount: input.amount,
      fee: 0,
      trans_status: input.status,
      created_time: now,
      updated_time: now,
    };
    this.pushPrivate(account.accountId, 'wallet', event);
    // Moves the holding; the state tells the balance listeners (a `balance` push).
    if (input.status === 'COMPLETED') {
      const sign = input.side === 'DEPOSIT' ? 1 : -1;
      this.deps.state.setBalance(account, round(account.balance + sign * input.amount));
    }
    return event;
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.offEngine?.();
    this.offEngine = undefined;
    this.drop();
    this.market.close();
    this.wss.close();
  }

  private *subscribers(kind: StreamKind, topic: string, accountId?: string) {
    const id = accountId?.toLowerCase();
    for (const c of this.connections) {
      if (c.kind !== kind || !c.topics.has(topic)) continue;
      if (id !== undefined && c.account?.accountId.toLowerCase() !== id) continue;
      yield c;
    }
  }

  /** One frame for every connection of the account, as the service sends it (one `ts`). */
  private pushPrivate(accountId: string, topic: PrivateTopic, data: unknown): void {
    let text: string | undefined;
    for (const c of this.subscribers('private', topic, accountId)) {
      text ??= JSON.stringify({ topic, ts: this.deps.clock(), data });
      c.sendText(text);
    }
  }

  private onSubscribed(connection: StreamConnection, topic: ParsedTopic, name: string): void {
    if (topic.kind === 'maintenance') connection.push(MAINTENANCE_TOPIC, this.maintenance);
    if (topic.kind === 'market') this.market.subscribe(connection, name, topic.ref);
    if (topic.kind === 'private' && !this.offEngine) {
      this.offEngine = listenPrivate(this.deps.state.events, (id, t, data) =>
        this.pushPrivate(id, t, data),
      );
    }
  }

  private gone(connection: StreamConnection): void {
    if (!this.connections.delete(connection)) return;
    this.market.gone(connection);
    if (!this.offEngine || [...this.connections].some((c) => c.kind === 'private')) return;
    this.offEngine();
    this.offEngine = undefined;
  }

  private heartbeat(maxMissed: number): void {
    const ping = { event: 'ping', ts: this.deps.clock() };
    for (const c of this.connections) {
      if (c.missedPongs >= maxMissed) {
        c.ws.terminate();
        continue;
      }
      c.missedPongs++;
      c.send(ping);
    }
  }

  private pushTickers(): void {
    const { state } = this.deps;
    const all = tickersTopic(state.brokerId);
    // Computed once per tick, and only when someone follows a ticker.
    let figures: Map<string, TickerData> | undefined;
    for (const c of this.connections) {
      if (c.kind !== 'public') continue;
      for (const [name, topic] of c.topics) {
        if (topic.kind === 'tickers') {
          figures ??= tickers(state);
          c.push(all, [...figures.values()]);
        } else if (topic.kind === 'ticker') {
          figures ??= tickers(state);
          c.push(name, figures.get(topic.symbol));
        }
      }
    }
  }
}
