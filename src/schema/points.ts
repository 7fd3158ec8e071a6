import { POINTS_STAGE_BODY as STAGE } from '../contract/fields-admin.ts';
import { upsertPointsStage } from '../resolvers/points.ts';
import { pointsStageRules } from './admin-input-rules.ts';
import { brokerAdminMutation } from './auth.ts';
import { builder } from './builder.ts';
import { result } from './error-types.ts';
import { validateAs } from './field-rules.ts';
import { refinements } from './rules.ts';

const UpsertPointsStageInput = builder.inputType('UpsertPointsStageInput', {
  description:
    'Creates a stage without stageId (stageName and startDate required), updates it with one.',
  fields: (t) => ({
    stageId: t.field({ type: 'BigInt', validate: validateAs(STAGE.stage_id) }),
    stageName: t.string({ validate: validateAs(STAGE.stage_name) }),
    startDate: t.field({ type: 'Date', validate: validateAs(STAGE.start_date) }),
    endDate: t.field({
      type: 'Date',
      description: 'omitted: indefinite; not before startDate',
      validate: validateAs(STAGE.end_date),
    }),
    volumeBoost: t.float({ validate: validateAs(STAGE.volume_boost) }),
    pnlBoost: t.float({ validate: validateAs(STAGE.pnl_boost) }),
    l1ReferralBoost: t.float({ validate: validateAs(STAGE.l1_referral_boost) }),
    l2ReferralBoost: t.float({ validate: validateAs(STAGE.l2_referral_boost) }),
    isContinous: t.boolean({ description: 'Spelled as the upstream spells it.' }),
  }),
  validate: { refine: refinements(pointsStageRules) },
});

const UpsertPointsStageSuccess = builder
  .objectRef<{ created: boolean; stageId: number | null }>('UpsertPointsStageSuccess')
  .implement({
    fields: (t) => ({
      created: t.exposeBoolean('created', { description: 'true: created; false: updated' }),
      stageId: t.expose('stageId', { type: 'BigInt', nullable: true }),
    }),
  });

builder.mutationField('upsertPointsStage', (t) =>
  t.field({
    ...brokerAdminMutation('Mutation.upsertPointsStage'),
    ...result('UpsertPointsStage'),
    type: UpsertPointsStageSuccess,
    description: 'Broker admin only. At most one stage may be active at any time.',
    args: { input: t.arg({ type: UpsertPointsStageInput, required: true }) },
    resolve: (_root, { input }, ctx) => upsertPointsStage(ctx, input),
  }),
);
