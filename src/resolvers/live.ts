/**
 * Subscription resolvers: each returns an async iterator over an in-process topic fed by the
 * replica's upstream streams (../upstream/stream). The hub shares one upstream connection
 * among every local subscriber; each subscriber gets its own bounded queue.
 */
import type { FieldStats } from '../live/metrics.ts';
import {
  type GatewayContext,
  gqlError,
  type LiveContext,
  unauthenticated,
} from '../schema/types.ts';
import {
  type AccountStreamEvent,
  MAINTENANCE_TOPIC,
  type MaintenanceStatusModel,
  maintenanceFromStream,
  type TickerModel,
  tickerFromStream,
  tickersFromStream,
} from '../upstream/stream/index.ts';
import {
  Feed,
  type Live,
  liveOf,
  mapOnce,
  statsOf,
  streamRefusedError,
  topic,
} from './live-feed.ts';
import { type EventKind, type EventOf, PICKERS, type Picker } from './live-kinds.ts';
import { positionUpdates } from './live-positions.ts';
import { lastEventId, Resume } from './live-resume.ts';

export { CURSOR_MESSAGE, eventCursor, isCursor, requiredCursor } from './live-cursor.ts';
export { deliver, type Live, streamRefusedError } from './live-feed.ts';
export type { EventKind, EventOf } from './live-kinds.ts';
export { positionUpdates };

/** One account subscriber. Its queue holds the hub's event objects (one per event, shared). */
export class AccountFeed extends Feed<AccountStreamEvent> {
  /** Set while a resumed subscription replays (and then filters what it replayed). */
  resume: Resume | undefined;

  constructor(
    live: LiveContext,
    stats: FieldStats,
    readonly accountId: string,
    readonly kind: EventKind,
    private readonly pick: Picker,
    private readonly arg: string | null | undefined,
  ) {
    super(live, stats);
  }

  accountEvent(event: AccountStreamEvent): void {
    if (event.type === 'failed') this.refusedWith(streamRefusedError(event.reason));
    else if (this.resume) this.resume.live(event);
    else this.offer(event);
  }

  /** Delivers the event when this subscription follows it. */
  offer(event: AccountStreamEvent): void {
    if (this.pick(event, this.arg)) this.deliver(event);
  }

  protected release(): void {
    this.live.hub.unlistenAccount(this.accountId, this);
  }
}

/**
 * An account subscription: the account's events of `kind` (and `arg`'s symbol), from now on
 * or, with a cursor (`resumeFrom`, else SSE's Last-Event-ID), first what came after it.
 */
export function account<K extends EventKind>(
  ctx: GatewayContext,
  field: string,
  kind: K,
  arg?: string | null,
  resumeFrom?: string | null,
): Live<EventOf<K>> {
  const live = liveOf(ctx);
  if (!ctx.principal) throw unauthenticated();
  const cursor = resumeFrom ?? lastEventId(ctx);
  const { credentials } = ctx.principal;
  const pick = PICKERS[kind];
  const feed = new AccountFeed(live, statsOf(live, field), credentials.accountId, kind, pick, arg);
  if (cursor) feed.resume = new Resume(feed, live, credentials, cursor);
  live.hub.listenAccount(credentials, feed);
  feed.resume?.start();
  return feed.queue as Live<EventOf<K>>;
}

export const orderUpdates = (
  ctx: GatewayContext,
  symbol: string | null | undefined,
  resumeFrom: string | null | undefined,
): Live<EventOf<'order'>> => account(ctx, 'orderUpdates', 'order', symbol, resumeFrom);

export const balanceUpdates = (
  ctx: GatewayContext,
  resumeFrom: string | null | undefined,
): Live<EventOf<'balances'>> => account(ctx, 'balanceUpdates', 'balances', null, resumeFrom);

export const accountEvents = (
  ctx: GatewayContext,
  resumeFrom: string | null | undefined,
): Live<EventOf<'account'>> => account(ctx, 'accountEvents', 'account', null, resumeFrom);

/** `{broker_id}` of the ticker topics; refused when the gateway does not know it. */
function brokerOf(live: LiveContext): string {
  if (!live.brokerId) {
    throw gqlError('INTERNAL', 'Ticker subscriptions need SVC_BROKER_ID, which is not configured');
  }
  return live.brokerId;
}

const tickerOnce = mapOnce(tickerFromStream);
const tickersOnce = mapOnce((data) => {
  const list = tickersFromStream(data);
  return list.length > 0 ? list : undefined;
});

export const ticker = (ctx: GatewayContext, symbol: string): Live<TickerModel> =>
  topic(ctx, 'ticker', (l) => `${brokerOf(l)}$${symbol}@ticker`, tickerOnce);

export const tickers = (ctx: GatewayContext): Live<TickerModel[]> =>
  topic(ctx, 'tickers', (l) => `${brokerOf(l)}$tickers`, tickersOnce);

const maintenanceOnce = mapOnce(maintenanceFromStream);

/** The current status first (when this replica knows it), then every change. */
export const maintenanceStatus = (ctx: GatewayContext): Live<MaintenanceStatusModel> =>
  topic(
    ctx,
    'maintenanceStatus',
    () => MAINTENANCE_TOPIC,
    maintenanceOnce,
    liveOf(ctx).hub.maintenance,
  );

/** The status now, for a page that loads (the topic's current status, waited for ≤ 2 s). */
export async function maintenanceNow(ctx: GatewayContext): Promise<MaintenanceStatusModel> {
  const status = await liveOf(ctx).hub.maintenanceNow();
  if (!status) {
    throw gqlError('UPSTREAM_UNAVAILABLE', 'The upstream sent no maintenance status in time');
  }
  return status;
}
