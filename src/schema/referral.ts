import {
  AFFILIATE_REBATE_RATE_BODY as AFFILIATE,
  CREATE_REFERRAL_CODE_BODY as CREATE,
  REFERRAL_ADMIN_QUERY as QUERY,
} from '../contract/fields-admin.ts';
import {
  type CreateReferralCodeArgs,
  createReferralCode,
  type PageMetaModel,
  type ReferralAdminPageModel,
  type ReferralAdminRowModel,
  type ReferralCodeModel,
  referralAdminInfo,
  setAffiliateRebateRate,
} from '../resolvers/referral.ts';
import { createReferralCodeRules, referralAdminInfoRules } from './admin-input-rules.ts';
import { brokerAdminMutation, brokerAdminQuery } from './auth.ts';
import { builder } from './builder.ts';
import { ReferralSortEnum } from './enums.ts';
import { result } from './error-types.ts';
import { validateAs } from './field-rules.ts';
import { refinements } from './rules.ts';

const ReferralCodeRef = builder.objectRef<ReferralCodeModel>('ReferralCode').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    maxRebateRate: t.exposeFloat('maxRebateRate'),
    referrerRebateRate: t.exposeFloat('referrerRebateRate'),
    refereeRebateRate: t.exposeFloat('refereeRebateRate'),
    totalReferrerRebate: t.exposeFloat('totalReferrerRebate', { description: 'lifetime' }),
    totalRefereeRebate: t.exposeFloat('totalRefereeRebate', { description: 'lifetime' }),
  }),
});

const ReferralAdminRowRef = builder.objectRef<ReferralAdminRowModel>('ReferralAdminRow').implement({
  fields: (t) => ({
    accountId: t.exposeString('accountId'),
    userAddress: t.exposeString('userAddress'),
    numberOfCodes: t.exposeInt('numberOfCodes', { nullable: true }),
    totalInvites: t.exposeFloat('totalInvites'),
    totalTraded: t.exposeFloat('totalTraded'),
    refereeVolume: t.exposeFloat('refereeVolume'),
    refereeFee: t.exposeFloat('refereeFee'),
    svcFee: t.exposeFloat('svcFee'),
    referralCodes: t.expose('referralCodes', { type: [ReferralCodeRef] }),
  }),
});

const PageMetaRef = builder.objectRef<PageMetaModel>('PageMeta').implement({
  fields: (t) => ({
    recordsPerPage: t.exposeInt('recordsPerPage'),
    currentPage: t.exposeInt('currentPage'),
    total: t.exposeInt('total'),
    totalPages: t.exposeInt('totalPages'),
    hasNextPage: t.exposeBoolean('hasNextPage'),
  }),
});

const ReferralAdminPageRef = builder
  .objectRef<ReferralAdminPageModel>('ReferralAdminPage')
  .implement({
    fields: (t) => ({
      rows: t.expose('rows', { type: [ReferralAdminRowRef] }),
      meta: t.expose('meta', { type: PageMetaRef }),
    }),
  });

builder.queryField('referralAdminInfo', (t) =>
  t.field({
    ...brokerAdminQuery,
    type: ReferralAdminPageRef,
    nullable: true,
    description: 'Broker admin only. Referral codes per referrer, one page.',
    args: {
      page: t.arg.int({ description: 'from 1', validate: validateAs(QUERY.page) }),
      size: t.arg.int({ description: `1 to ${QUERY.size.max}`, validate: validateAs(QUERY.size) }),
      userAddress: t.arg.string({
        description: 'only one of userAddress and accountId',
        validate: validateAs(QUERY.user_address),
      }),
      accountId: t.arg.string({ validate: validateAs(QUERY.account_id) }),
      sortBy: t.arg({ type: ReferralSortEnum, description: 'descending' }),
    },
    validate: { refine: refinements(referralAdminInfoRules) },
    resolve: (_root, args, ctx) => referralAdminInfo(ctx, args),
  }),
);

const CreateReferralCodeInput = builder.inputType('CreateReferralCodeInput', {
  description: 'Rates from 0 to 1; referrerRebateRate + refereeRebateRate ≤ maxRebateRate.',
  fields: (t) => ({
    accountId: t.string({
      required: true,
      description: 'the referrer',
      validate: validateAs(CREATE.account_id),
    }),
    referralCode: t.string({ required: true, validate: validateAs(CREATE.referral_code) }),
    maxRebateRate: t.float({ required: true, validate: validateAs(CREATE.max_rebate_rate) }),
    referrerRebateRate: t.float({
      required: true,
      validate: validateAs(CREATE.referrer_rebate_rate),
    }),
    refereeRebateRate: t.float({
      required: true,
      validate: validateAs(CREATE.referee_rebate_rate),
    }),
  }),
  validate: { refine: refinements(createReferralCodeRules) },
});

const CreateReferralCodeSuccess = builder
  .objectRef<CreateReferralCodeArgs>('CreateReferralCodeSuccess')
  .implement({
    fields: (t) => ({
      accountId: t.exposeString('accountId'),
      referralCode: t.exposeString('referralCode'),
      maxRebateRate: t.exposeFloat('maxRebateRate'),
      referrerRebateRate: t.exposeFloat('referrerRebateRate'),
      refereeRebateRate: t.exposeFloat('refereeRebateRate'),
    }),
  });

builder.mutationField('createReferralCode', (t) =>
  t.field({
    ...brokerAdminMutation('Mutation.createReferralCode'),
    ...result('CreateReferralCode'),
    type: CreateReferralCodeSuccess,
    description: 'Broker admin only.',
    args: { input: t.arg({ type: CreateReferralCodeInput, required: true }) },
    resolve: (_root, { input }, ctx) => createReferralCode(ctx, input),
  }),
);

const SetAffiliateRebateRateInput = builder.inputType('SetAffiliateRebateRateInput', {
  fields: (t) => ({
    rebateRate: t.float({
      required: true,
      description: 'from 0 to 1',
      validate: validateAs(AFFILIATE.rebate_rate),
    }),
    accountIds: t.stringList({
      required: true,
      description: `level 1 affiliate accounts, 1 to ${AFFILIATE.account_ids.maxItems}`,
      validate: validateAs(AFFILIATE.account_ids),
    }),
  }),
});

const SetAffiliateRebateRateSuccess = builder
  .objectRef<{ rebateRate: number; accountIds: string[] }>('SetAffiliateRebateRateSuccess')
  .implement({
    fields: (t) => ({
      rebateRate: t.exposeFloat('rebateRate'),
      accountIds: t.exposeStringList('accountIds'),
    }),
  });

builder.mutationField('setAffiliateRebateRate', (t) =>
  t.field({
    ...brokerAdminMutation('Mutation.setAffiliateRebateRate'),
    ...result('SetAffiliateRebateRate'),
    type: SetAffiliateRebateRateSuccess,
    description: 'Broker admin only. Custom rebate rate of level 1 affiliates.',
    args: { input: t.arg({ type: SetAffiliateRebateRateInput, required: true }) },
    resolve: (_root, { input }, ctx) => setAffiliateRebateRate(ctx, input),
  }),
);
