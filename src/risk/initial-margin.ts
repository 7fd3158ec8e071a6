/**
 * Cross initial margin with open orders, per symbol and in total, and the same for the symbols
 * other than one (market-algo-risk-facts.md §5 **Initial margin (cross, with orders)**
 * `totalInitialMarginWithQty`, and `otherIMs` under **Max order quantity, cross**;
 * `JS/perp/src/account/initialMargin.ts`, `account/otherIMs.ts`). Plain numbers: position.ts.
 */
import { effectiveLeverage } from './leverage.ts';
import { sizeTerm } from './margin-rates.ts';

/** A position row as the margin maths reads it (GET /v1/positions, one per symbol + mode). */
export interface MarginPosition {
  symbol: string;
  /** `CROSS` or `ISOLATED`; isolated rows are left out (their margin is their own). */
  marginMode?: string;
  /** Signed: + long, − short. */
  quantity: number;
  /** Open buy orders' quantity (`pending_long_qty`), ≥ 0. */
  pendingLongQuantity: number;
  /** Open sell orders' quantity (`pending_short_qty`), ≥ 0. */
  pendingShortQuantity: number;
  /** The position's own leverage; 0 or absent falls back to `leverages`. */
  leverage?: number | null;
}

export interface InitialMarginInput {
  positions: readonly MarginPosition[];
  /** Mark price per symbol; a missing one counts as 0. */
  markPrices: Readonly<Record<string, number>>;
  /** Symbol + margin-mode leverage settings (GET /v1/client/leverages), CROSS ones here. */
  leverages?: Readonly<Record<string, number>>;
  /** base_imr (/v1/public/info) and imr_factor (/v1/client/info) per symbol. */
  rules: Readonly<Record<string, { baseImr: number; imrFactor: number }>>;
}

interface SymbolExposure {
  quantity: number;
  buy: number;
  sell: number;
  leverage: number | null | undefined;
}

/** Cross rows summed per symbol; the leverage is the first row's that has one. */
function crossExposures(positions: readonly MarginPosition[]): Map<string, SymbolExposure> {
  const bySymbol = new Map<string, SymbolExposure>();
  for (const p of positions) {
    if (p.marginMode === 'ISOLATED') continue;
    const e = bySymbol.get(p.symbol) ?? { quantity: 0, buy: 0, sell: 0, leverage: undefined };
    e.quantity += p.quantity;
    e.buy += p.pendingLongQuantity;
    e.sell += p.pendingShortQuantity;
    e.leverage ||= p.leverage;
    bySymbol.set(p.symbol, e);
  }
  return bySymbol;
}

function ruleOf(input: InitialMarginInput, symbol: string) {
  const rule = input.rules[symbol];
  if (!rule) throw new RangeError(`no margin rule (base_imr, imr_factor) for ${symbol}`);
  return rule;
}

/**
 * One symbol's margin: `|mark × max(|pos + buy|, |pos − sell|)| × max(1/lev, base_imr,
 * imr_factor × |mark × pos + mark × ordersQty|^(4/5))`. `ordersQty` is `buy − sell` in the
 * total (`totalInitialMarginWithQty`) and `buy + sell` in `otherIMs`, as the facts give them.
 */
function symbolMargin(
  input: InitialMarginInput,
  symbol: string,
  e: SymbolExposure,
  ordersQty: number,
) {
  const mark = input.markPrices[symbol] || 0;
  const { baseImr, imrFactor } = ruleOf(input, symbol);
  const leverage = effectiveLeverage(e.leverage, input.leverages?.[symbol]);
  const withOrders = Math.max(Math.abs(e.quantity + e.buy), Math.abs(e.quantity - e.sell));
  const size = sizeTerm(imrFactor, mark * e.quantity + mark * ordersQty);
  return Math.abs(mark * withOrders) * Math.max(1 / leverage, baseImr, size);
}

/** Cross initial margin including open orders: per symbol and the sum. */
export function totalInitialMarginWithQty(input: InitialMarginInput): {
  total: number;
  bySymbol: Record<string, number>;
} {
  const bySymbol: Record<string, number> = {};
  let total = 0;
  for (const [symbol, e] of crossExposures(input.positions)) {
    const margin = symbolMargin(input, symbol, e, e.buy - e.sell);
    bySymbol[symbol] = margin;
    total += margin;
  }
  return { total, bySymbol };
}

/** `otherIMs`: the cross initial margin every symbol but `symbol` holds (max order quantity). */
export function otherInitialMargins(input: InitialMarginInput, symbol: string): number {
  let total = 0;
  for (const [other, e] of crossExposures(input.positions)) {
    if (other !== symbol) total += symbolMargin(input, other, e, e.buy + e.sell);
  }
  return total;
}
