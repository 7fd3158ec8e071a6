/**
 * The REST shapes the sandbox answers with (snake_case, as the upstream writes them): the order
 * record, the creation result and a position row (holdings.ts: the holding row). Built from
 * state on each read or event; never stored.
 */
import type { SpecOrderStatus } from '../contract/constants.ts';
import type {
  OrderCreated,
  OrderRecord,
  PositionRow as UpstreamPositionRow,
} from '../contract/wire.ts';
import type { Order } from './types.ts';

/** The order record with the full status set (PENDING_NEW … REPLACED). */
export type SandboxOrderRecord = Omit<OrderRecord, 'status'> & { status: SpecOrderStatus };

/** One row of GET /v1/positions, keyed by symbol and margin mode; the sandbox always sets est_liq_price. */
export type PositionRow = UpstreamPositionRow & { est_liq_price: number };

/** Final statuses never change again; every other status can still fill or be cancelled. */
export function isPending(order: Pick<Order, 'status'>): boolean {
  return order.status !== 'FILLED' && order.status !== 'CANCELLED' && order.status !== 'REJECTED';
}

/**
 * How long an edited order reads REPLACED (sandbox clock) unless it changes again before:
 * the facts' "reads (and streams) as REPLACED before it carries on".
 */
export const REPLACED_READ_MS = 1_000;

/** The status a read shows at `now`: REPLACED right after an edit, else the engine's. */
export function readStatus(order: Order, now: number): SpecOrderStatus {
  return now < order.replacedUntil && isPending(order) ? 'REPLACED' : order.status;
}

/** The order's quote token: USDC of PERP_BTC_USDC. */
export const quoteOf = (symbol: string): string => symbol.split('_')[2] ?? 'USDC';

export function created(order: Order): OrderCreated {
  return {
    order_id: order.orderId,
    client_order_id: order.clientOrderId,
    order_type: order.type,
    order_price: order.price,
    order_quantity: order.quantity,
    error_message: order.message,
  };
}

export function orderRecord(order: Order, now: number): SandboxOrderRecord {
  const executed = order.executedQuantity;
  return {
    order_id: order.orderId,
    user_id: order.account.userId,
    price: order.price,
    type: order.type,
    quantity: order.quantity,
    amount: order.amount,
    total_executed_quantity: executed,
    visible_quantity: order.visibleQuantity,
    symbol: order.symbol,
    side: order.side,
    status: readStatus(order, now),
    total_fee: order.totalFee,
    fee_asset: quoteOf(order.symbol),
    client_order_id: order.clientOrderId ?? '',
    average_executed_price:
      executed > 0 ? Number((order.executedNotional / executed).toFixed(8)) : null,
    created_time: order.createdTime,
    updated_time: order.updatedTime,
    realized_pnl: order.realizedPnl,
    executed_quantity: executed,
    visible: order.visibleQuantity ?? 0,
    executed,
    reduce_only: order.reduceOnly,
    order_tag: order.orderTag,
    margin_mode: order.marginMode,
  };
}
