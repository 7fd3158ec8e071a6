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
import type { AccountStreamEvent } from '../upstream/stream/index.ts';
import {
  type AccountEventModel,
  type BalanceModel,
  MAINTENANCE_TOPIC,
  type MaintenanceStatusModel,
  maintenanceFromStream,
  type OrderUpdateModel,
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
import { positionUpdates } from './live-positions.ts';

export { deliver, type Live, streamRefusedError } from './live-feed.ts';
export { positionUpdates };

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
    if (event.type === 'failed') this.refusedWith(streamRefusedError(event.reason));
    else this.deliver(this.pick(event, this.arg));
  }

  protected release(): void {
    this.live.hub.unlistenAccount(this.accountId, this);
  }
}

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

const pickOrder: Picker<OrderUpdateModel> = (e, symbol) =>
  e.type === 'order' && (!symbol || e.order.symbol === symbol) ? e.order : undefined;
const pickBalances: Picker<BalanceModel[]> = (e) =>
  e.type === 'balances' ? e.balances : undefined;
const pickAccountEvent: Picker<AccountEventModel> = (e) =>
  e.type === 'account' ? e.event : undefined;

export const orderUpdates = (
  ctx: GatewayContext,
  symbol: string | null | undefined,
): Live<OrderUpdateModel> => account(ctx, 'orderUpdates', pickOrder, symbol);

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
