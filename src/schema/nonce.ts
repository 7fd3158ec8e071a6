/** Nonces a client signs with: each read is fresh (never cached, never deduplicated). */
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { orThrowCoded } from './error-map.ts';
import { requireAccount } from './types.ts';

builder.queryFields((t) => ({
  withdrawNonce: t.field({
    ...authenticated,
    type: 'BigInt',
    nullable: true,
    description: 'A fresh single-use nonce for signing a withdrawal (never cached).',
    resolve: (_root, _args, ctx) =>
      orThrowCoded(async () => (await requireAccount(ctx).withdrawNonce()).withdraw_nonce),
  }),
  settleNonce: t.field({
    ...authenticated,
    type: 'BigInt',
    nullable: true,
    description: 'A fresh single-use nonce for signing a PnL settlement (never cached).',
    resolve: (_root, _args, ctx) =>
      orThrowCoded(async () => (await requireAccount(ctx).settleNonce()).settle_nonce),
  }),
  strategyVaultNonce: t.field({
    type: 'BigInt',
    nullable: true,
    description: 'The strategy vault nonce for an account transaction. Public: no token needed.',
    resolve: (_root, _args, ctx) =>
      orThrowCoded(async () => (await ctx.upstream.strategyVaultNonce()).nonce),
  }),
}));
