/**
 * The holding row the sandbox answers with (GET /v1/client/holding, balance events): balance
 * and margin frozen by open orders, in the one collateral token.
 */
import type { Holding } from '../contract/wire.ts';
import { round } from './decimal.ts';
import type { Account } from './types.ts';

/** One row of GET /v1/client/holding. */
export type HoldingRow = Holding;

/** The one collateral token (docs/sandbox.md, "Portfolio model"). */
export const COLLATERAL_TOKEN = 'USDC';

/** Margin frozen by the account's open orders in a quote token (kept by the engine). */
export function frozenOf(account: Account, token = COLLATERAL_TOKEN): number {
  return Math.max(0, round(account.frozen.get(token) ?? 0));
}

export function holdingRow(account: Account, token: string): HoldingRow {
  const usdc = token === COLLATERAL_TOKEN;
  return {
    token,
    holding: usdc ? account.balance : 0,
    frozen: frozenOf(account, token),
    pending_short: usdc && account.withdrawing > 0 ? -account.withdrawing : 0,
    updated_time: usdc ? account.balanceTime : 0,
  };
}
