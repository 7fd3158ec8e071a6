import {
  type CreateOrderParams,
  FINAL_ORDER_STATUSES,
  type MarginMode,
  type OrderCreated,
  type OrderRecord,
  type OrderStatus,
  type OrderType,
  type Side,
} from '../contract/wire.ts';
import { placeOnce } from '../idempotency/place.ts';
import { type GatewayContext, mutation, orThrowCoded, requireAccount } from '../schema/types.ts';
import type { OrderUpdateModel } from '../upstream/stream/models.ts';
import { checkOrders } from './order-checks.ts';
import { endsAt, targetOf, type WaitArgs, type Waited, watching } from './order-wait.ts';
import { placedOutcome } from './placed-outcome.ts';

export interface OrderModel {
  orderId: number;
  clientOrderId: string;
  userId: number;
  symbol: string;
  /** `BTC` of `PERP_BTC_USDC`. */
  base: string | null;
  /** `USDC` of `PERP_BTC_USDC`. */
  quote: string | null;
  side: Side;
  type: OrderType;
  status: OrderStatus;
  isFinal: boolean;
  price: number | null;
  quantity: number | null;
  amount: number | null;
  executedQuantity: number;
  remainingQuantity: number | null;
  filledFraction: number | null;
  visibleQuantity: number | null;
  averageExecutedPrice: number | null;
  totalFee: number;
  feeAsset: string;
  realizedPnl: number;
  createdTime: number;
  updatedTime: number;
  reduceOnly: boolean;
  orderTag: string | null;
  marginMode: MarginMode;
}

/** `PERP_BTC_USDC` → `{base: 'BTC', quote: 'USDC'}`; null for another shape. */
export function splitSymbol(symbol: string): { base: string; quote: string } | null {
  const match = /^PERP_([A-Z0-9]+)_([A-Z0-9]+)$/.exec(symbol);
  return match ? { base: match[1]!, quote: match[2]! } : null;
}

/** Executed share of the quantity, 0..1; null when the order has no quantity (amount orders). */
export function filledFraction(executed: number, quantity: number | null): number | null {
  if (quantity === null || !(quantity > 0)) return null;
  return Math.min(1, Math.max(0, Number((executed / quantity).toFixed(10))));
}

export function remainingQuantity(executed: number, quantity: number | null): number | null {
  if (quantity === null) return null;
  return Math.max(0, Number((quantity - executed).toFixed(10)));
}

export const isFinalStatus = (status: OrderStatus): boolean =>
  FINAL_ORDER_STATUSES.includes(status);

export function toOrder(rec: OrderRecord): OrderModel {
  const parts = splitSymbol(rec.symbol);
  const executed = rec.total_executed_quantity ?? rec.executed_quantity ?? 0;
  return {
    orderId: rec.order_id,
    clientOrderId: String(rec.client_order_id),
    userId: rec.user_id,
    symbol: rec.symbol,
    base: parts?.base ?? null,
    quote: parts?.quote ?? null,
    side: rec.side,
    type: rec.type,
    status: rec.status,
    isFinal: isFinalStatus(rec.status),
    price: rec.price,
    quantity: rec.quantity,
    amount: rec.amount,
    executedQuantity: executed,
    remainingQuantity: remainingQuantity(executed, rec.quantity),
    filledFraction: filledFraction(executed, rec.quantity),
    visibleQuantity: rec.visible_quantity,
    averageExecutedPrice: rec.average_executed_price,
    totalFee: rec.total_fee,
    feeAsset: rec.fee_asset,
    realizedPnl: rec.realized_pnl,
    createdTime: rec.created_time,
    updatedTime: rec.updated_time,
    reduceOnly: rec.reduce_only ?? false,
    orderTag: rec.order_tag,
    marginMode: rec.margin_mode,
  };
}

/** One order by client_order_id (deduplicated per request); -1006 → NOT_FOUND. */
export function loadOrder(ctx: GatewayContext, clientOrderId: string): Promise<OrderModel> {
  return orThrowCoded(async () => {
    requireAccount(ctx);
    return toOrder(await ctx.loaders.order.load(clientOrderId));
  });
}

/** One order by exchange order id (deduplicated per request); -1006 → NOT_FOUND. */
export function loadOrderById(ctx: GatewayContext, orderId: number): Promise<OrderModel> {
  return orThrowCoded(async () => {
    requireAccount(ctx);
    return toOrder(await ctx.loaders.orderById.load(orderId));
  });
}

/** Each entry resolves or fails alone (a failed entry is null with its own error). */
export function loadOrders(ctx: GatewayContext, clientOrderIds: readonly string[]) {
  return clientOrderIds.map((id) => loadOrder(ctx, id));
}

export interface OrderReceipt {
  orderId: number;
  clientOrderId: string | null;
  orderType: OrderType;
  orderPrice: number | null;
  orderQuantity: number | null;
  errorMessage: string;
}

export const toReceipt = (c: OrderCreated): OrderReceipt => ({
  orderId: c.order_id,
  clientOrderId: c.client_order_id === null ? null : String(c.client_order_id),
  orderType: c.order_type,
  orderPrice: c.order_price,
  orderQuantity: c.order_quantity,
  errorMessage: c.error_message,
});

export interface PlaceOrderArgs {
  symbol: string;
  orderType: OrderType;
  side: Side;
  clientOrderId?: string | null;
  orderPrice?: number | null;
  orderQuantity?: number | null;
  orderAmount?: number | null;
  visibleQuantity?: number | null;
  reduceOnly?: boolean | null;
  slippage?: number | null;
  orderTag?: string | null;
  level?: number | null;
  postOnlyAdjust?: boolean | null;
  marginMode?: MarginMode | null;
}

/** The wire's parameters: fields GraphQL gives as null or leaves out are absent. */
export function toCreateOrderParams(i: PlaceOrderArgs): CreateOrderParams {
  // Field by field into one object (no entries array, no second copy): every order pays it.
  const p: CreateOrderParams = { symbol: i.symbol, order_type: i.orderType, side: i.side };
  if (i.clientOrderId != null) p.client_order_id = i.clientOrderId;
  if (i.orderPrice != null) p.order_price = i.orderPrice;
  if (i.orderQuantity != null) p.order_quantity = i.orderQuantity;
  if (i.orderAmount != null) p.order_amount = i.orderAmount;
  if (i.visibleQuantity != null) p.visible_quantity = i.visibleQuantity;
  if (i.reduceOnly != null) p.reduce_only = i.reduceOnly;
  if (i.slippage != null) p.slippage = i.slippage;
  if (i.orderTag != null) p.order_tag = i.orderTag;
  if (i.level != null) p.level = i.level;
  if (i.postOnlyAdjust != null) p.post_only_adjust = i.postOnlyAdjust;
  if (i.marginMode != null) p.margin_mode = i.marginMode;
  return p;
}

/** What placeOrder answers (each placed item of placeOrders too). */
export interface PlacedModel extends Partial<Waited<OrderUpdateModel>> {
  receipt: OrderReceipt;
  replayed?: boolean;
}

export function placeOrder(ctx: GatewayContext, input: PlaceOrderArgs, wait: WaitArgs = {}) {
  return mutation(async () => {
    await checkOrders(ctx, [input], [['input']]);
    // Watched from before the send when waiting (order-wait.ts): no change is missed.
    return watching(ctx, wait, async (watch): Promise<PlacedModel> => {
      // Exactly once per (account, clientOrderId): see src/idempotency/orders.ts.
      const { created, replayed } = await placeOnce(ctx, toCreateOrderParams(input));
      const receipt = toReceipt(created);
      if (receipt.clientOrderId !== null) ctx.loaders.order.clear(receipt.clientOrderId);
      const target = targetOf(wait);
      if (!watch || !target) return { receipt, replayed };
      const until = endsAt(ctx, wait);
      const waited = await placedOutcome(ctx, { watch, target, until }, receipt, replayed);
      return { receipt, replayed, ...waited };
    });
  });
}
