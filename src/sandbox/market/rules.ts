/**
 * A symbol's order rules: the seed's values (market/rules-seed.ts) or the defaults here, as
 * GET /v1/public/info publishes them, and the price and size filters the engine applies to
 * a new order or an edit (reference/market-algo-risk-facts.md §1, "Order rules"):
 * - price: `quote_min ≤ price ≤ quote_max` and on the tick (-1103); a BUY at most
 *   `mark × (1 + price_range)`, a SELL at least `mark × (1 − price_range)` (-1103); a BUY at
 *   least `mark × (1 − price_scope)`, a SELL at most `mark × (1 + price_scope)` (-1105);
 * - size: `base_min ≤ quantity ≤ base_max` and on the step (-1104).
 */
import type { SymbolStatus } from '../../contract/wire-market.ts';
import type { Side } from '../../contract/wire-orders.ts';
import { round } from '../decimal.ts';
import { ApiError } from '../errors.ts';
import type { SymbolConfig } from '../seed.ts';

export interface SymbolRules {
  quoteMin: number;
  quoteMax: number;
  quoteTick: number;
  baseMin: number;
  baseMax: number;
  baseTick: number;
  minNotional: number;
  priceRange: number;
  priceScope: number;
  baseImr: number;
  baseMmr: number;
  fundingPeriod: number;
  capFunding: number;
  floorFunding: number;
  capIr: number;
  floorIr: number;
  interestRate: number;
  stdLiquidationFee: number;
  liquidatorFee: number;
  claimInsuranceFundDiscount: number;
  status: SymbolStatus;
}

/** The documentation page's values "for all markets" (the [OA] example says 0.02). */
export const PRICE_RANGE = 0.03;
export const PRICE_SCOPE = 0.4;

/**
 * The rules of a symbol: seeded values first; then defaults that fit its tick and step, a
 * price ceiling of 100 × the starting mid, and the broker's leverage (base_imr = 1 / max
 * leverage, base_mmr half of it: the portfolio model's margins).
 */
export function rulesOf(config: SymbolConfig, maxLeverage: number): SymbolRules {
  const baseImr = config.baseImr ?? round(1 / maxLeverage, 10);
  return {
    quoteMin: config.quoteMin ?? 0,
    quoteMax: config.quoteMax ?? round(config.midPrice * 100, 8),
    quoteTick: config.tickSize,
    baseMin: config.baseMin ?? config.quantityStep,
    baseMax: config.baseMax ?? round(config.quantityStep * 1e8, 8),
    baseTick: config.quantityStep,
    minNotional: config.minNotional,
    priceRange: config.priceRange ?? PRICE_RANGE,
    priceScope: config.priceScope ?? PRICE_SCOPE,
    baseImr,
    baseMmr: config.baseMmr ?? round(baseImr / 2, 10),
    fundingPeriod: config.fundingPeriod ?? 8,
    capFunding: config.capFunding ?? 0.000375,
    floorFunding: config.floorFunding ?? -0.000375,
    capIr: config.capIr ?? 0.0003,
    floorIr: config.floorIr ?? -0.0003,
    interestRate: config.interestRate ?? 0.0001,
    stdLiquidationFee: config.stdLiquidationFee ?? 0.012,
    liquidatorFee: config.liquidatorFee ?? 0.006,
    claimInsuranceFundDiscount: config.claimInsuranceFundDiscount ?? 0.0075,
    status: config.status ?? 'ACTIVE',
  };
}

const bound = (x: number) => round(x, 10);

/** The price filters of a limit price against the mark; the ApiError of the first broken. */
export function checkPrice(rules: SymbolRules, side: Side, price: number, mark: number): void {
  if (price < rules.quoteMin || price > rules.quoteMax) {
    throw new ApiError(
      -1103,
      `order_price: must be from quote_min ${rules.quoteMin} to quote_max ${rules.quoteMax}`,
    );
  }
  const buy = side === 'BUY';
  const range = bound(mark * (buy ? 1 + rules.priceRange : 1 - rules.priceRange));
  if (buy ? price > range : price < range) {
    const rule = buy ? 'at most mark × (1 + price_range)' : 'at least mark × (1 − price_range)';
    throw new ApiError(-1103, `order_price: a ${side} must be ${rule} = ${range} (mark ${mark})`);
  }
  const scope = bound(mark * (buy ? 1 - rules.priceScope : 1 + rules.priceScope));
  if (buy ? price < scope : price > scope) {
    const rule = buy ? 'at least mark × (1 − price_scope)' : 'at most mark × (1 + price_scope)';
    throw new ApiError(-1105, `order_price: a ${side} must be ${rule} = ${scope} (mark ${mark})`);
  }
}

/** The size filter: base_min ≤ quantity ≤ base_max (the step is the engine's check). */
export function checkQuantity(rules: SymbolRules, quantity: number): void {
  if (quantity < rules.baseMin || quantity > rules.baseMax) {
    throw new ApiError(
      -1104,
      `order_quantity: must be from base_min ${rules.baseMin} to base_max ${rules.baseMax}`,
    );
  }
}
