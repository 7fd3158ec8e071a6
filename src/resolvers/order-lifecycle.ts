/**
 * Cancels, edit and batch placement. Each mutation body runs in `mutation()`: an upstream
 * failure becomes its union member. The upstream client drops the account's cached orders,
 * lists, positions and balances on every one of them; the request's loaders are cleared here
 * so a field read after the mutation in the same request asks again.
 */

import type { BatchOrderRow, OrderType, Side } from '../contract/wire.ts';
import type { PlacedBatch } from '../idempotency/batch.ts';
import { placeBatchOnce } from '../idempotency/place.ts';
import {
  BatchItemErrorMember,
  type GatewayContext,
  mutation,
  requireAccount,
  UpstreamRejectedErrorMember,
} from '../schema/types.ts';
import { NOT_FOUND_CODE } from '../upstream/error-map.ts';
import { UpstreamRejectedError } from '../upstream/errors.ts';
import type { OrderUpdateModel } from '../upstream/stream/models.ts';
import {
  loadOrder,
  loadOrderById,
  type OrderModel,
  type OrderReceipt,
  type PlacedModel,
  type PlaceOrderArgs,
  toCreateOrderParams,
} from './order.ts';
import { checkOrders } from './order-checks.ts';
import {
  endsAt,
  outcomeFor,
  targetOf,
  type WaitArgs,
  type Waited,
  watching,
} from './order-wait.ts';
import { type PlacedWait, placedOutcome } from './placed-outcome.ts';
import { compact } from './wire.ts';

/** Which order a cancel or an edit names, for reading it back. */
export type OrderKey = { orderId: number } | { clientOrderId: string };

export interface CancelOrderArgs {
  symbol: string;
  orderId?: number | null;
  clientOrderId?: string | null;
}

export interface StatusModel extends Partial<Waited<OrderUpdateModel>> {
  status: string;
  /** The order to read back when `order` is selected; null for several orders. */
  key: OrderKey | null;
}

/** The order a cancel or an edit named, read back now; null when none (a batch, no key). */
export function readBack(ctx: GatewayContext, key: OrderKey | null): Promise<OrderModel> | null {
  if (key === null) return null;
  return 'orderId' in key ? loadOrderById(ctx, key.orderId) : loadOrder(ctx, key.clientOrderId);
}

function clearOrders(ctx: GatewayContext): void {
  ctx.loaders.order.clearAll();
  ctx.loaders.orderById.clearAll();
}

/** -1006 on a cancel: the order is unknown or already final. Said plainly, still NOT_FOUND. */
function noOpenOrder(error: unknown): unknown {
  if (!(error instanceof UpstreamRejectedError) || error.upstreamCode !== NOT_FOUND_CODE) {
    return error;
  }
  return new UpstreamRejectedErrorMember(
    `No open order to cancel: it does not exist or is already final (FILLED, CANCELLED or REJECTED). Upstream: ${error.upstreamMessage}`,
    'NOT_FOUND',
    error.upstreamCode,
    error.upstreamMessage,
  );
}

async function cancelling<T>(ctx: GatewayContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw noOpenOrder(error);
  } finally {
    clearOrders(ctx);
  }
}

/** Sends the cancel of the order the input names; its acknowledgement and the key. */
async function sendCancel(ctx: GatewayContext, input: CancelOrderArgs): Promise<StatusModel> {
  const account = requireAccount(ctx);
  const { symbol, orderId, clientOrderId } = input;
  if (orderId !== null && orderId !== undefined) {
    const { status } = await account.cancelOrder({ order_id: orderId, symbol });
    return { status, key: { orderId } };
  }
  const id = clientOrderId as string;
  const { status } = await account.cancelOrderByClientOrderId({ client_order_id: id, symbol });
  return { status, key: { clientOrderId: id } };
}

export function cancelOrder(ctx: GatewayContext, input: CancelOrderArgs, wait: WaitArgs = {}) {
  return mutation(() =>
    cancelling(ctx, () =>
      watching(ctx, wait, async (watch): Promise<StatusModel> => {
        const sent = await sendCancel(ctx, input);
        return { ...sent, ...(await outcomeFor(ctx, watch, wait, sent.key as OrderKey)) };
      }),
    ),
  );
}

export interface CancelOrdersArgs {
  orderIds?: readonly number[] | null;
  clientOrderIds?: readonly string[] | null;
}

export function cancelOrders(ctx: GatewayContext, input: CancelOrdersArgs) {
  return mutation(() =>
    cancelling(ctx, async () => {
      const account = requireAccount(ctx);
      const { status } = input.orderIds
        ? await account.cancelOrders(input.orderIds)
        : await account.cancelOrdersByClientOrderIds(input.clientOrderIds ?? []);
      return { status, key: null } satisfies StatusModel;
    }),
  );
}

export function cancelAllOrders(ctx: GatewayContext, symbol: string | null | undefined) {
  return mutation(() =>
    cancelling(ctx, async () => {
      const query = symbol ? { symbol } : {};
      const { status } = await requireAccount(ctx).cancelAllOrders(query);
      return { status, symbol: symbol ?? null };
    }),
  );
}

export interface EditOrderArgs {
  orderId: number;
  symbol: string;
  side: Side;
  orderType: OrderType;
  orderPrice: number;
  orderQuantity: number;
  clientOrderId?: string | null;
  reduceOnly?: boolean | null;
  visibleQuantity?: number | null;
}

export function editOrder(ctx: GatewayContext, input: EditOrderArgs, wait: WaitArgs = {}) {
  return mutation(async () => {
    await checkOrders(ctx, [input], [['input']]);
    try {
      return await watching(ctx, wait, async (watch): Promise<StatusModel> => {
        const status = await sendEdit(ctx, input);
        const key = { orderId: input.orderId };
        return { status, key, ...(await outcomeFor(ctx, watch, wait, key)) };
      });
    } finally {
      clearOrders(ctx);
    }
  });
}

async function sendEdit(ctx: GatewayContext, input: EditOrderArgs): Promise<string> {
  const { status } = await requireAccount(ctx).editOrder({
    // Documented as a string (numbers are accepted too).
    order_id: String(input.orderId),
    symbol: input.symbol,
    side: input.side,
    order_type: input.orderType,
    order_price: input.orderPrice,
    order_quantity: input.orderQuantity,
    ...compact({
      client_order_id: input.clientOrderId,
      reduce_only: input.reduceOnly,
      visible_quantity: input.visibleQuantity,
    }),
  });
  return status;
}

export type PlaceOrdersItem = PlacedModel | BatchItemErrorMember;

export function receiptOfRow(row: BatchOrderRow, sent: PlaceOrderArgs): OrderReceipt {
  return {
    orderId: row.order_id as number,
    clientOrderId: row.client_order_id === null ? null : String(row.client_order_id),
    orderType: row.order_type ?? sent.orderType,
    orderPrice: row.order_price,
    orderQuantity: row.order_quantity,
    errorMessage: row.error_message,
  };
}

/** Each item's answer: its receipt (and, waiting, its outcome), or the row's refusal. */
async function itemResults(
  ctx: GatewayContext,
  inputs: readonly PlaceOrderArgs[],
  placed: PlacedBatch,
  wait: PlacedWait | null,
): Promise<PlaceOrdersItem[]> {
  return Promise.all(
    inputs.map(async (sent, index): Promise<PlaceOrdersItem> => {
      const row = placed.rows[index];
      if (!row) return new BatchItemErrorMember(index, null, 'no result for this item');
      if (!row.success || row.order_id === null) {
        return new BatchItemErrorMember(index, row.client_order_id, row.error_message);
      }
      const receipt = receiptOfRow(row, sent);
      const replayed = placed.replayed[index] ?? false;
      if (!wait) return { receipt, replayed };
      return { receipt, replayed, ...(await placedOutcome(ctx, wait, receipt, replayed)) };
    }),
  );
}

export function placeOrders(
  ctx: GatewayContext,
  inputs: readonly PlaceOrderArgs[],
  wait: WaitArgs = {},
) {
  return mutation(async () => {
    await checkOrders(
      ctx,
      inputs,
      inputs.map((_, index) => ['inputs', index]),
    );
    try {
      return await watching(ctx, wait, async (watch) => {
        // Each keyed item exactly once: see src/idempotency/batch.ts.
        const placed = await placeBatchOnce(ctx, inputs.map(toCreateOrderParams));
        const target = targetOf(wait);
        const waiting = watch && target ? { watch, target, until: endsAt(ctx, wait) } : null;
        return { results: await itemResults(ctx, inputs, placed, waiting) };
      });
    } finally {
      clearOrders(ctx);
    }
  });
}
