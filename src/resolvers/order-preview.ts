/**
 * `orderPreview`: what placeOrder would say of an order, and what the order would cost, with
 * nothing sent upstream. Its issues are placeOrder's own checks, run the same way: the input
 * rules (the schema passes their issues in, from the schema placeOrder validates with) and
 * the symbol rules (order-checks.ts `orderIssues`, which placeOrder's `checkOrders` throws),
 * then one more placeOrder leaves to the upstream: the account's maximum quantity. Every issue
 * is collected instead of the first refusal. A field that broke its own rule is left out of
 * the symbol checks and the figures (a refused price is not judged against the mark again).
 */
import { type AccountRisk, maxOrderQuantity } from '../risk/account-room.ts';
import { estimateOrder } from '../risk/order-estimate.ts';
import { type GatewayContext, type InputIssue, orThrowCoded } from '../schema/types.ts';
import { accountRisk } from './account-risk.ts';
import type { PlaceOrderArgs } from './order.ts';
import { type CheckedOrder, orderIssues } from './order-checks.ts';

export interface OrderPreviewModel {
  issues: InputIssue[];
  maxQuantity: number | null;
  notional: number | null;
  estimatedFee: number | null;
  initialMargin: number | null;
  estLiquidationPrice: number | null;
}

const AT = ['input'];

/** The order with every field that broke its own input rule left out. */
function checkedPart(input: PlaceOrderArgs, fieldIssues: readonly InputIssue[]): CheckedOrder {
  const broken = new Set(fieldIssues.map((issue) => issue.path[AT.length]));
  const keep = <K extends keyof CheckedOrder>(key: K) => (broken.has(key) ? null : input[key]);
  return {
    symbol: input.symbol,
    side: input.side,
    orderType: input.orderType,
    orderPrice: keep('orderPrice'),
    orderQuantity: keep('orderQuantity'),
    orderAmount: keep('orderAmount'),
  };
}

/** The issue of a quantity above the account's maximum, at the field that sized the order. */
function aboveMax(order: CheckedOrder, max: number): InputIssue {
  const field = order.orderQuantity == null ? 'orderAmount' : 'orderQuantity';
  const path = [...AT, field];
  const message = `is more than the ${max} the account may place now (maxOrderQuantity)`;
  return { field: path.join('.'), path, rule: 'maxQuantity', message };
}

const NOTHING = {
  maxQuantity: null,
  notional: null,
  estimatedFee: null,
  initialMargin: null,
  estLiquidationPrice: null,
};

/** The figures of a checked order; cross margin only for the margin, liquidation and max. */
function figures(account: AccountRisk, order: CheckedOrder, input: PlaceOrderArgs) {
  const { symbol, side } = order;
  const cross = input.marginMode !== 'ISOLATED';
  const max = cross
    ? maxOrderQuantity(account, { symbol, side, reduceOnly: !!input.reduceOnly })
    : null;
  const estimate = estimateOrder(account, {
    symbol,
    side,
    orderType: order.orderType,
    price: order.orderPrice,
    quantity: order.orderQuantity,
    amount: order.orderAmount,
  });
  return {
    max,
    estimate,
    preview: {
      maxQuantity: max,
      notional: estimate?.notional ?? null,
      estimatedFee: estimate?.estimatedFee ?? null,
      initialMargin: cross ? (estimate?.initialMargin ?? null) : null,
      estLiquidationPrice: cross ? (estimate?.estLiquidationPrice ?? null) : null,
    },
  };
}

export function orderPreview(
  ctx: GatewayContext,
  input: PlaceOrderArgs,
  fieldIssues: InputIssue[],
): Promise<OrderPreviewModel> {
  return orThrowCoded(async () => {
    const order = checkedPart(input, fieldIssues);
    if (fieldIssues.some((issue) => issue.path[AT.length] === 'symbol')) {
      return { issues: fieldIssues, ...NOTHING };
    }
    const issues = [...fieldIssues, ...(await orderIssues(ctx, [order], [AT]))];
    if (issues.some((issue) => issue.rule === 'unknownSymbol')) return { issues, ...NOTHING };
    const { max, estimate, preview } = figures(
      await accountRisk(ctx, order.symbol, [...AT, 'symbol']),
      order,
      input,
    );
    if (max !== null && estimate && estimate.quantity > max) issues.push(aboveMax(order, max));
    return { issues, ...preview };
  });
}
