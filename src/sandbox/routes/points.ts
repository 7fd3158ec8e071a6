/**
 * POST /v1/admin/points/stage: creates a stage when `stage_id` is empty (ids count from 1),
 * updates stage `stage_id` otherwise. At most one stage may be active at any date: a stage
 * whose dates overlap another's is refused.
 */
import { POINTS_STAGE_BODY } from '../../contract/fields-admin.ts';
import { invalid, notFound } from '../errors.ts';
import type { Route } from '../router.ts';
import type { PointsStage } from '../state.ts';
import { Fields } from '../validation.ts';

/** Whether two date ranges share a day (no end date: open-ended). */
function overlaps(a: PointsStage, b: PointsStage): boolean {
  const aEnd = a.endDate ?? '9999-12-31';
  const bEnd = b.endDate ?? '9999-12-31';
  return a.startDate <= bEnd && b.startDate <= aEnd;
}

export const pointsRoutes: Route[] = [
  {
    endpoint: 'POST /v1/admin/points/stage',
    handle: ({ state, body }) => {
      const f = Fields.body(body, POINTS_STAGE_BODY);
      const stageId = f.raw('stage_id') === '' ? undefined : f.read('stage_id');
      const existing =
        stageId === undefined ? undefined : state.stages.find((s) => s.stageId === stageId);
      if (stageId !== undefined && !existing) throw notFound(`stage_id: no stage ${stageId}`);
      type Boost = 'volume_boost' | 'pnl_boost' | 'l1_referral_boost' | 'l2_referral_boost';
      const boost = (field: Boost) => f.read(field);
      const next: PointsStage = {
        stageId: existing?.stageId ?? 0,
        stageName: f.read('stage_name', !existing) ?? existing!.stageName,
        startDate: f.read('start_date', !existing) ?? existing!.startDate,
        endDate: f.read('end_date') ?? existing?.endDate,
        volumeBoost: boost('volume_boost') ?? existing?.volumeBoost ?? 1,
        pnlBoost: boost('pnl_boost') ?? existing?.pnlBoost ?? 1,
        l1ReferralBoost: boost('l1_referral_boost') ?? existing?.l1ReferralBoost ?? 1,
        l2ReferralBoost: boost('l2_referral_boost') ?? existing?.l2ReferralBoost ?? 1,
        isContinous: f.read('is_continous') ?? existing?.isContinous ?? false,
      };
      if (next.endDate !== undefined && next.endDate < next.startDate) {
        throw invalid('end_date', 'must not be before start_date');
      }
      const clash = state.stages.find((s) => s !== existing && overlaps(s, next));
      if (clash) {
        throw invalid(
          'start_date',
          `stage would be active at the same time as stage ${clash.stageId}; at most one stage may be active at any date`,
        );
      }
      if (existing) Object.assign(existing, next);
      else state.stages.push({ ...next, stageId: state.nextStageId() });
      return undefined;
    },
  },
];
