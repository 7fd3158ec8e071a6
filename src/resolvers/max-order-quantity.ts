/**
 * `Account.maxOrderQuantity`: the largest cross order the account may place now in a symbol
 * and side (src/risk/account-room.ts on the inputs account-risk.ts reads), on the symbol's
 * quantity grid, so the answer itself passes the tick and size rules.
 */
import type { Side } from '../contract/wire-orders.ts';
import { maxOrderQuantity } from '../risk/account-room.ts';
import { type GatewayContext, orThrowCoded } from '../schema/types.ts';
import { accountRisk } from './account-risk.ts';

export interface MaxOrderQuantityArgs {
  symbol: string;
  side: Side;
  reduceOnly?: boolean | null;
}

export function loadMaxOrderQuantity(
  ctx: GatewayContext,
  { symbol, side, reduceOnly }: MaxOrderQuantityArgs,
): Promise<number> {
  return orThrowCoded(async () =>
    maxOrderQuantity(await accountRisk(ctx, symbol), {
      symbol,
      side,
      reduceOnly: reduceOnly ?? false,
    }),
  );
}
