/**
 * positionUpdates: each subscriber is a queue on its account's shared positions
 * (live-account-positions.ts, kept by live-risk.ts), which hands every subscriber of the
 * account the same event: the rows the upstream pushed, and every held row again when a
 * held symbol's mark moves, each with its risk figures at the marks now.
 */
import type { GraphQLError } from 'graphql';
import type { FieldStats } from '../live/metrics.ts';
import type { PositionModel } from '../models/portfolio.ts';
import { type GatewayContext, type LiveContext, unauthenticated } from '../schema/types.ts';
import type { AccountPositions, PositionsSubscriber } from './live-account-positions.ts';
import { Feed, type Live, liveOf, statsOf } from './live-feed.ts';
import { type PositionFeeds, positionFeedsOf } from './live-risk.ts';

class PositionsFeed extends Feed<PositionModel[]> implements PositionsSubscriber {
  private account: AccountPositions | undefined;

  constructor(
    live: LiveContext,
    stats: FieldStats,
    private readonly feeds: PositionFeeds,
    private readonly accountId: string,
  ) {
    super(live, stats);
  }

  follow(account: AccountPositions): void {
    this.account = account;
  }

  positions(event: PositionModel[]): void {
    this.deliver(event);
  }

  failed(error: GraphQLError): void {
    this.refusedWith(error);
  }

  protected release(): void {
    if (this.account) this.feeds.leave(this.accountId, this.account, this);
  }
}

export function positionUpdates(ctx: GatewayContext): Live<PositionModel[]> {
  const live = liveOf(ctx);
  if (!ctx.principal) throw unauthenticated();
  const { credentials } = ctx.principal;
  const feeds = positionFeedsOf(live);
  const stats = statsOf(live, 'positionUpdates');
  const feed = new PositionsFeed(live, stats, feeds, credentials.accountId);
  feed.follow(feeds.join(credentials, feed));
  return feed.queue;
}
