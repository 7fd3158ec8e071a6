/**
 * `FundingFee` (one funding period of one position, GET /v1/funding_fee/history) and
 * `Account.fundingFees`, a Relay connection newest first (src/resolvers/history-page.ts).
 */
import { FUNDING_FEE_QUERY } from '../contract/fields-history.ts';
import type { FundingFeeModel } from '../models/account-history.ts';
import { loadFundingFeesPage } from '../resolvers/funding-fees.ts';
import { AccountRef } from './account.ts';
import { builder } from './builder.ts';
import { MarginModeEnum } from './enums.ts';
import { validateAs } from './field-rules.ts';
import { historyArgs, timeWindowRules } from './history-rules.ts';
import * as rules from './rules.ts';
import { PAGE_DOC } from './trades.ts';

const FundingPaymentTypeEnum = builder.enumType('FundingPaymentType', {
  values: ['RECEIVE', 'PAY'] as const,
});
const FundingFeeStatusEnum = builder.enumType('FundingFeeStatus', {
  description: 'ACCRUED: in the unsettled PnL; SETTLED: moved into the balance.',
  values: ['ACCRUED', 'SETTLED'] as const,
});

const FundingFeeRef = builder.objectRef<FundingFeeModel>('FundingFee').implement({
  description: 'What one position paid or received at the end of one funding period.',
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    fundingRate: t.exposeFloat('fundingRate'),
    markPrice: t.exposeFloat('markPrice'),
    fundingFee: t.exposeFloat('fundingFee', {
      description: 'At least 0; paymentType says which way.',
    }),
    paymentType: t.expose('paymentType', { type: FundingPaymentTypeEnum }),
    status: t.expose('status', { type: FundingFeeStatusEnum, nullable: true }),
    marginMode: t.expose('marginMode', { type: MarginModeEnum, nullable: true }),
    createdTime: t.expose('createdTime', { type: 'Timestamp' }),
    updatedTime: t.expose('updatedTime', { type: 'Timestamp' }),
  }),
});

const FundingFeeFilterInput = builder.inputType('FundingFeeFilter', {
  description: 'Query of GET /v1/funding_fee/history; every field optional.',
  fields: (t) => ({
    symbol: t.string({ validate: validateAs(FUNDING_FEE_QUERY.symbol) }),
    from: t.field({ type: 'Timestamp', description: 'Created at or after (start_t)' }),
    to: t.field({ type: 'Timestamp', description: 'Created at or before (end_t)' }),
  }),
  validate: { refine: rules.refinements(timeWindowRules) },
});

const FundingFeeConnection = builder.connectionObject({
  type: FundingFeeRef,
  name: 'FundingFeeConnection',
});

builder.objectFields(AccountRef, (t) => ({
  fundingFees: t.field({
    type: FundingFeeConnection,
    nullable: true,
    description: `Funding the account paid or received, newest first (GET /v1/funding_fee/history: 20 per 60 s). ${PAGE_DOC}`,
    args: {
      filter: t.arg({ type: FundingFeeFilterInput }),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    validate: { schema: historyArgs },
    resolve: (_account, { filter, first, after }, ctx) =>
      loadFundingFeesPage(ctx, filter, first, after),
  }),
}));
