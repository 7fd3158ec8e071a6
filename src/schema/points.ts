import { upsertPointsStage } from '../resolvers/points.ts';
import { pointsStageInput } from './admin-input-rules.ts';
import { brokerAdminMutation } from './auth.ts';
import { builder } from './builder.ts';
import { result } from './error-types.ts';

const UpsertPointsStageInput = builder.inputType('UpsertPointsStageInput', {
  description:
    'Creates a stage without stageId (stageName and startDate required), updates it with one.',
  fields: (t) => ({
    stageId: t.field({ type: 'BigInt' }),
    stageName: t.string(),
    startDate: t.field({ type: 'Date' }),
    endDate: t.field({ type: 'Date', description: 'omitted: indefinite; not before startDate' }),
    volumeBoost: t.float(),
    pnlBoost: t.float(),
    l1ReferralBoost: t.float(),
    l2ReferralBoost: t.float(),
    isContinous: t.boolean({ description: 'Spelled as the upstream spells it.' }),
  }),
  validate: { schema: pointsStageInput },
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
