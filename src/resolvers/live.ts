/**
 * Subscription resolvers: each returns an async iterator over an in-process topic fed by the
 * replica's upstream streams (../upstream/stream). The hub shares one upstream connection
 * among every local subscriber; each subscriber gets its own bounded queue.
 */
import type { GraphQLError } from 'graphql';
import type { FieldStats, LiveMetrics } from '../live-metrics.ts';
import type { GatewayContext } from '../schema/context.ts';
import type { AccountStreamEvent, StreamHub } from '../upstream/stream/index.ts';
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
import { gqlError, unauthenticated } from './errors.ts';
import { SubscriberQueue } from './live-queue.ts';

/** What subscriptions need in the request context (set by `useLive`). */
export interface LiveContext {
  hub: StreamHub;
  /** The broker whose tickers the public subscriptions follow (`SVC_BROKER_ID`). */
  brokerId: string;
  /** Events a subscriber may fall behind before it is ended. */
  queueMax: number;
  /** Every live subscriber's queue on this replica (a shutdown completes them). */
  active: Set<SubscriberQueue<unknown>>;
  /** Subscriber and delivery counts for /metrics. @default none */
  metrics?: LiveMetrics;
}

const unmetered: FieldStats = {
  active: 0,
  delivered: 0,
  ended: { slow_consumer: 0, upstream_refused: 0 },
};

/** A queue registered in `live.active` until it closes; `release` runs when it does. */
function queueFor<T>(
  live: LiveContext,
  stats: FieldStats,
  release: () => void,
): SubscriberQueue<T> {
  const queue: SubscriberQueue<T> = new SubscriberQueue<T>(
    live.queueMax,
    () => {
      live.active.delete(queue as SubscriberQueue<unknown>);
      stats.active--;
      release();
    },
    () => stats.ended.slow_consumer++,
  );
  live.active.add(queue as SubscriberQueue<unknown>);
  stats.active++;
  return queue;
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

function account<T>(
  ctx: GatewayContext,
  field: string,
  pick: (event: AccountStreamEvent) => T | undefined,
): Live<T> {
  const live = liveOf(ctx);
  if (!ctx.principal) throw unauthenticated();
  const stats = statsOf(live, field);
  let release = () => {};
  const queue = queueFor<T>(live, stats, () => release());
  release = live.hub.watchAccount(ctx.principal.credentials, (event) => {
    if (event.type === 'failed') {
      stats.ended.upstream_refused++;
      queue.fail(streamRefusedError(event.reason));
      return;
    }
    const value = pick(event);
    if (value === undefined) return;
    if (queue.push(value)) stats.delivered++;
  });
  return queue;
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
  const stats = statsOf(live, field);
  let release = () => {};
  const queue = queueFor<T>(live, stats, () => release());
  if (first !== undefined) queue.push(first);
  release = live.hub.watchPublic(topicName, (data) => {
    const value = map(data);
    if (value === undefined) return;
    if (queue.push(value)) stats.delivered++;
  });
  return queue;
}

export const orderUpdates = (
  ctx: GatewayContext,
  symbol: string | null | undefined,
): Live<OrderUpdateModel> =>
  account(ctx, 'orderUpdates', (e) =>
    e.type === 'order' && (!symbol || e.order.symbol === symbol) ? e.order : undefined,
  );

export const positionUpdates = (ctx: GatewayContext): Live<PositionModel[]> =>
  account(ctx, 'positionUpdates', (e) => (e.type === 'positions' ? e.positions : undefined));

export const balanceUpdates = (ctx: GatewayContext): Live<BalanceModel[]> =>
  account(ctx, 'balanceUpdates', (e) => (e.type === 'balances' ? e.balances : undefined));

export const accountEvents = (ctx: GatewayContext): Live<AccountEventModel> =>
  account(ctx, 'accountEvents', (e) => (e.type === 'account' ? e.event : undefined));

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
