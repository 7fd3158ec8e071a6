/** `Account.maxWithdrawable` (docs/risk.md): how much of a token a withdrawal may ask for now. */
import { WITHDRAW_MESSAGE } from '../contract/fields-wallet.ts';
import type { WalletToken } from '../contract/wallet.ts';
import { loadMaxWithdrawable } from '../resolvers/max-withdrawable.ts';
import { AccountRef } from './account.ts';
import { builder } from './builder.ts';
import { validateAs } from './field-rules.ts';

builder.objectFields(AccountRef, (t) => ({
  maxWithdrawable: t.float({
    description:
      "How much of the token the account may withdraw now, in token units (USDC: 6 decimals, floored): the risk formulas' max(0, min(holding, freeCollateral − max(unsettledPnl, 0))) over every cross position (docs/risk.md). Unsettled profit must be settled first (settlePnl). A withdrawal's message carries it in the token's smallest unit (× 10^6).",
    args: {
      token: t.arg.string({ required: true, validate: validateAs(WITHDRAW_MESSAGE.token) }),
    },
    resolve: (_account, { token }, ctx) => loadMaxWithdrawable(ctx, token as WalletToken),
  }),
}));
