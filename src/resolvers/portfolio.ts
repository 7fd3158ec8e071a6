/** `Account.positions`: GET /v1/positions, its risk figures computed when a field asks. */
import { type PositionsModel, positionsFromRest } from '../models/portfolio.ts';
import { type GatewayContext, orThrowCoded, requireAccount } from '../schema/types.ts';
import { withRisk } from './position-risk.ts';

export function positions(ctx: GatewayContext): Promise<PositionsModel> {
  return orThrowCoded(async () =>
    withRisk(ctx, positionsFromRest(await requireAccount(ctx).positions())),
  );
}
