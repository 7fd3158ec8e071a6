/**
 * positionUpdates: each subscriber is a queue on its account's shared positions
 * (live-account-positions.ts, kept by live-risk.ts), which hands every subscriber of the
 * account the same event: the rows the upstream pushed, and every held row again when a
 * held symbol's mark moves, each with its risk figures at the marks now. Resumable like the
 * other account subscriptions (live-resume.ts): a replayed or snapshot event is the hub's
 * rows (their figures read when selected), with its cursor.
 */
import type { GraphQLError } from 'graphql';
import type { FieldStats } from '../live/metrics.ts';
import type { PositionModel } from '../models/portfolio.ts';
import { type GatewayContext, type LiveContext, unauthenticated } from '../schema/types.ts';
import type { AccountStreamEvent } from '../upstream/stream/index.ts';
import type {
  AccountPositions,
  PositionsEvent,
  PositionsSubscriber,
} from './live-account-positions.ts';
import { Feed, type Live, liveOf, statsOf } from './live-feed.ts';
import { lastEventId, Resume, type ResumingFeed } from './live-resume.ts';
import { type PositionFeeds, positionFeedsOf } from './live-risk.ts';

class PositionsFeed
  extends Feed<PositionModel[]>
  implements PositionsSubscriber, ResumingFeed<PositionsEvent>
{
  readonly kind = 'positions';
  private account: AccountPositions | undefined;
  resume: Resume<PositionsEvent> | undefined;

  constructor(
    live: LiveContext,
    stats: FieldStats,
    private readonly feeds: PositionFeeds,
    readonly accountId: string,
  ) {
    super(live, stats);
  }

  follow(account: AccountPositions): void {
    this.account = account;
  }

  positions(event: PositionsEvent): void {
    if (this.resume) this.resume.live(event);
    else this.deliver(event);
  }

  /** A live event, or a replayed or snapshot one of the hub's (its rows, with its cursor). */
  offer(event: PositionsEvent | AccountStreamEvent): void {
    if (Array.isArray(event)) this.deliver(event);
    else if (event.type === 'positions') {
      const { cursor, notice } = event;
      this.deliver(Object.assign([...event.positions], { cursor, notice }));
    }
  }

  failed(error: GraphQLError): void {
    this.refusedWith(error);
  }

  protected release(): void {
    if (this.account) this.feeds.leave(this.accountId, this.account, this);
  }
}

export function positionUpdates(
  ctx: GatewayContext,
  resumeFrom?: string | null,
): Live<PositionModel[]> {
  const live = liveOf(ctx);
  if (!ctx.principal) throw unauthenticated();
  const cursor = resumeFrom ?? lastEventId(ctx);
  const { credentials } = ctx.principal;
  const feeds = positionFeedsOf(live);
  const stats = statsOf(live, 'positionUpdates');
  const feed = new PositionsFeed(live, stats, feeds, credentials.accountId);
  if (cursor) feed.resume = new Resume(feed, live, credentials, cursor);
  feed.follow(feeds.join(credentials, feed));
  feed.resume?.start();
  return feed.queue;
}
