/** `Account.positions` and `Account.balances`: GET /v1/positions and GET /v1/client/holding. */
import {
  type BalanceModel,
  balanceFromRest,
  type PositionsModel,
  positionsFromRest,
} from '../models/portfolio.ts';
import type { GatewayContext } from '../schema/context.ts';
import { requireAccount } from './context.ts';
import { orThrowCoded } from './errors.ts';

export function loadPositions(ctx: GatewayContext): Promise<PositionsModel> {
  return orThrowCoded(async () => positionsFromRest(await requireAccount(ctx).positions()));
}

export function loadBalances(ctx: GatewayContext, includeZero: boolean): Promise<BalanceModel[]> {
  return orThrowCoded(async () => {
    const { holding } = await requireAccount(ctx).holdings({ all: includeZero });
    return holding.map(balanceFromRest);
  });
}
