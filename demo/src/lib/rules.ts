/**
 * The order form's limits, from `Query.market` (operations/demo/screen-market.graphql), checked
 * as the user types with the rule names the gateway answers in `BAD_USER_INPUT`
 * (`extensions.field` / `rule`, docs/market-data.md#order-rules). The gateway's refusal is
 * what counts: these only warn early.
 */
import type { ScreenMarketQuery, Side } from '../../../operations/generated/graphql.ts';
import { decimalsOf, onStep } from './decimal.ts';

export type MarketRules = NonNullable<ScreenMarketQuery['market']>;

export interface Issue {
  field?: string | null;
  rule?: string | null;
  message: string;
  code?: string | null;
}

export interface OrderDraft {
  side: Side;
  /** undefined for a MARKET order */
  price?: number | undefined;
  quantity: number;
}

const round = (value: number, like: number) => Number(value.toFixed(decimalsOf(like) + 2));

/** The prices a LIMIT order of `side` may have at `mark` (priceRange and priceScope). */
export function priceBand(rules: MarketRules, mark: number, side: Side) {
  const { priceRange, priceScope, quoteTick } = rules;
  return side === 'BUY'
    ? {
        min: round(mark * (1 - priceScope), quoteTick),
        max: round(mark * (1 + priceRange), quoteTick),
      }
    : {
        min: round(mark * (1 - priceRange), quoteTick),
        max: round(mark * (1 + priceScope), quoteTick),
      };
}

function priceIssues(rules: MarketRules, mark: number, side: Side, price: number): Issue[] {
  const field = 'input.orderPrice';
  if (!onStep(price, rules.quoteMin, rules.quoteTick))
    return [{ field, rule: 'tick', message: `price steps by ${rules.quoteTick}` }];
  if (price < rules.quoteMin)
    return [{ field, rule: 'min', message: `at least ${rules.quoteMin}` }];
  if (price > rules.quoteMax) return [{ field, rule: 'max', message: `at most ${rules.quoteMax}` }];
  const band = priceBand(rules, mark, side);
  const buy = side === 'BUY';
  if (price > band.max)
    return [{ field, rule: buy ? 'priceRange' : 'priceScope', message: `at most ${band.max}` }];
  if (price < band.min)
    return [{ field, rule: buy ? 'priceScope' : 'priceRange', message: `at least ${band.min}` }];
  return [];
}

function quantityIssues(rules: MarketRules, quantity: number, maxQuantity: number): Issue[] {
  const field = 'input.orderQuantity';
  if (quantity < rules.baseMin)
    return [{ field, rule: 'min', message: `at least ${rules.baseMin}` }];
  if (quantity > maxQuantity) return [{ field, rule: 'max', message: `at most ${maxQuantity}` }];
  if (!onStep(quantity, rules.baseMin, rules.baseTick))
    return [{ field, rule: 'tick', message: `quantity steps by ${rules.baseTick}` }];
  return [];
}

/**
 * What the gateway would refuse in `draft`, first issue per field. A MARKET order's notional
 * is taken at the mark; `maxQuantity` is the account's limit when known, else `baseMax`.
 */
export function checkOrder(
  rules: MarketRules,
  mark: number,
  draft: OrderDraft,
  maxQuantity = rules.baseMax,
): Issue[] {
  const { side, price, quantity } = draft;
  const issues = [
    ...(price === undefined ? [] : priceIssues(rules, mark, side, price)),
    ...quantityIssues(rules, quantity, maxQuantity),
  ];
  const notional = (price ?? mark) * quantity;
  if (!issues.some((i) => i.field === 'input.orderQuantity') && notional < rules.minNotional) {
    issues.push({
      field: 'input.orderQuantity',
      rule: 'minNotional',
      message: `price × quantity at least ${rules.minNotional}`,
    });
  }
  return issues;
}
