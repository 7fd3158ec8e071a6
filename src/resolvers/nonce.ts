import type { GatewayContext } from '../schema/context.ts';
import { requireAccount } from './context.ts';
import { orThrowCoded } from './errors.ts';

/** A fresh, single-use withdrawal nonce (never cached, never deduplicated). */
export const withdrawNonce = (ctx: GatewayContext): Promise<number> =>
  orThrowCoded(async () => (await requireAccount(ctx).withdrawNonce()).withdraw_nonce);

/** The strategy vault nonce; public, no caller needed. */
export const strategyVaultNonce = (ctx: GatewayContext): Promise<number> =>
  orThrowCoded(async () => (await ctx.upstream.strategyVaultNonce()).nonce);
