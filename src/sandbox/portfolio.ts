/**
 * Positions, margin and holdings computed from the sandbox's state, in the REST shapes of
 * GET /v1/positions, GET /v1/position/{symbol} and GET /v1/client/holding.
 *
 * A deliberately small model (docs/sandbox.md, "Portfolio model"):
 * - one collateral token, USDC: `account.balance`, seeded, then fees, realized PnL, referral
 *   rebates, internal transfers and PnL settlements applied, less withdrawals on their way
 *   out (`pending_short`); other quote tokens hold 0;
 * - mark price = the symbol's mid; leverage = the account's setting per symbol and margin
 *   mode, else the symbol's maximum (leverage-setting.ts);
 * - imr = max(1 / leverage, imr_factor × |notional|^(4/5)), mmr = imr × 0.5 (the upstream's
 *   published shape of the formula, with the sandbox's imr_factor per symbol);
 * - frozen = initial margin of the open orders' remaining quantity at their price;
 * - est_liq_price: the mark at which the whole collateral, with every other row's unsettled
 *   PnL held, falls to this row's maintenance margin (cross margin; ISOLATED rows alike);
 * - the 24 h figures sum the fills of the last 24 hours (realized PnL, fees).
 */

import type { MarginMode } from '../contract/wire.ts';
import { round } from './decimal.ts';
import { COLLATERAL_TOKEN, frozenOf, type HoldingRow, holdingRow } from './holdings.ts';
import { leverageOf } from './leverage-setting.ts';
import { isPending, type PositionRow, quoteOf } from './records.ts';
import type { SandboxState } from './state.ts';
import type { Account, Order } from './types.ts';

/** Maintenance margin as a share of the initial margin. */
export const MMR_TO_IMR = 0.5;
/** margin_ratio without any position (nothing to divide by). */
export const MARGIN_RATIO_CAP = 10;
export const DAY_MS = 86_400_000;

/** Initial margin ratio of a notional in a symbol at a leverage. */
export function imrOf(
  state: SandboxState,
  symbol: string,
  notional: number,
  leverage: number,
): number {
  const factor = state.market(symbol).config.imrFactor;
  return Math.max(1 / leverage, factor * Math.abs(notional) ** 0.8);
}

/** Quantity an open order can still fill. */
export function remainingOf(order: Order): number {
  return Math.max(0, round((order.quantity ?? 0) - order.executedQuantity, 10));
}

/** Initial margin an open order holds: its remaining notional × imr; 0 once final. */
export function orderMargin(state: SandboxState, order: Order): number {
  if (!isPending(order)) return 0;
  const price = order.price ?? state.market(order.symbol).mid;
  const notional = remainingOf(order) * price;
  const leverage = leverageOf(state, order.account, order.symbol, order.marginMode);
  return notional * imrOf(state, order.symbol, notional, leverage);
}

/**
 * Free collateral now: holding − withdrawals on their way out + unsettled PnL − positions'
 * initial margin − frozen. Cheap
 * (positions only), since the engine checks it on every order.
 */
export function freeCollateralOf(state: SandboxState, account: Account): number {
  let unsettled = 0;
  let initial = 0;
  for (const [key, position] of account.positions) {
    if (position.quantity === 0) continue;
    const [symbol = '', mode = 'CROSS'] = key.split('|') as [string, MarginMode];
    const mark = state.market(symbol).mid;
    const notional = Math.abs(position.quantity) * mark;
    unsettled += position.quantity * (mark - position.averageOpenPrice);
    initial += notional * imrOf(state, symbol, notional, leverageOf(state, account, symbol, mode));
  }
  return account.balance - account.withdrawing + unsettled - initial - frozenOf(account);
}

/** Tokens the sandbox knows: USDC and its markets' quote tokens, sorted. */
export function tokensOf(state: SandboxState): string[] {
  const tokens = new Set([COLLATERAL_TOKEN]);
  for (const symbol of state.markets.keys()) tokens.add(quoteOf(symbol));
  return [...tokens].sort();
}

/** Holding rows; zero holdings only when `all`. */
export function holdingRows(state: SandboxState, account: Account, all: boolean): HoldingRow[] {
  return tokensOf(state)
    .map((token) => holdingRow(account, token))
    .filter((row) => all || row.holding !== 0);
}

const keyOf = (symbol: string, mode: MarginMode) => `${symbol}|${mode}`;

/** Rows worth showing: a position, an open order, or a fill in the last 24 h; sorted. */
function rowKeys(account: Account, now: number): string[] {
  const keys = new Set<string>();
  for (const [key, position] of account.positions) if (position.quantity !== 0) keys.add(key);
  for (const order of account.openOrders) keys.add(keyOf(order.symbol, order.marginMode));
  for (let i = account.trades.length - 1; i >= 0; i--) {
    const trade = account.trades[i]!;
    if (trade.time <= now - DAY_MS) break;
    keys.add(keyOf(trade.symbol, trade.marginMode));
  }
  return [...keys].sort();
}

interface RowBasis {
  row: PositionRow;
  notional: number;
  maintenance: number;
  initial: number;
  pendingNotional: number;
}

function basisOf(state: SandboxState, account: Account, key: string, now: number): RowBasis {
  const [symbol = '', mode = 'CROSS'] = key.split('|') as [string, MarginMode];
  const position = account.positions.get(key);
  const qty = position?.quantity ?? 0;
  const open = position?.averageOpenPrice ?? 0;
  const mark = state.market(symbol).mid;
  const notional = Math.abs(qty) * mark;
  const leverage = leverageOf(state, account, symbol, mode);
  const imr = imrOf(state, symbol, notional, leverage);
  const mmr = imr * MMR_TO_IMR;
  let pendingLong = 0;
  let pendingShort = 0;
  let pendingNotional = 0;
  for (const order of account.openOrders) {
    if (order.symbol !== symbol || order.marginMode !== mode) continue;
    const left = remainingOf(order);
    if (order.side === 'BUY') pendingLong += left;
    else pendingShort += left;
    pendingNotional += left * (order.price ?? mark);
  }
  let pnl = 0;
  let fee = 0;
  for (let i = account.trades.length - 1; i >= 0; i--) {
    const trade = account.trades[i]!;
    if (trade.time <= now - DAY_MS) break;
    if (trade.symbol !== symbol || trade.marginMode !== mode) continue;
    pnl += trade.realizedPnl;
    fee += trade.fee;
  }
  const row: PositionRow = {
    symbol,
    position_qty: qty,
    cost_position: round(qty * open),
    average_open_price: round(open),
    mark_price: mark,
    est_liq_price: 0,
    unsettled_pnl: round(qty * (mark - open)),
    pnl_24_h: round(pnl),
    fee_24_h: round(fee),
    pending_long_qty: round(pendingLong, 10),
    pending_short_qty: round(pendingShort, 10),
    leverage,
    margin_mode: mode,
    imr: round(imr, 10),
    mmr: round(mmr, 10),
    timestamp: position?.updatedTime ?? now,
  };
  return { row, notional, initial: notional * imr, maintenance: notional * mmr, pendingNotional };
}

/** The mark at which the collateral, other rows held, meets this row's maintenance margin. */
function liquidationPrice(basis: RowBasis, collateralElsewhere: number): number {
  const { position_qty: q, average_open_price: p0, mmr } = basis.row;
  if (q === 0) return 0;
  const denominator = q - mmr * Math.abs(q);
  const price = (q * p0 - collateralElsewhere) / denominator;
  return price > 0 && Number.isFinite(price) ? round(price, 8) : 0;
}

export interface AccountFigures {
  free_collateral: number;
  total_collateral_value: number;
  total_unsettled_pnl: number;
  margin_ratio: number;
  initial_margin_ratio: number;
  maintenance_margin_ratio: number;
  open_margin_ratio: number;
  total_pnl_24_h: number;
  total_fee_24_h: number;
  leverage: number;
}

export interface Positions extends AccountFigures {
  rows: PositionRow[];
}

/** GET /v1/positions: the account's figures and one row per (symbol, margin mode). */
export function positionsOf(state: SandboxState, account: Account, now: number): Positions {
  const bases = rowKeys(account, now).map((key) => basisOf(state, account, key, now));
  const sum = (f: (b: RowBasis) => number) => bases.reduce((total, b) => total + f(b), 0);
  const unsettled = sum((b) => b.row.unsettled_pnl);
  // Withdrawals not COMPLETED yet count out already (the holding's pending_short).
  const collateral = account.balance - account.withdrawing + unsettled;
  for (const basis of bases) {
    basis.row.est_liq_price = liquidationPrice(basis, collateral - basis.row.unsettled_pnl);
  }
  const notional = sum((b) => b.notional);
  const pendingNotional = sum((b) => b.pendingNotional);
  const initial = sum((b) => b.initial);
  const leverage = state.maxLeverage;
  return {
    free_collateral: round(collateral - initial - frozenOf(account)),
    total_collateral_value: round(collateral),
    total_unsettled_pnl: round(unsettled),
    margin_ratio: notional > 0 ? round(collateral / notional, 8) : MARGIN_RATIO_CAP,
    initial_margin_ratio: round(notional > 0 ? initial / notional : 1 / leverage, 8),
    maintenance_margin_ratio: round(
      notional > 0 ? sum((b) => b.maintenance) / notional : MMR_TO_IMR / leverage,
      8,
    ),
    open_margin_ratio:
      notional + pendingNotional > 0
        ? round(collateral / (notional + pendingNotional), 8)
        : MARGIN_RATIO_CAP,
    total_pnl_24_h: round(sum((b) => b.row.pnl_24_h)),
    total_fee_24_h: round(sum((b) => b.row.fee_24_h)),
    leverage,
    rows: bases.map((b) => b.row),
  };
}

/** One row of `positionsOf`, or the flat row of the symbol's default margin mode. */
export function positionOf(
  state: SandboxState,
  account: Account,
  symbol: string,
  now: number,
): PositionRow {
  const rows = positionsOf(state, account, now).rows.filter((r) => r.symbol === symbol);
  const open = rows.find((r) => r.position_qty !== 0);
  if (open) return open;
  const mode = state.marginMode(account, symbol);
  return (
    rows.find((r) => r.margin_mode === mode) ??
    basisOf(state, account, keyOf(symbol, mode), now).row
  );
}

/** The changed row of one (symbol, margin mode), for a position event. */
export function positionRowOf(
  state: SandboxState,
  account: Account,
  symbol: string,
  mode: MarginMode,
  now: number,
): PositionRow {
  const key = keyOf(symbol, mode);
  return (
    positionsOf(state, account, now).rows.find((r) => `${r.symbol}|${r.margin_mode}` === key) ??
    basisOf(state, account, key, now).row
  );
}
