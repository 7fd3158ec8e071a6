/**
 * `Account.maxWithdrawable`: the facts' max withdrawable (src/risk/max-withdrawal.ts) on the
 * account's free collateral over every cross row (account-risk.ts `portfolioRisk`: positions,
 * the USDC holding and its pending_short, the account's imr_factor, the symbols' rules and
 * marks), in the token's decimals: an amount a withdrawal of it may ask for now.
 */
import { WALLET_TOKENS, type WalletToken } from '../contract/wallet.ts';
import { accountFreeCollateral, maxWithdrawableUsdc } from '../risk/max-withdrawal.ts';
import { type GatewayContext, orThrowCoded } from '../schema/types.ts';
import { portfolioRisk } from './account-risk.ts';

export function loadMaxWithdrawable(ctx: GatewayContext, token: WalletToken): Promise<number> {
  return orThrowCoded(async () => {
    const account = await portfolioRisk(ctx);
    const { freeCollateral, unsettledPnl } = accountFreeCollateral(account);
    const usdcHolding = account.usdcHolding;
    return maxWithdrawableUsdc(
      { usdcHolding, freeCollateral, unsettledPnl },
      WALLET_TOKENS[token].decimals,
    );
  });
}
