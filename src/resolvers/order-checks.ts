/**
 * Orders checked against their symbol's rules (contract/symbol-rules.ts) before any upstream
 * call that places or edits one: an unknown symbol, a price off the tick or outside
 * quote_min..quote_max, a quantity off base_tick or outside base_min..base_max, a value under
 * min_notional, a price beyond the range or scope around the mark. A refusal is the input
 * failure of the other input rules (the mutation's `InputError`), one issue per broken rule
 * naming the field (`input.orderPrice`, `inputs.2.orderQuantity`) and the rule; nothing is sent.
 *
 * The rules come from the shared cache (minutes), the mark from the market reads (a second,
 * or the live book): a mark that moved since is the upstream's to judge. So is an order whose
 * rules or mark cannot be read (the upstream's market data unavailable, its budget spent):
 * the checks are an early refusal, the upstream applies the same rules, and trading must not
 * stop, nor wait, because a public read failed or is slow.
 */
import { PRICELESS_ORDER_TYPES } from '../contract/constants.ts';
import {
  type OrderTerms,
  orderRuleBreaks,
  type SymbolRuleBreak,
} from '../contract/symbol-rules.ts';
import type { OrderType, Side } from '../contract/wire-orders.ts';
import { type GatewayContext, type InputIssue, inputIssuesError } from '../schema/types.ts';
import { UpstreamError } from '../upstream/errors.ts';
import { readsOf, unknownSymbol } from './market.ts';
import type { MarketReads } from './market-reads.ts';

/**
 * How long an order waits for market data it does not have cached: past it, the order goes
 * on unchecked (the reads still fill the cache for the next one). A slow or failing public
 * read must not spend the order's own deadline.
 */
export const CHECK_WAIT_MS = 250;

/** The value, or undefined when the upstream could not give it (a bug still throws). */
const unlessUnavailable = <T>(read: Promise<T>): Promise<T | undefined> =>
  read.catch((error: unknown) => {
    if (error instanceof UpstreamError) return undefined;
    throw error;
  });

/** The rules and the marks of `symbols`, each undefined if not there within CHECK_WAIT_MS. */
async function marketData(reads: MarketReads, symbols: readonly string[]) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), CHECK_WAIT_MS);
  });
  timer?.unref();
  const within = <T>(read: Promise<T>) => Promise.race([unlessUnavailable(read), late]);
  try {
    // All at once: the marks do not wait for the rules.
    const [rules, marks] = await Promise.all([
      within(reads.rules()),
      Promise.all(symbols.map(async (s) => [s, await within(reads.markPrice(s))] as const)),
    ]);
    return { rules, marks: new Map(marks) };
  } finally {
    clearTimeout(timer);
  }
}

/** What of an order input (placeOrder, a placeOrders item, editOrder) the rules read. */
export interface CheckedOrder {
  symbol: string;
  side: Side;
  orderType: OrderType;
  orderPrice?: number | null;
  orderQuantity?: number | null;
  orderAmount?: number | null;
}

const INPUT_FIELD: Readonly<Record<SymbolRuleBreak['field'], string>> = {
  price: 'orderPrice',
  quantity: 'orderQuantity',
  amount: 'orderAmount',
};

/** The terms the rules judge; a priceless order's price (if sent) is not its price. */
function termsOf(order: CheckedOrder): OrderTerms {
  const priced = !PRICELESS_ORDER_TYPES.includes(order.orderType);
  const terms: OrderTerms = { side: order.side };
  if (priced && order.orderPrice != null) terms.price = order.orderPrice;
  if (order.orderQuantity != null) terms.quantity = order.orderQuantity;
  if (order.orderAmount != null) terms.amount = order.orderAmount;
  return terms;
}

/**
 * Every rule of their symbols the orders break, as input issues; `paths[i]` is where
 * `orders[i]` sits in the arguments (`['input']`, `['inputs', 2]`). Empty when they pass, or
 * when the rules could not be read in time (the upstream judges then).
 */
export async function orderIssues(
  ctx: GatewayContext,
  orders: readonly CheckedOrder[],
  paths: readonly (readonly (string | number)[])[],
): Promise<InputIssue[]> {
  const symbols = [...new Set(orders.map((o) => o.symbol))];
  const { rules, marks } = await marketData(readsOf(ctx), symbols);
  if (!rules) return [];
  const issues: InputIssue[] = [];
  orders.forEach((order, i) => {
    const at = paths[i] ?? [];
    const info = rules.get(order.symbol);
    if (!info) {
      issues.push(unknownSymbol([...at, 'symbol'], order.symbol));
      return;
    }
    for (const { field, rule, message } of orderRuleBreaks(
      termsOf(order),
      info,
      marks.get(order.symbol),
    )) {
      const path = [...at, INPUT_FIELD[field]];
      issues.push({ field: path.join('.'), path, rule, message });
    }
  });
  return issues;
}

/** Throws the input failure of every rule `orderIssues` finds (placeOrder, editOrder, …). */
export async function checkOrders(
  ctx: GatewayContext,
  orders: readonly CheckedOrder[],
  paths: readonly (readonly (string | number)[])[],
): Promise<void> {
  const issues = await orderIssues(ctx, orders, paths);
  if (issues.length > 0) throw inputIssuesError(issues);
}
