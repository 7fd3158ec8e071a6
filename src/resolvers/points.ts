import { type GatewayContext, mutation, requireAccount } from '../schema/types.ts';
import { compact } from './wire.ts';

export interface UpsertPointsStageArgs {
  stageId?: number | null;
  stageName?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  volumeBoost?: number | null;
  pnlBoost?: number | null;
  l1ReferralBoost?: number | null;
  l2ReferralBoost?: number | null;
  /** Spelled as the upstream spells it (`is_continous`). */
  isContinous?: boolean | null;
}

export function upsertPointsStage(ctx: GatewayContext, input: UpsertPointsStageArgs) {
  return mutation(async () => {
    await requireAccount(ctx).upsertPointsStage(
      compact({
        stage_id: input.stageId,
        stage_name: input.stageName,
        start_date: input.startDate,
        end_date: input.endDate,
        volume_boost: input.volumeBoost,
        pnl_boost: input.pnlBoost,
        l1_referral_boost: input.l1ReferralBoost,
        l2_referral_boost: input.l2ReferralBoost,
        is_continous: input.isContinous,
      }),
    );
    return {
      created: input.stageId === undefined || input.stageId === null,
      stageId: input.stageId ?? null,
    };
  });
}
