import {
  type SetDefaultFeeRatesArgs,
  setDefaultFeeRates,
  updateOrderTagFeeConfig,
} from '../resolvers/broker.ts';
import { SymbolValueRef } from './account.ts';
import { defaultFeeRatesInput, orderTagFeeConfigInput } from './admin-input-rules.ts';
import { brokerAdminMutation } from './auth.ts';
import { builder } from './builder.ts';
import { result } from './error-types.ts';
import * as rules from './rules.ts';
import type { SymbolValue } from './types.ts';

const FEE_RATE = 'from 0 to 1, a multiple of 0.00001 (0.0001 = 0.01%)';

const SetDefaultFeeRatesInput = builder.inputType('SetDefaultFeeRatesInput', {
  description: `Default builder fee rates; each ${FEE_RATE}.`,
  fields: (t) => ({
    makerFeeRate: t.float({ required: true }),
    takerFeeRate: t.float({ required: true }),
    rwaMakerFeeRate: t.float(),
    rwaTakerFeeRate: t.float(),
  }),
  validate: { schema: defaultFeeRatesInput },
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
    symbol: t.string({ required: true }),
    feeRate: t.float({ required: true, description: FEE_RATE }),
  }),
});

const OrderTagFeeConfigInput = builder.inputType('OrderTagFeeConfigInput', {
  description: 'Creates the configuration or changes the fields given.',
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    defaultFeeRate: t.float({ description: `Added on top of existing fees; ${FEE_RATE}` }),
    pairOverrides: t.field({
      type: [SymbolFeeRateInput],
      description: 'Per-symbol rates overriding defaultFeeRate: omitted/null keeps, [] clears.',
    }),
  }),
  validate: { schema: orderTagFeeConfigInput },
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
        validate: { schema: rules.enumId },
      }),
      input: t.arg({ type: OrderTagFeeConfigInput, required: true }),
    },
    resolve: (_root, { enumId, input }, ctx) => updateOrderTagFeeConfig(ctx, enumId, input),
  }),
);
