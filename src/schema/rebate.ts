import { REFEREE_REBATE_SUMMARY_QUERY as QUERY } from '../contract/fields-account.ts';
import {
  type RefereeRebateDayModel,
  type RefereeRebateSummaryModel,
  refereeRebateSummary,
} from '../resolvers/rebate.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { validateAs } from './field-rules.ts';
import { refereeRebateSummaryRules } from './input-rules.ts';
import * as rules from './rules.ts';

const RefereeRebateDayRef = builder.objectRef<RefereeRebateDayModel>('RefereeRebateDay').implement({
  fields: (t) => ({
    date: t.expose('date', { type: 'Date' }),
    refereeRebate: t.exposeFloat('refereeRebate'),
  }),
});

const RefereeRebateSummaryRef = builder
  .objectRef<RefereeRebateSummaryModel>('RefereeRebateSummary')
  .implement({
    fields: (t) => ({
      days: t.expose('days', { type: [RefereeRebateDayRef] }),
      totalRefereeRebate: t.exposeFloat('totalRefereeRebate', { description: 'sum of the days' }),
    }),
  });

builder.queryField('refereeRebateSummary', (t) =>
  t.field({
    ...authenticated,
    type: RefereeRebateSummaryRef,
    nullable: true,
    description: "The caller's daily referee rebates in a date range.",
    args: {
      startDate: t.arg({ type: 'Date', validate: validateAs(QUERY.start_date) }),
      endDate: t.arg({
        type: 'Date',
        description: 'not before startDate',
        validate: validateAs(QUERY.end_date),
      }),
    },
    validate: { refine: rules.refinements(refereeRebateSummaryRules) },
    resolve: (_root, args, ctx) => refereeRebateSummary(ctx, args),
  }),
);
