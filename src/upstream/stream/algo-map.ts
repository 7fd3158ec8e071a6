/**
 * The private `algoexecutionreport` push (contract/wire-algo-stream.ts) onto the algo-order
 * model the reads use (models/algo-order.ts). `data` is the whole tree flattened, root first;
 * like the SDK's `groupOrders`, the root is the element with `parentAlgoOrderId == 0` and
 * `algoOrderId == rootAlgoOrderId`, and every other element is nested under its parent. A
 * push without its root, or with an element missing a required field, is dropped.
 */
import {
  ALGO_LEG_ORDER_TYPES,
  ALGO_LEG_TYPES,
  ALGO_STATUSES,
  ALGO_TYPES,
  type AlgoLegOrderType,
  type AlgoStatus,
} from '../../contract/wire-algo.ts';
import { MARGIN_MODES, type MarginMode, SIDES, type Side } from '../../contract/wire-orders.ts';
import type { AlgoOrderKind, AlgoOrderModel } from '../../models/algo-order.ts';
import { isObj, num, type Obj, oneOf, orNull, str } from './map-values.ts';

const KINDS: readonly AlgoOrderKind[] = [...ALGO_TYPES, ...ALGO_LEG_TYPES];

/** A positive number, else null (the stream writes 0 for "none"). */
const positive = (v: unknown): number | null => {
  const n = num(v);
  return n !== undefined && n !== 0 ? n : null;
};

/** One element of the tree, without its children; undefined when a required field is off. */
function elementOf(e: unknown): AlgoOrderModel | undefined {
  if (!isObj(e)) return undefined;
  const algoOrderId = num(e.algoOrderId);
  const symbol = str(e.symbol);
  const algoType = oneOf(KINDS, e.algoType);
  const status = oneOf<AlgoStatus>(ALGO_STATUSES, e.algoStatus ?? e.status);
  if (algoOrderId === undefined || !symbol || !algoType || !status) return undefined;
  return {
    algoOrderId,
    clientOrderId: str(e.clientOrderId) || null,
    rootAlgoOrderId: num(e.rootAlgoOrderId) ?? algoOrderId,
    parentAlgoOrderId: num(e.parentAlgoOrderId) ?? 0,
    symbol,
    algoType,
    side: orNull(oneOf<Side>(SIDES, e.side)),
    type: orNull(oneOf<AlgoLegOrderType>(ALGO_LEG_ORDER_TYPES, e.type)),
    quantity: num(e.quantity) ?? 0,
    triggerPrice: positive(e.triggerPrice),
    price: positive(e.price),
    status,
    isTriggered: e.triggered === true || e.isTriggered === true,
    isActivated: e.isActivated !== false,
    reduceOnly: e.reduceOnly === true,
    marginMode: orNull(oneOf<MarginMode>(MARGIN_MODES, e.marginMode)),
    ...fillsOf(e),
    createdAt: num(e.createdTime) ?? num(e.timestamp) ?? 0,
    updatedAt: num(e.timestamp) ?? 0,
    childOrders: [],
  };
}

function fillsOf(e: Obj) {
  return {
    executedQuantity: num(e.totalExecutedQuantity) ?? 0,
    averageExecutedPrice: positive(e.averageExecutedPrice),
    realizedPnl: num(e.realizedPnl) ?? 0,
    triggerTime: positive(e.triggerTime),
    callbackRate: positive(e.callbackRate),
    callbackValue: positive(e.callbackValue),
    activatedPrice: positive(e.activatedPrice),
    extremePrice: positive(e.extremePrice),
  };
}

/** `algoexecutionreport` data → the root with its legs nested; undefined when unusable. */
export function algoOrderFromStream(data: unknown): AlgoOrderModel | undefined {
  if (!Array.isArray(data)) return undefined;
  const elements: AlgoOrderModel[] = [];
  for (const item of data) {
    const element = elementOf(item);
    if (!element) return undefined;
    elements.push(element);
  }
  const root = elements.find(
    (e) => e.parentAlgoOrderId === 0 && e.algoOrderId === e.rootAlgoOrderId,
  );
  if (!root) return undefined;
  const byId = new Map(elements.map((e) => [e.algoOrderId, e]));
  for (const e of elements) {
    if (e === root) continue;
    // An element whose parent is not in the push hangs under the root (never lost).
    (byId.get(e.parentAlgoOrderId) ?? root).childOrders.push(e);
  }
  root.source = 'stream';
  return root;
}
