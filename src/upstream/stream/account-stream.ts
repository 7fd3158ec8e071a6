/**
 * One account's private stream on this replica: the socket (auth signed with the account's
 * ed25519 key over the timestamp text), every private topic, and the state needed to resync.
 * Each event first invalidates the account's cached reads (in the shared store, so every
 * replica's next query is fresh), then reaches the hub, in arrival order. After a reconnect
 * the state is re-read by REST and what changed in the gap is emitted, so no final order
 * state is lost.
 */
import { RequestSigner } from '../../auth/request-signature.ts';
import type { AccountApi, AccountCredentials } from '../api.ts';
import { FINAL_ORDER_STATUSES, type OrderRecord } from '../types.ts';
import type { BackoffPolicy } from './backoff.ts';
import {
  balanceFromRest,
  balancesFromStream,
  liquidationsFromStream,
  orderUpdateFromRecord,
  orderUpdateFromStream,
  positionFromRest,
  positionsFromStream,
  type RestHolding,
  type RestPositionRow,
  walletFromStream,
} from './map.ts';
import type {
  AccountStreamEvent,
  BalanceModel,
  OrderUpdateModel,
  PositionModel,
} from './models.ts';
import { StreamSocket } from './socket.ts';

export const PRIVATE_TOPICS = [
  'executionreport',
  'position',
  'balance',
  'liquidationsaccount',
  'wallet',
] as const;

/** Cache groups an event makes stale (the catalog's groups; unknown ones cost one DEL). */
const ORDER_GROUPS = ['order', 'orders', 'positions', 'balances'];
/** Open orders remembered per account for the resync; past this the oldest are forgotten. */
const MAX_TRACKED_ORDERS = 1_000;

/** REST reads a resync uses. */
export interface AccountReads {
  orderByClientOrderId(clientOrderId: string): Promise<OrderRecord>;
  openOrders?(): Promise<OrderRecord[]>;
  positions?(): Promise<RestPositionRow[]>;
  holdings?(): Promise<RestHolding[]>;
}

type ListReads = Partial<{
  listOrders(query: { status: string; size: number }): Promise<{ rows: OrderRecord[] }>;
  positions(): Promise<{ rows: RestPositionRow[] }>;
  holdings(): Promise<{ holding: RestHolding[] }>;
}>;

/**
 * The resync reads of an account view. TODO(#13 merge): the list, positions and holdings
 * reads are used when the catalog has them (listOrders, positions, holdings); until then the
 * resync re-reads the open orders this stream saw, by client order id.
 */
export function accountReads(api: AccountApi): AccountReads {
  const lists = api as AccountApi & ListReads;
  return {
    orderByClientOrderId: (id) => api.orderByClientOrderId(id),
    ...(lists.listOrders
      ? {
          openOrders: async () =>
            (await lists.listOrders!({ status: 'INCOMPLETE', size: 500 })).rows,
        }
      : {}),
    ...(lists.positions ? { positions: async () => (await lists.positions!()).rows } : {}),
    ...(lists.holdings ? { holdings: async () => (await lists.holdings!()).holding } : {}),
  };
}

export interface AccountStreamOptions {
  /** `ws(s)://host[:port]` of the upstream's streams. */
  wsBase: string;
  credentials: AccountCredentials;
  reads: AccountReads;
  /** Drops the account's cached reads of these groups. */
  invalidate(groups: readonly string[]): Promise<void>;
  emit(event: AccountStreamEvent): void;
  /** Server time, ms (the auth timestamp). */
  now: () => number;
  backoff: BackoffPolicy;
  silenceMs: number;
  pingMs: number;
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
      now: options.now,
      onPush: (topic, data, ts) => this.serial(() => this.onPush(topic, data, ts)),
      onReady: (resumed) => {
        if (resumed) this.serial(() => this.resync());
      },
      onDown: (reason) => options.log?.('upstream private stream down', { reason }),
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
        await invalidate(
          order.clientOrderId ? [...ORDER_GROUPS, `order:${order.clientOrderId}`] : ORDER_GROUPS,
        );
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

  /** After a reconnect: re-read by REST and emit what changed while the stream was down. */
  private async resync(): Promise<void> {
    const { reads, emit, invalidate } = this.options;
    const tracked = [...this.open.values()];
    await invalidate([
      ...ORDER_GROUPS,
      ...tracked.flatMap((o) => (o.clientOrderId ? [`order:${o.clientOrderId}`] : [])),
    ]);
    const records = new Map<number, OrderRecord>();
    if (reads.openOrders) {
      for (const record of await reads.openOrders()) records.set(record.order_id, record);
    }
    // Orders seen open that the list no longer shows (or every one, without a list) are read one by one.
    for (const order of tracked) {
      if (records.has(order.orderId) || !order.clientOrderId) continue;
      records.set(order.orderId, await reads.orderByClientOrderId(order.clientOrderId));
    }
    for (const record of records.values()) {
      const update = orderUpdateFromRecord(record);
      const known = this.open.get(update.orderId);
      if (known && sameOrder(known, update)) continue;
      this.track(update);
      emit({ type: 'order', order: update });
    }
    if (reads.positions) {
      const changed = (await reads.positions()).map(positionFromRest).filter((p) => {
        const key = `${p.symbol}|${p.marginMode}`;
        const known = this.positions.get(key);
        this.positions.set(key, p);
        return !known || !samePosition(known, p);
      });
      if (changed.length > 0) emit({ type: 'positions', positions: changed });
    }
    if (reads.holdings) {
      const changed = (await reads.holdings()).map(balanceFromRest).filter((b) => {
        const known = this.balances.get(b.token);
        this.balances.set(b.token, b);
        return !known || !sameBalance(known, b);
      });
      if (changed.length > 0) emit({ type: 'balances', balances: changed });
    }
    this.resyncs++;
  }
}
