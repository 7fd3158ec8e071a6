/**
 * Leverage per symbol and margin mode (market-algo-risk-facts.md §4): what the engine's margin
 * uses (portfolio.ts `imrOf`), and the updates of POST /v1/client/leverage(s) with [OA]'s
 * checks, each refusal changing nothing:
 * 1. an integer from 1 to 100, at most the symbol's maximum `floor(1 / base_imr)` (and the
 *    broker's max leverage): 400 -1005;
 * 2. the position's notional within `(1 / (leverage × imr_factor))^(1/0.8)`: 400 -1101;
 * 3. free collateral still ≥ 0 at the new margin: 400 -1101.
 * Without a symbol every symbol gets `min(leverage, its maximum)`; CROSS all or nothing,
 * ISOLATED skipping symbols with an isolated position or pending order.
 */
import type { MarginMode } from '../contract/wire-orders.ts';
import { ApiError } from './errors.ts';
import { leverageKey as keyOf, leverageOf, maxLeverageOf } from './leverage-setting.ts';
import { freeCollateralOf } from './portfolio.ts';
import type { SandboxState } from './state.ts';
import type { Account } from './types.ts';

/** The largest notional a leverage allows in a symbol ([OA] check 2). */
function maxNotionalAt(state: SandboxState, symbol: string, leverage: number): number {
  const factor = state.market(symbol).config.imrFactor;
  return factor > 0 ? (1 / (leverage * factor)) ** (1 / 0.8) : Number.POSITIVE_INFINITY;
}

function checkNotional(state: SandboxState, account: Account, symbol: string, mode: MarginMode) {
  const leverage = leverageOf(state, account, symbol, mode);
  const quantity = account.positions.get(keyOf(symbol, mode))?.quantity ?? 0;
  const notional = Math.abs(quantity) * state.market(symbol).mid;
  const max = maxNotionalAt(state, symbol, leverage);
  if (notional > max) {
    throw new ApiError(
      -1101,
      `leverage: ${leverage}x allows a ${symbol} position of at most ${Math.floor(max)} notional; it holds ${Math.round(notional)}`,
    );
  }
}

function pendingIn(account: Account, symbol: string, mode: MarginMode): boolean {
  if ((account.positions.get(keyOf(symbol, mode))?.quantity ?? 0) !== 0) return true;
  return [...account.openOrders].some((o) => o.symbol === symbol && o.marginMode === mode);
}

/**
 * Applies `changes` (symbol → leverage) in one mode, or none of them: every check runs with all
 * of them in place and a refusal restores the settings before.
 */
function applyAll(
  state: SandboxState,
  account: Account,
  mode: MarginMode,
  changes: Map<string, number>,
): void {
  const before = new Map(account.leverages);
  for (const [symbol, leverage] of changes) account.leverages.set(keyOf(symbol, mode), leverage);
  try {
    for (const symbol of changes.keys()) checkNotional(state, account, symbol, mode);
    if (freeCollateralOf(state, account) < 0) {
      throw new ApiError(-1101, 'leverage: insufficient margin at the new leverage');
    }
  } catch (error) {
    account.leverages.clear();
    for (const [key, value] of before) account.leverages.set(key, value);
    throw error;
  }
}

export interface LeverageUpdate {
  symbol: string | undefined;
  leverage: number;
  mode: MarginMode;
}

/** Sets one symbol's leverage, or every symbol's; tells `leverage` listeners of each change. */
export function setLeverage(state: SandboxState, account: Account, update: LeverageUpdate): void {
  const { symbol, leverage, mode } = update;
  const changes = new Map<string, number>();
  if (symbol !== undefined) {
    const max = maxLeverageOf(state, symbol);
    if (leverage > max) throw new ApiError(-1005, `leverage: at most ${max} for ${symbol}`);
    changes.set(symbol, leverage);
  } else {
    for (const s of state.markets.keys()) {
      if (mode === 'ISOLATED' && pendingIn(account, s, mode)) continue;
      changes.set(s, Math.min(leverage, maxLeverageOf(state, s)));
    }
  }
  const old = new Map([...changes.keys()].map((s) => [s, leverageOf(state, account, s, mode)]));
  applyAll(state, account, mode, changes);
  const timestamp = state.clock();
  for (const [s, value] of changes) {
    if (old.get(s) === value || !state.events.listening('leverage')) continue;
    state.events.emit('leverage', {
      accountId: account.accountId,
      symbol: s,
      marginMode: mode,
      leverage: value,
      timestamp,
    });
  }
}
