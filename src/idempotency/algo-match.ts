/**
 * Whether an algo order read back by its client_order_id is the one these parameters describe
 * (a -1007 answer: the client_order_id exists upstream; replay it only if it is the same
 * algo order). Compares what the row carries, each field only when it was sent, legs by their
 * algo type. A full-position TP/SL's quantity follows the position, so it is not compared; a
 * partial one's may sit on its legs (the SDK reads `child_orders[0].quantity`).
 */
import type {
  AlgoChildParams,
  AlgoOrderRow,
  CreateAlgoOrderParams,
} from '../contract/wire-algo.ts';

const same = (given: number | string | boolean | null | undefined, stored: unknown) =>
  given === undefined ||
  given === null ||
  (typeof given === 'number' ? Number(stored) === given : stored === given);

interface Node {
  algo_type: string;
  side?: string;
  type?: string;
  trigger_price?: number;
  price?: number;
  child_orders?: AlgoChildParams[];
}

/** A node and its children: the fields every node of the tree may carry. */
function sameNode(given: Node, row: AlgoOrderRow): boolean {
  return (
    row.algo_type === given.algo_type &&
    same(given.side, row.side) &&
    same(given.type, row.type) &&
    same(given.trigger_price, row.trigger_price) &&
    same(given.price, row.price) &&
    (given.child_orders ?? []).every((child) => {
      const match = row.child_orders.find((c) => c.algo_type === child.algo_type);
      return match !== undefined && sameNode(child, match);
    })
  );
}

function sameQuantity(params: CreateAlgoOrderParams, row: AlgoOrderRow): boolean {
  if (params.algo_type === 'POSITIONAL_TP_SL') return true;
  const q = params.quantity;
  return same(q, row.quantity) || row.child_orders.some((leg) => same(q, leg.quantity));
}

export function sameAlgoOrder(params: CreateAlgoOrderParams, row: AlgoOrderRow): boolean {
  return (
    String(row.client_order_id) === String(params.client_order_id) &&
    row.symbol === params.symbol &&
    sameNode(params, row) &&
    sameQuantity(params, row) &&
    same(params.margin_mode, row.margin_mode) &&
    same(params.order_tag, row.order_tag) &&
    same(params.callback_rate, row.callback_rate) &&
    same(params.callback_value, row.callback_value) &&
    same(params.activated_price, row.activated_price)
  );
}
