/**
 * Whether an order read back is the one these parameters describe (a -1007 answer: the
 * client_order_id exists upstream; replay it only if it is the same order). Compares what the
 * order record carries; a POST_ONLY with post_only_adjust may have been repriced, so its
 * price is not compared.
 */
import type { CreateOrderParams, OrderRecord } from '../contract/wire.ts';

const same = (given: number | null | undefined, stored: number | null) =>
  given === undefined || given === null || (stored !== null && Number(given) === Number(stored));

export function sameOrder(params: CreateOrderParams, record: OrderRecord): boolean {
  return (
    String(record.client_order_id) === String(params.client_order_id) &&
    record.symbol === params.symbol &&
    record.side === params.side &&
    record.type === params.order_type &&
    (params.post_only_adjust === true || same(params.order_price, record.price)) &&
    same(params.order_quantity, record.quantity) &&
    same(params.order_amount, record.amount) &&
    same(params.visible_quantity, record.visible_quantity) &&
    (params.reduce_only ?? false) === (record.reduce_only ?? false) &&
    (params.order_tag ?? null) === (record.order_tag ?? null) &&
    (params.margin_mode === undefined ||
      params.margin_mode === null ||
      params.margin_mode === record.margin_mode)
  );
}
