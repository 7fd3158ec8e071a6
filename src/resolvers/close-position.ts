/**
 * closePosition: the symbol's TP/SL orders cancelled (close-tpsl.ts), then one reduce-only
 * MARKET order for the whole position in each margin mode that holds one (positions are kept
 * per symbol and margin mode, quantity signed: a symbol has at most two, one CROSS and one
 * ISOLATED), then a wait on the private stream, watched from before the first read, until
 * every such position reads 0, the closing orders are final and the TP/SLs ended — or the
 * timeout. The answer carries the fills. One mutation: under an Idempotency-Key a repeat
 * answers this answer and sends nothing.
 */
import { randomUUID } from 'node:crypto';
import { type CreateOrderParams, FINAL_ORDER_STATUSES } from '../contract/wire-orders.ts';
import { placeOnce } from '../idempotency/place.ts';
import type { AccountWatch } from '../live/account-watch.ts';
import { type PositionModel, positionFromRest } from '../models/portfolio.ts';
import { type GatewayContext, inputRefusal, mutation, requireAccount } from '../schema/types.ts';
import type { FillModel, OrderUpdateModel } from '../upstream/stream/models.ts';
import { allEnded, cancelTpSl, symbolTpSl } from './close-tpsl.ts';
import { type OrderKey, trailOf } from './order-outcome.ts';
import { checkWaitArgs, endsAt, withWatch } from './order-wait.ts';

export interface ClosedModel {
  symbol: string;
  /** Every position of the symbol that was open reads 0 on the stream. */
  flat: boolean;
  timedOut: boolean;
  /** The closing orders' last states seen, one per margin mode. */
  orders: OrderUpdateModel[];
  fills: FillModel[];
  cancelledAlgoOrderIds: number[];
}

const positionKey = (p: { symbol: string; marginMode: string }) => `${p.symbol}|${p.marginMode}`;

/** A client order id that says what the order was for: `close-` and 30 random hex digits. */
const closeId = () => `close-${randomUUID().replaceAll('-', '').slice(0, 30)}`;

/** The reduce-only MARKET order that closes `position`. */
export const closingOrder = (position: PositionModel): CreateOrderParams => ({
  symbol: position.symbol,
  order_type: 'MARKET',
  side: position.quantity > 0 ? 'SELL' : 'BUY',
  order_quantity: Math.abs(position.quantity),
  reduce_only: true,
  margin_mode: position.marginMode,
  client_order_id: closeId(),
});

/** The symbol's open positions; refused (noPosition) when it has none. */
async function openPositions(ctx: GatewayContext, symbol: string): Promise<PositionModel[]> {
  const { rows } = await requireAccount(ctx).positions();
  const open = rows.map(positionFromRest).filter((p) => p.symbol === symbol && p.quantity !== 0);
  if (open.length === 0) {
    const message = `no open position in ${symbol}`;
    throw inputRefusal('input.symbol', 'noPosition', message);
  }
  return open;
}

/** What the stream showed of the close, and whether it is over. */
function progress(watch: AccountWatch, open: PositionModel[], keys: OrderKey[], tpsl: number[]) {
  const trails = keys.map((key) => trailOf(watch.orders, key));
  const orders = trails.flatMap((trail) => trail.slice(-1));
  const fills = trails.flatMap((trail) => trail.flatMap((e) => (e.fill ? [e.fill] : [])));
  const flat = open.every((p) => watch.positions.get(positionKey(p))?.quantity === 0);
  const final =
    orders.length === keys.length && orders.every((o) => FINAL_ORDER_STATUSES.includes(o.status));
  return { flat, orders, fills, done: flat && final && allEnded(watch, tpsl) };
}

export function closePosition(
  ctx: GatewayContext,
  input: { symbol: string },
  waitTimeoutMs?: number | null,
) {
  const wait = { waitFor: 'FINAL' as const, waitTimeoutMs };
  return mutation(async () => {
    checkWaitArgs(ctx, wait);
    try {
      return await withWatch(ctx, async (watch): Promise<ClosedModel> => {
        // Read fresh: the cached reads are dropped first (on every replica).
        await ctx.live?.hub.invalidate(requireAccount(ctx).accountId, ['positions', 'algoOrders']);
        const [open, tpsl] = await Promise.all([
          openPositions(ctx, input.symbol),
          symbolTpSl(ctx, input.symbol),
        ]);
        const cancelled = await cancelTpSl(requireAccount(ctx), input.symbol, tpsl);
        const placed = await Promise.all(open.map((p) => placeOnce(ctx, closingOrder(p))));
        const keys = placed.map(({ created }) => ({
          orderId: created.order_id,
          clientOrderId: created.client_order_id === null ? null : String(created.client_order_id),
        }));
        const state = () => progress(watch, open, keys, cancelled);
        const done = await watch.until(() => (state().done ? true : undefined), endsAt(ctx, wait));
        const { flat, orders, fills } = state();
        return {
          symbol: input.symbol,
          flat,
          timedOut: !done,
          orders,
          fills,
          cancelledAlgoOrderIds: cancelled,
        };
      });
    } finally {
      ctx.loaders.order.clearAll();
      ctx.loaders.orderById.clearAll();
      ctx.loaders.algoOrders.clearAll();
    }
  });
}
