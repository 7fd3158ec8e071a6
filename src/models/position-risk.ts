/**
 * The risk a trading screen shows, from plain data: one function for the whole account
 * (`portfolioRisk`) and one for a single row (`positionRisk`), over the formulas of
 * src/risk (docs/risk.md). No I/O: the `Account.positions` query, the `positionUpdates`
 * stream and any other reader gather the inputs — the rows, the marks now, the symbols'
 * margin rules, the USDC holding — and call these, so every one shows the same figures.
 *
 * A mark moves the whole account: a row's unsettled PnL, hence the cross collateral, hence
 * every cross row's liquidation price. So the figures of one row depend on all of them.
 */
import type { MarginMode } from '../contract/wire.ts';
import { marginRatio } from '../risk/account.ts';
import { freeCollateral, totalCollateral } from '../risk/collateral.ts';
import { totalInitialMarginWithQty } from '../risk/initial-margin.ts';
import { currentLeverage } from '../risk/leverage.ts';
import { liqPriceCross } from '../risk/liquidation-cross.ts';
import {
  type MarginRule,
  maintenanceMargin,
  positionImr,
  positionMmr,
} from '../risk/margin-rates.ts';
import { notional, unrealizedPnl, unrealizedRoi, unsettledPnlAtMark } from '../risk/position.ts';

/** What of a position row the risk reads (`PositionModel` has these names). */
export interface RiskPosition {
  symbol: string;
  marginMode: MarginMode;
  /** Signed: + long, − short. */
  quantity: number;
  averageOpenPrice: number;
  /** The mark the row was read at; `unsettledPnl` is at that mark. */
  markPrice: number;
  unsettledPnl: number;
  pendingLongQuantity: number;
  pendingShortQuantity: number;
  /** The position's leverage (0: unknown, counted as 1). */
  leverage: number;
  /** The upstream's own rates of the row: the rule of a symbol `rules` lacks. */
  imr: number;
  mmr: number;
}

export interface RiskInputs {
  /** The mark now, by symbol; a symbol without one stays at its row's `markPrice`. */
  markPrices: ReadonlyMap<string, number>;
  /** `base_imr`, `base_mmr` (GET /v1/public/info) and the account's `imr_factor` (GET /v1/client/info). */
  rules: ReadonlyMap<string, MarginRule>;
  /** USDC `holding` (GET /v1/client/holding). */
  usdcHolding: number;
  /** USDC `pending_short` (≤ 0). */
  pendingShort: number;
}

/** One row's figures at the mark now. */
export interface PositionRisk {
  /** The mark they are computed at. */
  markPrice: number;
  /** The row's unsettled PnL moved to that mark. */
  unsettledPnl: number;
  notional: number;
  unrealizedPnl: number;
  unrealizedRoi: number;
  /** `notional × IMR` (the position's own leverage, no orders). */
  initialMargin: number;
  /** `notional × MMR` (the symbol's MMR at this notional). */
  maintenanceMargin: number;
  /** Cross rows: where the account's collateral meets its maintenance margin; null when flat,
   * without collateral, or isolated (the rows lack an isolated position's margin). */
  estLiquidationPrice: number | null;
}

/** The account's figures at the marks now, and each row's (in the order given). */
export interface PortfolioRisk {
  totalUnrealizedPnl: number;
  /** USDC holding + pending short + Σ unsettled PnL of the cross rows. */
  totalCollateral: number;
  /** `max(0, total collateral − cross initial margin with the open orders)`. */
  freeCollateral: number;
  /** `total collateral / Σ notional`; 0 without positions. */
  marginRatio: number;
  /** `1 / margin ratio`; 0 without positions. */
  currentLeverage: number;
  positions: PositionRisk[];
}

/** A row at the mark now, with what the account-wide formulas read of it. */
interface Marked {
  row: RiskPosition;
  rule: MarginRule;
  markPrice: number;
  unsettledPnl: number;
  notional: number;
  mmr: number;
}

/** A symbol the rules lack keeps the row's own rates (no size term). */
const ruleOf = (row: RiskPosition, inputs: RiskInputs): MarginRule =>
  inputs.rules.get(row.symbol) ?? { baseImr: row.imr, baseMmr: row.mmr, imrFactor: 0 };

function mark(row: RiskPosition, inputs: RiskInputs): Marked {
  const markPrice = inputs.markPrices.get(row.symbol) ?? row.markPrice;
  const rule = ruleOf(row, inputs);
  const size = notional(row.quantity, markPrice);
  return {
    row,
    rule,
    markPrice,
    unsettledPnl: unsettledPnlAtMark(row.unsettledPnl, row.quantity, row.markPrice, markPrice),
    notional: size,
    mmr: positionMmr(rule, size),
  };
}

/** The account around the rows: total collateral, and every cross row held. */
interface Account {
  marked: Marked[];
  totalCollateral: number;
}

function accountOf(rows: readonly RiskPosition[], inputs: RiskInputs): Account {
  const marked = rows.map((row) => mark(row, inputs));
  const { totalCollateral: tc } = totalCollateral({
    usdcHolding: inputs.usdcHolding,
    pendingShort: inputs.pendingShort,
    // Not in GET /v1/client/holding (docs/risk.md).
    isolatedOrderFrozen: 0,
    positions: marked.map((m) => ({ marginMode: m.row.marginMode, unsettledPnl: m.unsettledPnl })),
  });
  return { marked, totalCollateral: tc };
}

function liquidationPrice(m: Marked, account: Account): number | null {
  if (m.row.marginMode !== 'CROSS') return null;
  const others = account.marked.filter(
    (o) => o !== m && o.row.marginMode === 'CROSS' && o.row.quantity !== 0,
  );
  return liqPriceCross({
    ...m.rule,
    quantity: m.row.quantity,
    markPrice: m.markPrice,
    mmr: m.mmr,
    totalCollateral: account.totalCollateral,
    otherPositions: others.map((o) => ({
      quantity: o.row.quantity,
      markPrice: o.markPrice,
      mmr: o.mmr,
    })),
  });
}

function riskOf(m: Marked, account: Account): PositionRisk {
  const { row, rule, markPrice } = m;
  const upnl = unrealizedPnl(row.quantity, markPrice, row.averageOpenPrice);
  const imr = positionImr(rule, row.leverage, row.quantity * markPrice);
  return {
    markPrice,
    unsettledPnl: m.unsettledPnl,
    notional: m.notional,
    unrealizedPnl: upnl,
    unrealizedRoi: unrealizedRoi({
      unrealizedPnl: upnl,
      quantity: row.quantity,
      averageOpenPrice: row.averageOpenPrice,
      imr,
    }),
    initialMargin: m.notional * imr,
    maintenanceMargin: maintenanceMargin(row.quantity, markPrice, m.mmr),
    estLiquidationPrice: liquidationPrice(m, account),
  };
}

/**
 * One row's figures within its account: `positions` is every row of the account (this one
 * among them or not: it is counted once).
 */
export function positionRisk(
  position: RiskPosition,
  positions: readonly RiskPosition[],
  inputs: RiskInputs,
): PositionRisk {
  const rows = positions.includes(position) ? positions : [...positions, position];
  const account = accountOf(rows, inputs);
  const own = account.marked.find((m) => m.row === position);
  // `own` is there: `rows` holds `position`.
  return riskOf(own ?? mark(position, inputs), account);
}

/** Every row's figures and the account's, from all of the account's rows. */
export function portfolioRisk(
  positions: readonly RiskPosition[],
  inputs: RiskInputs,
): PortfolioRisk {
  const account = accountOf(positions, inputs);
  const { totalCollateral: tc, marked } = account;
  const held = marked.map((m) => ({ quantity: m.row.quantity, markPrice: m.markPrice }));
  const margin = totalInitialMarginWithQty({
    positions: marked.map((m) => m.row),
    markPrices: Object.fromEntries(marked.map((m) => [m.row.symbol, m.markPrice])),
    rules: Object.fromEntries(marked.map((m) => [m.row.symbol, m.rule])),
  });
  const ratio = marginRatio(tc, held);
  const rows = marked.map((m) => riskOf(m, account));
  return {
    totalUnrealizedPnl: rows.reduce((sum, r) => sum + r.unrealizedPnl, 0),
    totalCollateral: tc,
    freeCollateral: freeCollateral(tc, margin.total),
    marginRatio: ratio,
    currentLeverage: currentLeverage(ratio),
    positions: rows,
  };
}
