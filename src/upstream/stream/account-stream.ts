/**
 * One account's private stream on this replica: the socket (auth signed with the account's
 * ed25519 key over the timestamp text), every private topic, and the state needed to resync.
 * Each event first invalidates the account's cached reads (in the shared store, so every
 * replica's next query is fresh), then reaches the hub, in arrival order. After a reconnect
 * the state is re-read by REST and what changed in the gap is emitted, so no final order
 * state is lost.
 */
import { RequestSigner } from '../../auth/request-signature.ts';
import {
  type BalanceModel,
  balanceFromRest,
  type PositionModel,
  positionFromRest,
} from '../../models/portfolio.ts';
import { PRIVATE_TOPICS } from '../../spec/constants.ts';
import type { AccountApi, AccountCredentials } from '../api.ts';
import type { CacheGroup } from '../catalog.ts';
import {
  FINAL_ORDER_STATUSES,
  type Holding,
  type OrderRecord,
  type PositionRow,
} from '../types.ts';
import type { BackoffPolicy } from './backoff.ts';
import {
  balancesFromStream,
  liquidationsFromStream,
  orderUpdateFromRecord,
  orderUpdateFromStream,
  positionsFromStream,
  walletFromStream,
} from './map.ts';
import type { AccountStreamEvent, OrderUpdateModel } from './models.ts';
import { StreamSocket } from './socket.ts';

/** Cache groups an order event makes stale (the catalog's `CacheGroup`s). */
const ORDER_GROUPS: readonly CacheGroup[] = ['order', 'orders', 'positions', 'balances'];
/** Open orders remembered per account for the resync; past this the oldest are forgotten. */
const MAX_TRACKED_ORDERS = 1_000;

/** REST reads a resync uses. */
export interface AccountReads {
  orderByClientOrderId(clientOrderId: string): Promise<OrderRecord>;
  openOrders(): Promise<OrderRecord[]>;
  positions(): Promise<PositionRow[]>;
  holdings(): Promise<Holding[]>;
}

/** The resync reads of an account view: open orders (one page of the maximum size), positions, holdings. */
export function accountReads(api: AccountApi): AccountReads {
  return {
    orderByClientOrderId: (id) => api.orderByClientOrderId(id),
    openOrders: async () => (await api.listOrders({ status: 'INCOMPLETE', size: 500 })).rows,
    positions: async () => (await api.positions()).rows,
    holdings: async () => (await api.holdings({})).holding,
  };
}

export interface AccountStreamOptions {
  /** `ws(s)://host[:port]` of the upstream's streams. */
  wsBase: string;
  credentials: AccountCredentials;
  reads: AccountReads;
  /** Drops the account's cached reads of these groups. */
  invalidate(groups: readonly CacheGroup[]): Promise<void>;
  emit(event: AccountStreamEvent): void;
  /** Server time, ms (the auth timestamp). */
  now: () => number;
  backoff: BackoffPolicy;
  silenceMs: number;
  pingMs: number;
  /** Auth refusals in a row before the stream gives up (emits `failed`). */
  maxAuthFailures?: number;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

const sameOrder = (a: OrderUpdateModel, b: OrderUpdateModel) =>
  a.status === b.status && a.executedQuantity === b.executedQuantity && a.price === b.price;
const samePosition = (a: PositionModel, b: PositionModel) =>
  a.quantity === b.quantity && a.averageOpenPrice === b.averageOpenPrice;
const sameBalance = (a: BalanceModel, b: BalanceModel) =>
  a.holding === b.holding && a.frozen === b.frozen;

export class AccountStream {
  private readonly socket: StreamSocket;
  /** Open orders by order id, oldest first. */
  private readonly open = new Map<number, OrderUpdateModel>();
  private readonly positions = new Map<string, PositionModel>();
  private readonly balances = new Map<string, BalanceModel>();
  /** Events are handled one after the other, in arrival order. */
  private chain: Promise<void> = Promise.resolve();
  /** Successful resyncs (tests and metrics). */
  resyncs = 0;

  constructor(private readonly options: AccountStreamOptions) {
    const { credentials } = options;
    const signer = new RequestSigner({
      accountId: credentials.accountId,
      secret: credentials.secret,
    });
    this.socket = new StreamSocket({
      url: `${options.wsBase}/v2/ws/private/stream/${encodeURIComponent(credentials.accountId)}`,
      auth: () => {
        const timestamp = options.now();
        return { svc_key: signer.publicKey, sign: signer.sign(String(timestamp)), timestamp };
      },
      backoff: options.backoff,
      silenceMs: options.silenceMs,
      pingMs: options.pingMs,
      onPush: (topic, data, ts) => this.serial(() => this.onPush(topic, data, ts)),
      onReady: (resumed) => {
        if (resumed) this.serial(() => this.resync());
      },
      onDown: (reason) => options.log?.('upstream private stream down', { reason }),
      ...(options.maxAuthFailures !== undefined
        ? { maxAuthFailures: options.maxAuthFailures }
        : {}),
      onRefused: (reason) => {
        options.log?.('upstream private stream auth refused; giving up', { reason });
        options.emit({ type: 'failed', reason });
      },
    });
    for (const topic of PRIVATE_TOPICS) this.socket.subscribe(topic);
  }

  get isReady(): boolean {
    return this.socket.isReady;
  }

  close(): void {
    this.socket.close();
  }

  private serial(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((error: unknown) => {
      this.options.log?.('upstream private stream event failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }

  private async onPush(topic: string, data: unknown, ts: number): Promise<void> {
    const { emit, invalidate } = this.options;
    switch (topic) {
      case 'executionreport': {
        const order = orderUpdateFromStream(data);
        if (!order) return;
        this.track(order);
        await invalidate(ORDER_GROUPS);
        emit({ type: 'order', order });
        return;
      }
      case 'position': {
        const positions = positionsFromStream(data);
        if (positions.length === 0) return;
        for (const p of positions) this.positions.set(`${p.symbol}|${p.marginMode}`, p);
        await invalidate(['positions']);
        emit({ type: 'positions', positions });
        return;
      }
      case 'balance': {
        const balances = balancesFromStream(data, ts);
        if (balances.length === 0) return;
        for (const b of balances) this.balances.set(b.token, b);
        await invalidate(['balances']);
        emit({ type: 'balances', balances });
        return;
      }
      case 'liquidationsaccount':
        for (const event of liquidationsFromStream(data)) {
          await invalidate(ORDER_GROUPS);
          emit({ type: 'account', event });
        }
        return;
      case 'wallet': {
        const event = walletFromStream(data);
        if (!event) return;
        await invalidate(['balances']);
        emit({ type: 'account', event });
        return;
      }
    }
  }

  private track(order: OrderUpdateModel): void {
    this.open.delete(order.orderId);
    if (FINAL_ORDER_STATUSES.includes(order.status)) return;
    this.open.set(order.orderId, order);
    if (this.open.size > MAX_TRACKED_ORDERS) {
      this.open.delete(this.open.keys().next().value as number);
    }
  }

  /**
   * After a reconnect: re-read by REST and emit what changed while the stream was down. Each
   * read stands alone: one that fails (logged) does not keep the others from reporting.
   */
  private async resync(): Promise<void> {
    const { reads, emit, invalidate } = this.options;
    const tracked = [...this.open.values()];
    await invalidate(ORDER_GROUPS);
    const records = new Map<number, OrderRecord>();
    for (const record of (await this.attempt('open orders', reads.openOrders)) ?? []) {
      records.set(record.order_id, record);
    }
    // Orders seen open that the list no longer shows went final in the gap: read each one.
    for (const order of tracked) {
      if (records.has(order.orderId) || !order.clientOrderId) continue;
      const id = order.clientOrderId;
      const record = await this.attempt('order', () => reads.orderByClientOrderId(id));
      if (record) records.set(record.order_id, record);
    }
    for (const record of records.values()) {
      const update = orderUpdateFromRecord(record);
      const known = this.open.get(update.orderId);
      if (known && sameOrder(known, update)) continue;
      this.track(update);
      emit({ type: 'order', order: update });
    }
    const positions = (await this.attempt('positions', reads.positions)) ?? [];
    const changedPositions = positions.map(positionFromRest).filter((p) => {
      const key = `${p.symbol}|${p.marginMode}`;
      const known = this.positions.get(key);
      this.positions.set(key, p);
      return !known || !samePosition(known, p);
    });
    if (changedPositions.length > 0) emit({ type: 'positions', positions: changedPositions });
    const holdings = (await this.attempt('balances', reads.holdings)) ?? [];
    const changedBalances = holdings.map(balanceFromRest).filter((b) => {
      const known = this.balances.get(b.token);
      this.balances.set(b.token, b);
      return !known || !sameBalance(known, b);
    });
    if (changedBalances.length > 0) emit({ type: 'balances', balances: changedBalances });
    this.resyncs++;
  }

  private async attempt<T>(what: string, read: () => Promise<T>): Promise<T | undefined> {
    try {
      return await read();
    } catch (error) {
      this.options.log?.('upstream stream resync read failed', {
        read: what,
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  }
}
