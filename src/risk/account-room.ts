/**
 * The account as the order-side risk maths reads it, and the largest order it may place now:
 * the facts' **Max order quantity, cross** (max-qty.ts) fed with total collateral
 * (collateral.ts) and the other symbols' initial margin (initial-margin.ts), as the SDK's
 * `useMaxQty` hook feeds it, then put on the symbol's quantity grid. Pure: the gateway reads
 * the upstream into an `AccountRisk` (src/resolvers/account-risk.ts). Plain numbers: see
 * position.ts.
 */
import { totalCollateral } from './collateral.ts';
import { BPS } from './constants.ts';
import { add, div, exact, mul, roundToPlaces, sub, toNumber } from './exact.ts';
import { type MarginPosition, otherInitialMargins } from './initial-margin.ts';
import type { MarginRule } from './margin-rates.ts';
import { maxQtyCross } from './max-qty.ts';

/** A position row (GET /v1/positions) with its unsettled PnL moved to the current mark. */
export interface RiskPosition extends MarginPosition {
  marginMode: string;
  unsettledPnl: number;
  /** The row's maintenance margin ratio (`mmr`), as the SDK's estimates use it. */
  mmr: number;
}

/** A symbol's rules (GET /v1/public/info) and the account's imr_factor for it. */
export interface SymbolRisk extends MarginRule {
  baseMin: number;
  baseMax: number;
  baseTick: number;
}

export interface AccountRisk {
  /** The USDC row of GET /v1/client/holding: `holding` and `pending_short`. */
  usdcHolding: number;
  pendingShort: number;
  positions: readonly RiskPosition[];
  /** The mark of every symbol in `positions` and of the symbol asked about. */
  markPrices: Readonly<Record<string, number>>;
  rules: Readonly<Record<string, SymbolRisk>>;
  /** Symbol leverage settings (CROSS) for symbols without a row that carries one. */
  leverages: Readonly<Record<string, number>>;
  /** `futures_taker_fee_rate` / `futures_maker_fee_rate` as fractions (0.0005 = 0.05%). */
  takerFeeRate: number;
  makerFeeRate: number;
}

/** Total collateral: USDC holding + pending short + the CROSS rows' unsettled PnL. */
export function collateralOf(account: AccountRisk): number {
  const { usdcHolding, pendingShort, positions } = account;
  return totalCollateral({ usdcHolding, pendingShort, isolatedOrderFrozen: 0, positions })
    .totalCollateral;
}

/** The symbol's cross rows summed: signed quantity, open buys and sells, the first leverage. */
export function crossExposure(account: AccountRisk, symbol: string) {
  let quantity = 0;
  let pendingLong = 0;
  let pendingShort = 0;
  let leverage: number | null | undefined;
  for (const p of account.positions) {
    if (p.symbol !== symbol || p.marginMode === 'ISOLATED') continue;
    quantity += p.quantity;
    pendingLong += p.pendingLongQuantity;
    pendingShort += p.pendingShortQuantity;
    leverage ||= p.leverage;
  }
  return { quantity, pendingLong, pendingShort, leverage: leverage || account.leverages[symbol] };
}

/** The rule of `symbol`; a RangeError naming it when the account's data lacks it. */
export function ruleOf(account: AccountRisk, symbol: string): SymbolRisk {
  const rule = account.rules[symbol];
  if (!rule) throw new RangeError(`no symbol rules for ${symbol}`);
  return rule;
}

/** The mark of `symbol`; a RangeError naming it when the account's data lacks it. */
export function markOf(account: AccountRisk, symbol: string): number {
  const mark = account.markPrices[symbol];
  if (mark === undefined) throw new RangeError(`no mark price for ${symbol}`);
  return mark;
}

/**
 * `value` down to the quantity grid `base_min + k × base_tick` (exact decimals, so 0.3 stays
 * on a 0.1 tick); 0 below `base_min`: what is left passes the symbol's tick and min rules.
 */
export function floorToGrid(value: number, min: number, tick: number): number {
  if (!(value >= min) || !(tick > 0)) return 0;
  const from = exact(min);
  const steps = roundToPlaces(div(sub(exact(value), from), exact(tick)), 0, 'down');
  return toNumber(add(from, mul(steps, exact(tick))));
}

export interface MaxOrderRequest {
  symbol: string;
  side: 'BUY' | 'SELL';
  reduceOnly?: boolean;
}

/**
 * The largest quantity of a cross order on `side` now, unrounded: `min(base_max, f1[, f2])`
 * by collateral, or for reduce-only the position's size on the closing side.
 */
export function maxOrderQuantityRaw(account: AccountRisk, request: MaxOrderRequest): number {
  const { symbol, side, reduceOnly } = request;
  const rule = ruleOf(account, symbol);
  const exposure = crossExposure(account, symbol);
  const markPrices = { ...account.markPrices };
  const others = otherInitialMargins(
    {
      positions: account.positions,
      markPrices,
      leverages: account.leverages,
      rules: account.rules,
    },
    symbol,
  );
  return maxQtyCross({
    side,
    reduceOnly: reduceOnly ?? false,
    quantity: exposure.quantity,
    pendingLongQuantity: exposure.pendingLong,
    pendingShortQuantity: exposure.pendingShort,
    otherInitialMargins: others,
    totalCollateral: collateralOf(account),
    markPrice: markOf(account, symbol),
    leverage: exposure.leverage || 1,
    baseImr: rule.baseImr,
    imrFactor: rule.imrFactor,
    baseMax: rule.baseMax,
    takerFeeBps: account.takerFeeRate / BPS,
  });
}

/** `maxOrderQuantityRaw` down to the symbol's quantity grid: a quantity the rules accept. */
export function maxOrderQuantity(account: AccountRisk, request: MaxOrderRequest): number {
  const rule = ruleOf(account, request.symbol);
  return floorToGrid(maxOrderQuantityRaw(account, request), rule.baseMin, rule.baseTick);
}
