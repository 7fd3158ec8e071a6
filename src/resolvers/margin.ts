import type { MarginMode } from '../contract/wire.ts';
import type { GatewayContext } from '../schema/context.ts';
import { requireAccount } from './context.ts';
import { mutation } from './result.ts';

export interface SetDefaultMarginModeArgs {
  symbol: string;
  defaultMarginMode: MarginMode;
}

export function setDefaultMarginMode(ctx: GatewayContext, input: SetDefaultMarginModeArgs) {
  return mutation(async () => {
    await requireAccount(ctx).setDefaultMarginMode({
      symbol: input.symbol,
      default_margin_mode: input.defaultMarginMode,
    });
    return { ...input };
  });
}
