/**
 * Subscription resolvers: each returns an async iterator over an in-process topic fed by the
 * replica's upstream streams (../upstream/stream). The hub shares one upstream connection
 * among every local subscriber; each subscriber gets its own bounded queue.
 */
import type { GraphQLError } from 'graphql';
import type { FieldStats } from '../live/metrics.ts';
import {
  type GatewayContext,
  gqlError,
  type LiveContext,
  unauthenticated,
} from '../schema/types.ts';
import type { AccountStreamEvent } from '../upstream/stream/index.ts';
import {
  type AccountEventModel,
  type BalanceModel,
  MAINTENANCE_TOPIC,
  type MaintenanceStatusModel,
  maintenanceFromStream,
  type OrderUpdateModel,
  type PositionModel,
  type TickerModel,
  tickerFromStream,
  tickersFromStream,
} from '../upstream/stream/index.ts';
import { type QueueOwner, SubscriberQueue } from './live-queue.ts';

const unmetered: FieldStats = {
  active: 0,
  delivered: 0,
  ended: { slow_consumer: 0, upstream_refused: 0 },
};

/**
 * One subscriber: its queue (registered in `live.active` until it closes), the queue's owner
 * and the hub's listener, in one object: no closures per subscriber (there are thousands).
 */
abstract class Feed<T> implements QueueOwner {
  readonly queue: SubscriberQueue<T>;

  constructor(
    protected readonly live: LiveContext,
    private readonly stats: FieldStats,
  ) {
    this.queue = new SubscriberQueue<T>(live.queueMax, this);
    live.active.add(this.queue);
    stats.active++;
  }

  queueClosed(): void {
    this.live.active.delete(this.queue);
    this.stats.active--;
    this.release();
  }

  queueSlow(): void {
    this.stats.ended.slow_consumer++;
  }

  /** Stops listening to the hub. */
  protected abstract release(): void;

  protected deliver(value: T | undefined): void {
    if (value !== undefined && this.queue.push(value)) this.stats.delivered++;
  }

  protected refused(reason: string): void {
    this.stats.ended.upstream_refused++;
    this.queue.fail(streamRefusedError(reason));
  }
}

/** What an account subscription takes from the account's events (`arg`: its argument). */
export type Picker<T> = (
  event: AccountStreamEvent,
  arg: string | null | undefined,
) => T | undefined;

class AccountFeed<T> extends Feed<T> {
  constructor(
    live: LiveContext,
    stats: FieldStats,
    private readonly accountId: string,
    private readonly pick: Picker<T>,
    private readonly arg: string | null | undefined,
  ) {
    super(live, stats);
  }

  accountEvent(event: AccountStreamEvent): void {
    if (event.type === 'failed') this.refused(event.reason);
    else this.deliver(this.pick(event, this.arg));
  }

  protected release(): void {
    this.live.hub.unlistenAccount(this.accountId, this);
  }
}

class TopicFeed<T> extends Feed<T> {
  constructor(
    live: LiveContext,
    stats: FieldStats,
    private readonly topic: string,
    private readonly map: (data: unknown) => T | undefined,
  ) {
    super(live, stats);
  }

  publicData(data: unknown): void {
    this.deliver(this.map(data));
  }

  protected release(): void {
    this.live.hub.unlistenPublic(this.topic, this);
  }
}

/** The upstream refused the account's stream credentials repeatedly: end, saying so. */
export function streamRefusedError(reason: string): GraphQLError {
  return gqlError(
    'UPSTREAM_UNAVAILABLE',
    `Subscription ended: the upstream refused this account's stream authentication (${reason}). Check the account's API key; subscribe again once it is fixed.`,
    { reason: 'STREAM_AUTH_REFUSED' },
  );
}

export type Live<T> = AsyncIterable<T | GraphQLError>;

function liveOf(ctx: GatewayContext): LiveContext {
  if (!ctx.live)
    throw gqlError('UPSTREAM_UNAVAILABLE', 'Live updates are not enabled on this gateway');
  return ctx.live;
}

const statsOf = (live: LiveContext, field: string): FieldStats =>
  live.metrics?.field(field) ?? unmetered;

export function account<T>(
  ctx: GatewayContext,
  field: string,
  pick: Picker<T>,
  arg?: string | null,
): Live<T> {
  const live = liveOf(ctx);
  if (!ctx.principal) throw unauthenticated();
  const { credentials } = ctx.principal;
  const feed = new AccountFeed<T>(live, statsOf(live, field), credentials.accountId, pick, arg);
  live.hub.listenAccount(credentials, feed);
  return feed.queue;
}

function topic<T>(
  ctx: GatewayContext,
  field: string,
  name: (live: LiveContext) => string,
  map: (data: unknown) => T | undefined,
  first?: T,
): Live<T> {
  const live = liveOf(ctx);
  const topicName = name(live); // may refuse: before anything is registered
  const feed = new TopicFeed<T>(live, statsOf(live, field), topicName, map);
  if (first !== undefined) feed.queue.push(first);
  live.hub.listenPublic(topicName, feed);
  return feed.queue;
}

const pickOrder: Picker<OrderUpdateModel> = (e, symbol) =>
  e.type === 'order' && (!symbol || e.order.symbol === symbol) ? e.order : undefined;
const pickPositions: Picker<PositionModel[]> = (e) =>
  e.type === 'positions' ? e.positions : undefined;
const pickBalances: Picker<BalanceModel[]> = (e) =>
  e.type === 'balances' ? e.balances : undefined;
const pickAccountEvent: Picker<AccountEventModel> = (e) =>
  e.type === 'account' ? e.event : undefined;

export const orderUpdates = (
  ctx: GatewayContext,
  symbol: string | null | undefined,
): Live<OrderUpdateModel> => account(ctx, 'orderUpdates', pickOrder, symbol);

export const positionUpdates = (ctx: GatewayContext): Live<PositionModel[]> =>
  account(ctx, 'positionUpdates', pickPositions);

export const balanceUpdates = (ctx: GatewayContext): Live<BalanceModel[]> =>
  account(ctx, 'balanceUpdates', pickBalances);

export const accountEvents = (ctx: GatewayContext): Live<AccountEventModel> =>
  account(ctx, 'accountEvents', pickAccountEvent);

/** `{broker_id}` of the ticker topics; refused when the gateway does not know it. */
function brokerOf(live: LiveContext): string {
  if (!live.brokerId) {
    throw gqlError('INTERNAL', 'Ticker subscriptions need SVC_BROKER_ID, which is not configured');
  }
  return live.brokerId;
}

export const ticker = (ctx: GatewayContext, symbol: string): Live<TickerModel> =>
  topic(ctx, 'ticker', (l) => `${brokerOf(l)}$${symbol}@ticker`, tickerFromStream);

export const tickers = (ctx: GatewayContext): Live<TickerModel[]> =>
  topic(
    ctx,
    'tickers',
    (l) => `${brokerOf(l)}$tickers`,
    (data) => {
      const list = tickersFromStream(data);
      return list.length > 0 ? list : undefined;
    },
  );

/** The current status first (when this replica knows it), then every change. */
export const maintenanceStatus = (ctx: GatewayContext): Live<MaintenanceStatusModel> =>
  topic(
    ctx,
    'maintenanceStatus',
    () => MAINTENANCE_TOPIC,
    maintenanceFromStream,
    liveOf(ctx).hub.maintenance,
  );

/** The subscription field's resolve: delivers the event, or ends with the queue's error. */
export function deliver<T>(event: T | GraphQLError): T {
  if (event instanceof Error) throw event;
  return event;
}
