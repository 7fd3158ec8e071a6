/**
 * What every subscription resolver is made of: a subscriber object (its bounded queue, the
 * queue's owner and the hub's listener in one: no closures per subscriber, there are
 * thousands) and the public-topic feed. The hub shares one upstream connection among every
 * local subscriber; each subscriber gets its own queue.
 */
import type { GraphQLError } from 'graphql';
import type { FieldStats } from '../live/metrics.ts';
import { type GatewayContext, gqlError, type LiveContext } from '../schema/types.ts';
import { type QueueOwner, SubscriberQueue } from './live-queue.ts';

const unmetered: FieldStats = {
  active: 0,
  delivered: 0,
  ended: { slow_consumer: 0, upstream_refused: 0 },
};

/** One subscriber: its queue (registered in `live.active` until it closes) and its owner. */
export abstract class Feed<T> implements QueueOwner {
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

  /** The upstream refused what this subscriber follows: end it with `error`. */
  protected refusedWith(error: GraphQLError): void {
    this.stats.ended.upstream_refused++;
    this.queue.fail(error);
  }
}

/** A public topic's push in the field's shape (undefined: nothing to deliver). */
export type TopicMap<T> = (data: unknown, ts: number) => T | undefined;

class TopicFeed<T> extends Feed<T> {
  constructor(
    live: LiveContext,
    stats: FieldStats,
    private readonly topic: string,
    private readonly map: TopicMap<T>,
  ) {
    super(live, stats);
  }

  publicData(data: unknown, ts: number): void {
    this.deliver(this.map(data, ts));
  }

  /** A symbol or topic the upstream does not know stays unknown: end, saying so. */
  publicRefused(reason: string): void {
    // Anything else may pass (the topic is subscribed again at the next reconnect).
    if (!/invalid (symbol|topic)/i.test(reason)) return;
    this.refusedWith(
      gqlError('BAD_USER_INPUT', `Subscription ended: the upstream refused it (${reason})`, {
        field: /symbol/i.test(reason) ? 'symbol' : null,
        rule: 'knownSymbol',
      }),
    );
  }

  protected release(): void {
    this.live.hub.unlistenPublic(this.topic, this);
  }
}

/**
 * Maps each push once for all its subscribers: the hub hands every listener of a topic the
 * same payload object, and one model object per push is what lets the selection run (and
 * SSE encode) once per push (live/shared-execution.ts).
 */
export function mapOnce<T>(map: TopicMap<T>): TopicMap<T> {
  const done = new WeakMap<object, T | null>();
  return (data, ts) => {
    if (data === null || typeof data !== 'object') return map(data, ts);
    const held = done.get(data);
    if (held !== undefined) return held ?? undefined;
    const value = map(data, ts);
    done.set(data, value ?? null);
    return value;
  };
}

export type Live<T> = AsyncIterable<T | GraphQLError>;

/** The upstream refused the account's stream credentials repeatedly: end, saying so. */
export function streamRefusedError(reason: string): GraphQLError {
  return gqlError(
    'UPSTREAM_UNAVAILABLE',
    `Subscription ended: the upstream refused this account's stream authentication (${reason}). Check the account's API key; subscribe again once it is fixed.`,
    { reason: 'STREAM_AUTH_REFUSED' },
  );
}

export function liveOf(ctx: GatewayContext): LiveContext {
  if (!ctx.live)
    throw gqlError('UPSTREAM_UNAVAILABLE', 'Live updates are not enabled on this gateway');
  return ctx.live;
}

export const statsOf = (live: LiveContext, field: string): FieldStats =>
  live.metrics?.field(field) ?? unmetered;

/** A public topic's subscription; `first` is delivered before the topic's pushes. */
export function topic<T>(
  ctx: GatewayContext,
  field: string,
  name: (live: LiveContext) => string,
  map: TopicMap<T>,
  first?: T,
): Live<T> {
  const live = liveOf(ctx);
  const topicName = name(live); // may refuse: before anything is registered
  const feed = new TopicFeed<T>(live, statsOf(live, field), topicName, map);
  if (first !== undefined) feed.queue.push(first);
  live.hub.listenPublic(topicName, feed);
  return feed.queue;
}

/** The subscription field's resolve: delivers the event, or ends with the queue's error. */
export function deliver<T>(event: T | GraphQLError): T {
  if (event instanceof Error) throw event;
  return event;
}
