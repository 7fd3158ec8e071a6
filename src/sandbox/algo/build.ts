/**
 * A checked draft (parse.ts, checks.ts) as a tree of algo orders, ids given root first: the
 * root, a BRACKET's TP/SL child, then the legs. A POSITIONAL_TP_SL's quantity is the
 * position's size now; a bracket's TP_SL legs take its order's quantity until it executes.
 */
import type { Account } from '../types.ts';
import { positionQty } from './checks.ts';
import type { AlgoContext } from './context.ts';
import type { AlgoDraft, GroupDraft } from './parse.ts';
import type { AlgoOrder, PositionSide } from './types.ts';

type NodeFields = Pick<
  AlgoOrder,
  'algoType' | 'side' | 'type' | 'quantity' | 'price' | 'triggerPrice'
> &
  Partial<AlgoOrder>;

function node(
  ctx: AlgoContext,
  account: Account,
  draft: AlgoDraft,
  parent: AlgoOrder | null,
  fields: NodeFields,
): AlgoOrder {
  const now = ctx.clock();
  const made: AlgoOrder = {
    algoOrderId: ctx.state.algo.newId(),
    account,
    parent,
    root: undefined as unknown as AlgoOrder,
    clientOrderId: parent ? null : draft.clientOrderId,
    symbol: draft.symbol,
    reduceOnly: draft.reduceOnly,
    orderTag: draft.orderTag,
    marginMode: draft.marginMode,
    status: 'NEW',
    isTriggered: false,
    isActivated: true,
    waiting: false,
    positionSide: null,
    trailing: null,
    triggerTime: null,
    triggerTradePrice: 0,
    triggerStatus: '',
    order: null,
    children: [],
    createdTime: now,
    updatedTime: now,
    ...fields,
  };
  made.root = parent ? parent.root : made;
  parent?.children.push(made);
  ctx.state.algo.add(made);
  return made;
}

function addLegs(
  ctx: AlgoContext,
  draft: AlgoDraft,
  group: AlgoOrder,
  legs: GroupDraft['legs'],
): void {
  for (const leg of legs) {
    node(ctx, group.account, draft, group, {
      ...leg,
      quantity: group.quantity,
      reduceOnly: true,
      positionSide: group.positionSide,
    });
  }
}

/** The tree of a draft, in the book; its BRACKET order is not placed yet. */
export function buildTree(
  ctx: AlgoContext,
  account: Account,
  draft: AlgoDraft,
  side: PositionSide | null,
): AlgoOrder {
  const full = Math.abs(positionQty(account, draft.symbol, draft.marginMode));
  const positional = draft.group?.algoType === 'POSITIONAL_TP_SL';
  const bracket = draft.algoType === 'BRACKET';
  const root = node(ctx, account, draft, null, {
    algoType: draft.algoType,
    side: draft.side,
    type: draft.type,
    quantity: positional && !bracket ? full : (draft.quantity ?? 0),
    price: draft.price,
    triggerPrice: draft.triggerPrice,
    positionSide: bracket ? null : side,
    trailing: draft.trailing ? { ...draft.trailing, extremePrice: null, activated: false } : null,
  });
  if (!draft.group) return root;
  if (!bracket) {
    addLegs(ctx, draft, root, draft.group.legs);
    return root;
  }
  const group = node(ctx, account, draft, root, {
    algoType: draft.group.algoType,
    side: null,
    type: null,
    quantity: positional ? 0 : (draft.quantity ?? 0),
    price: null,
    triggerPrice: null,
    reduceOnly: true,
    waiting: true,
    positionSide: side,
  });
  addLegs(ctx, draft, group, draft.group.legs);
  return root;
}
