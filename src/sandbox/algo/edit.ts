/**
 * PUT /v1/algo/order applied: every change checked first, then all applied (a refusal changes
 * nothing). Rules (facts §3): only prices, quantities and legs' switches change; a TP_SL's
 * quantity changes on all its legs at once, to one value; a POSITIONAL_TP_SL follows its
 * position; a BRACKET's own order is edited with PUT /v1/order. The changed orders read
 * REPLACED for one report, then NEW.
 */
import type { AlgoLegType } from '../../contract/wire-algo.ts';
import { invalid } from '../errors.ts';
import type { Market } from '../market/market.ts';
import { checkTrigger, positionQty } from './checks.ts';
import type { AlgoContext } from './context.ts';
import type { AlgoEditRequest, NodeChange } from './edit-parse.ts';
import { checkAlgoPrice, checkAlgoQuantity } from './fields.ts';
import { checkPartialSlots } from './slots.ts';
import { type AlgoOrder, isGroup, isLeg } from './types.ts';

const priceField = (c: NodeChange, field: string) => `${c.at}${field}`;

/** Price and trigger of one node. */
function checkPrices(market: Market, c: NodeChange, reference: { price: number; name: string }) {
  const { node } = c;
  if (c.price !== undefined) {
    if (node.type !== 'LIMIT')
      throw invalid(priceField(c, 'price'), 'only LIMIT orders have a price');
    checkAlgoPrice(market, priceField(c, 'price'), c.price);
  }
  if (c.triggerPrice !== undefined) {
    if (node.algoType !== 'STOP' && !isLeg(node)) {
      throw invalid(priceField(c, 'trigger_price'), `not taken by ${node.algoType} orders`);
    }
    checkAlgoPrice(market, priceField(c, 'trigger_price'), c.triggerPrice);
    const kind = node.algoType as AlgoLegType | 'STOP';
    checkTrigger(priceField(c, 'trigger_price'), kind, node.side!, c.triggerPrice, reference);
  }
}

/** A TP_SL's new quantity: the same on the group (if given) and every live leg. */
function groupQuantity(
  market: Market,
  group: AlgoOrder,
  changes: NodeChange[],
): number | undefined {
  const given = changes.filter((c) => c.quantity !== undefined);
  if (given.length === 0) return undefined;
  if (group.algoType !== 'TP_SL')
    throw invalid(priceField(given[0]!, 'quantity'), 'a POSITIONAL_TP_SL follows its position');
  const legs = group.children.filter((l) => l.status === 'NEW');
  const quantity = given[0]!.quantity!;
  for (const leg of legs) {
    const c = changes.find((x) => x.node === leg);
    if (c?.quantity !== quantity) {
      throw invalid('child_orders', 'a quantity change gives every leg the same quantity');
    }
  }
  if (given.some((c) => c.quantity !== quantity))
    throw invalid('quantity', "must equal the legs' quantity");
  checkAlgoQuantity(market, 'quantity', quantity);
  const held = Math.abs(positionQty(group.account, group.symbol, group.marginMode));
  if (!group.waiting && quantity > held)
    throw invalid('quantity', `must not exceed the position size ${held}`);
  return quantity;
}

/** The legs' switches after the edit: one at least stays on; switching one on needs its slot. */
function checkSwitches(ctx: AlgoContext, group: AlgoOrder, changes: NodeChange[]): void {
  const on = (leg: AlgoOrder) =>
    changes.find((c) => c.node === leg)?.isActivated ?? leg.isActivated;
  const live = group.children.filter((l) => l.status === 'NEW');
  if (live.every((l) => !on(l))) {
    throw invalid('child_orders', 'every leg would be off: cancel with DELETE /v1/algo/order');
  }
  const switchedOn = live.some((l) => on(l) && !l.isActivated);
  if (switchedOn && group.algoType === 'TP_SL') {
    const at = {
      account: group.account,
      symbol: group.symbol,
      mode: group.marginMode,
      side: group.positionSide!,
    };
    const types = live.filter(on).map((l) => l.algoType as AlgoLegType);
    checkPartialSlots(ctx.state, at, types, group);
  }
}

function checkEdit(ctx: AlgoContext, request: AlgoEditRequest): number | undefined {
  const { target, changes } = request;
  if (target.algoType === 'BRACKET' && changes.some((c) => c.node === target)) {
    throw invalid(
      'order_id',
      "a BRACKET's order is edited with PUT /v1/order; its legs in child_orders",
    );
  }
  const market = ctx.state.market(target.symbol);
  const group = isLeg(target) ? target.parent! : isGroup(target) ? target : target.children[0];
  const bracketWaiting = group?.waiting && target.root.order?.price != null;
  const reference = bracketWaiting
    ? { price: target.root.order!.price!, name: 'order price' }
    : { price: market.mid, name: 'mark price' };
  for (const c of changes) {
    if (isLeg(c.node) && c.node.status !== 'NEW')
      throw invalid(`${c.at}order_id`, `leg ${c.node.algoOrderId} is already ${c.node.status}`);
    checkPrices(market, c, reference);
    if (c.isActivated && !c.node.isActivated && c.triggerPrice === undefined) {
      const kind = c.node.algoType as AlgoLegType;
      checkTrigger(`${c.at}is_activated`, kind, c.node.side!, c.node.triggerPrice!, reference);
    }
    if (c.quantity !== undefined && !isGroup(c.node) && !isLeg(c.node))
      checkAlgoQuantity(market, 'quantity', c.quantity);
  }
  if (!group || !isGroup(group)) return undefined;
  checkSwitches(ctx, group, changes);
  return groupQuantity(market, group, changes);
}

export function editAlgo(ctx: AlgoContext, request: AlgoEditRequest): void {
  const quantity = checkEdit(ctx, request);
  const now = ctx.clock();
  const touched = new Set<AlgoOrder>();
  for (const c of request.changes) {
    const { node } = c;
    if (c.price !== undefined) node.price = c.price;
    if (c.triggerPrice !== undefined) node.triggerPrice = c.triggerPrice;
    if (c.isActivated !== undefined) node.isActivated = c.isActivated;
    if (c.quantity !== undefined && quantity === undefined) node.quantity = c.quantity;
    touched.add(node);
  }
  if (quantity !== undefined) {
    const group = request.changes.find((c) => c.quantity !== undefined)!.node;
    const owner = isLeg(group) ? group.parent! : group;
    for (const n of [owner, ...owner.children]) {
      n.quantity = quantity;
      touched.add(n);
    }
  }
  for (const n of touched) {
    n.updatedTime = now;
    n.status = 'REPLACED';
  }
  ctx.report(request.target.root);
  for (const n of touched) n.status = 'NEW';
  ctx.report(request.target.root);
}
