/**
 * The leverage the margin uses, per account, symbol and margin mode: the account's setting
 * (POST /v1/client/leverage(s), leverage.ts), else the symbol's maximum. Read by the
 * portfolio's margin (`imrOf`), the position rows and GET /v1/client/leverage.
 */
import { LEVERAGE_MAX } from '../contract/constants.ts';
import type { MarginMode } from '../contract/wire-orders.ts';
import type { SandboxState } from './state.ts';
import type { Account } from './types.ts';

export const leverageKey = (symbol: string, mode: MarginMode) => `${symbol}|${mode}`;

/** The symbol's maximum: `floor(1 / base_imr)`, capped by the broker's max leverage and 100. */
export function maxLeverageOf(state: SandboxState, symbol: string): number {
  const bySymbol = Math.floor(1 / state.market(symbol).rules.baseImr + 1e-9);
  return Math.max(1, Math.min(bySymbol, state.maxLeverage, LEVERAGE_MAX));
}

/** The account's leverage in a symbol and mode: its setting, else the symbol's maximum. */
export function leverageOf(
  state: SandboxState,
  account: Account,
  symbol: string,
  mode: MarginMode,
): number {
  return account.leverages.get(leverageKey(symbol, mode)) ?? maxLeverageOf(state, symbol);
}
