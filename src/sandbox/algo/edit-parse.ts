/**
 * The body of PUT /v1/algo/order (market-algo-risk-facts.md §3): `order_id` (a number or a
 * decimal string) names an untriggered algo order; the root's `price`, `quantity`,
 * `trigger_price`, and per leg (`child_orders[]`, by `order_id`) `trigger_price`, `price`,
 * `quantity`, `is_activated`. Each object carries its own order signature (`tree`).
 */
import { EDIT_ALGO_ORDER_BODY } from '../../contract/fields-algo.ts';
import { TRIGGER_PRICE_TYPES } from '../../contract/wire-algo.ts';
import { invalid, notFound } from '../errors.ts';
import type { SandboxState } from '../state.ts';
import type { Account } from '../types.ts';
import { Fields } from '../validation.ts';
import { childrenOf } from './parse-legs.ts';
import { groupOf } from './slots.ts';
import { type AlgoOrder, isLeg, isOpen } from './types.ts';

export interface NodeChange {
  node: AlgoOrder;
  /** Where its fields are in the body (`child_orders[1].`), for messages. */
  at: string;
  price?: number;
  quantity?: number;
  triggerPrice?: number;
  isActivated?: boolean;
}

export interface AlgoEditRequest {
  target: AlgoOrder;
  changes: NodeChange[];
}

const LEG_FIELDS = EDIT_ALGO_ORDER_BODY.child_orders.of.fields;

function changeOf(f: Fields, node: AlgoOrder, at: string): NodeChange {
  f.oneOf('trigger_price_type', TRIGGER_PRICE_TYPES);
  const change: NodeChange = { node, at };
  const price = f.number('price', { positive: true });
  const quantity = f.number('quantity', { positive: true });
  const triggerPrice = f.number('trigger_price', { positive: true });
  if (price !== undefined) change.price = price;
  if (quantity !== undefined) change.quantity = quantity;
  if (triggerPrice !== undefined) change.triggerPrice = triggerPrice;
  return change;
}

function targetOf(state: SandboxState, account: Account, f: Fields): AlgoOrder {
  const id = f.requiredNumber('order_id', { integer: true, positive: true, numericString: true });
  const target = state.algo.byId.get(id);
  if (!target || target.account !== account) throw notFound(`order_id: no algo order ${id}`);
  if (!isOpen(target)) throw notFound(`order_id: algo order ${id} is already ${target.status}`);
  const group = groupOf(target.root);
  if (target.isTriggered && !(target.algoType === 'BRACKET' && group && !group.isTriggered)) {
    throw invalid(
      'order_id',
      `algo order ${id} has triggered: edit the order it placed with PUT /v1/order`,
    );
  }
  return target;
}

/** The legs `child_orders` names, each under the target's TP/SL group. */
function legChanges(f: Fields, target: AlgoOrder): NodeChange[] {
  if (!f.has('child_orders')) return [];
  const group = isLeg(target) ? target.parent : groupOf(target);
  const changes: NodeChange[] = [];
  childrenOf(f, '', 2).forEach((body, i) => {
    const at = `child_orders[${i}].`;
    const leg = Fields.body(body, LEG_FIELDS, at);
    const id = leg.requiredNumber('order_id', {
      integer: true,
      positive: true,
      numericString: true,
    });
    const node = group?.children.find((l) => l.algoOrderId === id);
    if (!node)
      throw invalid(`${at}order_id`, `${id} is not a leg of algo order ${target.algoOrderId}`);
    if (changes.some((c) => c.node === node))
      throw invalid(`${at}order_id`, `leg ${id} given twice`);
    const change = changeOf(leg, node, at);
    const activated = leg.boolean('is_activated');
    if (activated !== undefined) change.isActivated = activated;
    changes.push(change);
  });
  return changes;
}

export function parseAlgoEdit(
  state: SandboxState,
  account: Account,
  body: unknown,
): AlgoEditRequest {
  const f = Fields.body(body, EDIT_ALGO_ORDER_BODY);
  const target = targetOf(state, account, f);
  const root = changeOf(f, target, '');
  const changes = [root, ...legChanges(f, target)];
  if (changes.every((c) => Object.keys(c).length === 2)) {
    throw invalid(
      'order_id',
      'nothing to change: give price, quantity, trigger_price or child_orders',
    );
  }
  return { target, changes: Object.keys(root).length === 2 ? changes.slice(1) : changes };
}
