import { strategyVaultNonce, withdrawNonce } from '../resolvers/nonce.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';

builder.queryFields((t) => ({
  withdrawNonce: t.field({
    ...authenticated,
    type: 'BigInt',
    nullable: true,
    description: 'A fresh single-use nonce for signing a withdrawal (never cached).',
    resolve: (_root, _args, ctx) => withdrawNonce(ctx),
  }),
  strategyVaultNonce: t.field({
    type: 'BigInt',
    nullable: true,
    description: 'The strategy vault nonce for an account transaction. Public: no token needed.',
    resolve: (_root, _args, ctx) => strategyVaultNonce(ctx),
  }),
}));
