import {
  type GatewayContext,
  mutation,
  requireAccount,
  type SymbolValue,
} from '../schema/types.ts';
import { compact } from './wire.ts';

export interface SetDefaultFeeRatesArgs {
  makerFeeRate: number;
  takerFeeRate: number;
  rwaMakerFeeRate?: number | null;
  rwaTakerFeeRate?: number | null;
}

export function setDefaultFeeRates(ctx: GatewayContext, input: SetDefaultFeeRatesArgs) {
  return mutation(async () => {
    await requireAccount(ctx).setDefaultFeeRates({
      maker_fee_rate: input.makerFeeRate,
      taker_fee_rate: input.takerFeeRate,
      ...compact({
        rwa_maker_fee_rate: input.rwaMakerFeeRate,
        rwa_taker_fee_rate: input.rwaTakerFeeRate,
      }),
    });
    ctx.loaders.accountInfo.clearAll();
    return {
      makerFeeRate: input.makerFeeRate,
      takerFeeRate: input.takerFeeRate,
      rwaMakerFeeRate: input.rwaMakerFeeRate ?? null,
      rwaTakerFeeRate: input.rwaTakerFeeRate ?? null,
    };
  });
}

export interface OrderTagFeeConfigArgs {
  name?: string | null;
  description?: string | null;
  defaultFeeRate?: number | null;
  /** `null`/omitted keeps the overrides, `[]` clears them. */
  pairOverrides?: readonly { symbol: string; feeRate: number }[] | null;
}

export function toPairOverrides(
  list: OrderTagFeeConfigArgs['pairOverrides'],
): Record<string, number> | undefined {
  if (!list) return undefined;
  return Object.fromEntries(list.map((p) => [p.symbol, p.feeRate]));
}

export function updateOrderTagFeeConfig(
  ctx: GatewayContext,
  enumId: string,
  input: OrderTagFeeConfigArgs,
) {
  return mutation(async () => {
    await requireAccount(ctx).updateOrderTagFeeConfig(
      enumId,
      compact({
        name: input.name,
        description: input.description,
        default_fee_rate: input.defaultFeeRate,
        pair_overrides: toPairOverrides(input.pairOverrides),
      }),
    );
    const pairOverrides: SymbolValue[] | null = input.pairOverrides
      ? input.pairOverrides.map((p) => ({ symbol: p.symbol, value: p.feeRate }))
      : null;
    return {
      enumId,
      orderTag: `enum:${enumId}`,
      pairOverrides,
    };
  });
}
