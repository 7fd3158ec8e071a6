/**
 * Leverage per symbol and margin mode: `Account.leverage` (GET /v1/client/leverage, cached per
 * account, dropped by an update or the stream's leverage push) and `setLeverage`. The update
 * goes to POST /v1/client/leverages, the path the service's documentation names (the SDK
 * posts the same body to /v1/client/leverage; which one the live service serves is
 * UNVERIFIED: docs/algo-orders.md).
 */
import type { MarginMode } from '../contract/wire-orders.ts';
import { type GatewayContext, mutation, orThrowCoded, requireAccount } from '../schema/types.ts';

export interface LeverageModel {
  symbol: string;
  leverage: number;
  marginMode: MarginMode;
}

export interface SetLeverageArgs {
  symbol: string;
  leverage: number;
  marginMode?: MarginMode | null;
}

export function loadLeverage(
  ctx: GatewayContext,
  symbol: string,
  marginMode: MarginMode | null | undefined,
): Promise<number> {
  return orThrowCoded(async () => {
    const query = { symbol, ...(marginMode ? { margin_mode: marginMode } : {}) };
    return (await requireAccount(ctx).leverage(query)).leverage;
  });
}

export function setLeverage(ctx: GatewayContext, input: SetLeverageArgs) {
  return mutation(async () => {
    const { symbol, leverage, marginMode } = input;
    const body = { symbol, leverage, ...(marginMode ? { margin_mode: marginMode } : {}) };
    const set = await requireAccount(ctx).setLeverages(body);
    return {
      symbol: set.symbol ?? symbol,
      leverage: set.leverage,
      marginMode: set.margin_mode,
    } satisfies LeverageModel;
  });
}
