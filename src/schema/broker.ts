import { ENUM_ID } from '../contract/fields.ts';
import {
  DEFAULT_FEE_RATES_BODY as FEES,
  ORDER_TAG_FEE_CONFIG_BODY as TAG,
} from '../contract/fields-admin.ts';
import {
  type SetDefaultFeeRatesArgs,
  setDefaultFeeRates,
  updateOrderTagFeeConfig,
} from '../resolvers/broker.ts';
import { SymbolValueRef } from './account.ts';
import { brokerAdminMutation } from './auth.ts';
import { builder } from './builder.ts';
import { result } from './error-types.ts';
import { pairRefinements, validateAs } from './field-rules.ts';
import type { SymbolValue } from './types.ts';

const FEE_RATE = 'from 0 to 1, a multiple of 0.00001 (0.0001 = 0.01%)';

const SetDefaultFeeRatesInput = builder.inputType('SetDefaultFeeRatesInput', {
  description: `Default builder fee rates; each ${FEE_RATE}.`,
  fields: (t) => ({
    makerFeeRate: t.float({ required: true, validate: validateAs(FEES.maker_fee_rate) }),
    takerFeeRate: t.float({ required: true, validate: validateAs(FEES.taker_fee_rate) }),
    rwaMakerFeeRate: t.float({ validate: validateAs(FEES.rwa_maker_fee_rate) }),
    rwaTakerFeeRate: t.float({ validate: validateAs(FEES.rwa_taker_fee_rate) }),
  }),
});

const SetDefaultFeeRatesSuccess = builder
  .objectRef<Required<SetDefaultFeeRatesArgs>>('SetDefaultFeeRatesSuccess')
  .implement({
    fields: (t) => ({
      makerFeeRate: t.exposeFloat('makerFeeRate'),
      takerFeeRate: t.exposeFloat('takerFeeRate'),
      rwaMakerFeeRate: t.exposeFloat('rwaMakerFeeRate', { nullable: true }),
      rwaTakerFeeRate: t.exposeFloat('rwaTakerFeeRate', { nullable: true }),
    }),
  });

builder.mutationField('setDefaultFeeRates', (t) =>
  t.field({
    ...brokerAdminMutation('Mutation.setDefaultFeeRates'),
    ...result('SetDefaultFeeRates'),
    type: SetDefaultFeeRatesSuccess,
    description: 'Broker admin only.',
    args: { input: t.arg({ type: SetDefaultFeeRatesInput, required: true }) },
    resolve: (_root, { input }, ctx) => setDefaultFeeRates(ctx, input),
  }),
);

const SymbolFeeRateInput = builder.inputType('SymbolFeeRateInput', {
  fields: (t) => ({
    symbol: t.string({ required: true, validate: validateAs(TAG.pair_overrides.key) }),
    feeRate: t.float({
      required: true,
      description: FEE_RATE,
      validate: validateAs(TAG.pair_overrides.value),
    }),
  }),
});

const OrderTagFeeConfigInput = builder.inputType('OrderTagFeeConfigInput', {
  description: 'Creates the configuration or changes the fields given.',
  fields: (t) => ({
    name: t.string({ validate: validateAs(TAG.name) }),
    description: t.string({ validate: validateAs(TAG.description) }),
    defaultFeeRate: t.float({
      description: `Added on top of existing fees; ${FEE_RATE}`,
      validate: validateAs(TAG.default_fee_rate),
    }),
    pairOverrides: t.field({
      type: [SymbolFeeRateInput],
      description: 'Per-symbol rates overriding defaultFeeRate: omitted/null keeps, [] clears.',
      // Each pair by SymbolFeeRateInput's fields, then the list's bound and distinct symbols.
      validate: { refine: pairRefinements(TAG.pair_overrides, 'symbol') },
    }),
  }),
});

type TagConfigSuccess = { enumId: string; orderTag: string; pairOverrides: SymbolValue[] | null };
const UpdateOrderTagFeeConfigSuccess = builder
  .objectRef<TagConfigSuccess>('UpdateOrderTagFeeConfigSuccess')
  .implement({
    fields: (t) => ({
      enumId: t.exposeString('enumId'),
      orderTag: t.exposeString('orderTag', { description: 'The order_tag selecting it.' }),
      pairOverrides: t.expose('pairOverrides', { type: [SymbolValueRef], nullable: true }),
    }),
  });

builder.mutationField('updateOrderTagFeeConfig', (t) =>
  t.field({
    ...brokerAdminMutation('Mutation.updateOrderTagFeeConfig'),
    ...result('UpdateOrderTagFeeConfig'),
    type: UpdateOrderTagFeeConfigSuccess,
    description: 'Broker admin only. Upstream limit: 1 request per second.',
    args: {
      enumId: t.arg.string({
        required: true,
        description: '^[A-Z0-9_]+$; cannot be changed',
        validate: validateAs(ENUM_ID),
      }),
      input: t.arg({ type: OrderTagFeeConfigInput, required: true }),
    },
    resolve: (_root, { enumId, input }, ctx) => updateOrderTagFeeConfig(ctx, enumId, input),
  }),
);
