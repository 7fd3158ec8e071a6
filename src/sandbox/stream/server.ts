/**
 * The sandbox's WebSocket service on the REST port: upgrades on the facts' two paths,
 * heartbeats, and pushes of what the engine and the control endpoints produce (execution
 * reports, positions and balances on fills, wallet events, tickers, maintenance status).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { SandboxEvent } from '../events.ts';
import type { Account, SandboxState } from '../state.ts';
import type { TradingEngine } from '../trading.ts';
import { StreamConnection } from './connection.ts';
import {
  balances,
  executionReport,
  positionRow,
  type WALLET_SIDES,
  type WALLET_STATUSES,
  type WalletEvent,
} from './payloads.ts';
import { TickerStats } from './tickers.ts';
import {
  MAINTENANCE_TOPIC,
  type ParsedTopic,
  type PrivateTopic,
  type StreamKind,
  tickersTopic,
} from './topics.ts';

export interface StreamOptions {
  /** Server pings every this many ms. @default 10_000 */
  pingIntervalMs?: number;
  /** Unanswered pings in a row before a client is dropped. @default 10 */
  maxMissedPongs?: number;
  /** Ticker pushes every this many ms. @default 1_000 */
  tickerIntervalMs?: number;
}

export interface MaintenanceStatus {
  /** 0 normal, 2 maintenance. */
  status: 0 | 2;
  startTime?: number;
  endTime?: number;
}

export interface WalletEventInput {
  side: (typeof WALLET_SIDES)[number];
  token: string;
  amount: number;
  status: (typeof WALLET_STATUSES)[number];
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
}

export class StreamServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly connections = new Set<StreamConnection>();
  private readonly tickers = new TickerStats();
  private readonly timers: NodeJS.Timeout[];
  private readonly offEngine: () => void;
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
    this.offEngine = deps.engine.events.on((event) => this.onEngine(event));
  }

  /** Serves upgrades of `server` on the stream paths; anything else is refused. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
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
          subscribed: (c, topic) => this.onSubscribed(c, topic),
        });
        this.connections.add(connection);
        ws.on('message', (data, isBinary) => {
          if (!isBinary) connection.receive(data.toString());
        });
        ws.on('close', () => this.connections.delete(connection));
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
    for (const c of this.connections) c.ws.terminate();
    this.connections.clear();
    return n;
  }

  accept(): void {
    this.refusing = false;
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
      if (order.status === 'NEW' || order.status === 'PARTIAL_FILLED') {
        this.deps.engine.cancel(order, 'cancelled for maintenance');
      }
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
    if (input.status === 'COMPLETED') {
      const sign = input.side === 'DEPOSIT' ? 1 : -1;
      account.balance = Math.round((account.balance + sign * input.amount) * 1e8) / 1e8;
    }
    this.pushPrivate(account, 'wallet', event);
    if (input.status === 'COMPLETED')
      this.pushPrivate(account, 'balance', balances(this.deps.state, account));
    return event;
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.offEngine();
    this.drop();
    this.wss.close();
  }

  private *subscribers(kind: StreamKind, topic: string, account?: Account) {
    for (const c of this.connections) {
      if (c.kind !== kind || !c.topics.has(topic)) continue;
      if (account && c.account !== account) continue;
      yield c;
    }
  }

  private pushPrivate(account: Account, topic: PrivateTopic, data: unknown): void {
    for (const c of this.subscribers('private', topic, account)) c.push(topic, data);
  }

  private onSubscribed(connection: StreamConnection, topic: ParsedTopic): void {
    if (topic.kind === 'maintenance') connection.push(MAINTENANCE_TOPIC, this.maintenance);
  }

  private onEngine(event: SandboxEvent): void {
    const { state, clock } = this.deps;
    const now = clock();
    if (event.type === 'transfer') {
      for (const [account, side] of [
        [event.from, 'WITHDRAW'],
        [event.to, 'DEPOSIT'],
      ] as const) {
        this.pushPrivate(account, 'wallet', {
          id: `transfer-${event.id}`,
          side,
          token: 'USDC',
          amount: event.amount,
          fee: 0,
          trans_status: 'COMPLETED',
          created_time: event.at,
          updated_time: event.at,
        } satisfies WalletEvent);
        this.pushPrivate(account, 'balance', balances(state, account));
      }
      return;
    }
    const { order, fill } = event;
    this.pushPrivate(order.account, 'executionreport', executionReport(order, fill, now));
    if (!fill) return;
    this.tickers.record(order.symbol, { at: now, price: fill.price, quantity: fill.quantity });
    const row = positionRow(state, order.account, order.symbol, order.marginMode, now);
    this.pushPrivate(order.account, 'position', { positions: [row] });
    this.pushPrivate(order.account, 'balance', balances(state, order.account));
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
    const { state, clock } = this.deps;
    const now = clock();
    const all = tickersTopic(state.brokerId);
    let snapshot: ReturnType<TickerStats['snapshot']>[] | undefined;
    const one = (symbol: string) => this.tickers.snapshot(symbol, state.market(symbol).mid, now);
    for (const c of this.connections) {
      if (c.kind !== 'public') continue;
      for (const [name, topic] of c.topics) {
        if (topic.kind === 'tickers') {
          snapshot ??= [...state.markets.keys()].map(one);
          c.push(all, snapshot);
        } else if (topic.kind === 'ticker') c.push(name, one(topic.symbol));
      }
    }
  }
}
