/**
 * A position's take-profit / stop-loss: `Position.tpsl` (its waiting TP/SL orders and the
 * slots left) and `setPositionTpSl` (one TP/SL from prices, PnLs, offsets or percents).
 */
import { POSITIVE } from '../contract/fields.ts';
import { ALGO_LEG, ALGO_ORDER_BODY } from '../contract/fields-algo.ts';
import {
  loadPositionTpSl,
  type PositionTpSlModel,
  setPositionTpSl,
  type TpSlSet,
} from '../resolvers/position-tpsl.ts';
import { AlgoOrderRef } from './algo-order.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { MarginModeEnum } from './enums.ts';
import { result } from './error-types.ts';
import { gqlError } from './errors.ts';
import { validateAs } from './field-rules.ts';
import { PositionRef } from './portfolio.ts';
import * as rules from './rules.ts';
import { tpslLegRules, tpslRules } from './tpsl-rules.ts';

const PositionTpSlRef = builder.objectRef<PositionTpSlModel>('PositionTpSl').implement({
  description:
    "The position's waiting TP/SL orders (roots, legs in childOrders): at most one full-position one and 10 partial take-profits and 10 partial stop-losses per position side.",
  fields: (t) => ({
    full: t.expose('full', { type: AlgoOrderRef, nullable: true }),
    partialTakeProfits: t.expose('partialTakeProfits', {
      type: [AlgoOrderRef],
      description:
        'Partial TP/SLs with a waiting TAKE_PROFIT leg (one with both legs is in both lists)',
    }),
    partialStopLosses: t.expose('partialStopLosses', { type: [AlgoOrderRef] }),
    partialTakeProfitSlotsLeft: t.exposeInt('partialTakeProfitSlotsLeft'),
    partialStopLossSlotsLeft: t.exposeInt('partialStopLossSlotsLeft'),
  }),
});

builder.objectFields(PositionRef, (t) => ({
  tpsl: t.field({
    type: PositionTpSlRef,
    nullable: true,
    description:
      "The position's TP/SL orders (one algo-order read per request for every position). Queries only: a subscription follows algoOrderUpdates instead.",
    resolve: (position, _args, ctx, info) => {
      if (info.operation.operation === 'subscription') {
        throw gqlError(
          'BAD_USER_INPUT',
          'Position.tpsl is read by queries; follow algoOrderUpdates',
          {
            field: 'tpsl',
            rule: 'queryOnly',
          },
        );
      }
      return loadPositionTpSl(ctx, position);
    },
  }),
}));

const TpSlLegInput = builder.inputType('TpSlLegInput', {
  description:
    'Exactly one of triggerPrice, pnl, offset and offsetPercent; the others are turned into a trigger price from the average open price rounded up to the quote tick (the SDK’s TP/SL maths), cut to the quote tick.',
  fields: (t) => ({
    triggerPrice: t.float({ validate: validateAs(ALGO_LEG.trigger_price) }),
    pnl: t.float({ description: 'The PnL when it fires: a stop-loss’s is usually negative' }),
    offset: t.float({
      description: 'Distance from the entry toward profit (TP) or loss (SL)',
      validate: validateAs(POSITIVE),
    }),
    offsetPercent: t.float({
      description: 'The distance in percent of the entry: 5 is 5 %',
      validate: validateAs(POSITIVE),
    }),
  }),
  validate: { refine: rules.refinements(tpslLegRules) },
});

const SetPositionTpSlInput = builder.inputType('SetPositionTpSlInput', {
  description:
    'No quantity: the full position (POSITIONAL_TP_SL, follows the position and ends with it); a quantity: a partial one (TP_SL). At least one of takeProfit and stopLoss.',
  fields: (t) => ({
    symbol: t.string({ required: true, validate: validateAs(ALGO_ORDER_BODY.symbol) }),
    quantity: t.float({ validate: validateAs(ALGO_ORDER_BODY.quantity) }),
    marginMode: t.field({
      type: MarginModeEnum,
      description: 'Needed only with positions in both modes',
    }),
    clientOrderId: t.string({ validate: validateAs(ALGO_ORDER_BODY.client_order_id) }),
    takeProfit: t.field({ type: TpSlLegInput }),
    stopLoss: t.field({ type: TpSlLegInput }),
  }),
  validate: { refine: rules.refinements(tpslRules) },
});

const SetPositionTpSlSuccess = builder.objectRef<TpSlSet>('SetPositionTpSlSuccess').implement({
  fields: (t) => ({
    algoOrderId: t.expose('algoOrderId', { type: 'BigInt' }),
    clientOrderId: t.exposeString('clientOrderId', { nullable: true }),
    takeProfitTriggerPrice: t.exposeFloat('takeProfitTriggerPrice', { nullable: true }),
    stopLossTriggerPrice: t.exposeFloat('stopLossTriggerPrice', { nullable: true }),
  }),
});

builder.mutationField('setPositionTpSl', (t) =>
  t.field({
    ...authenticated,
    ...result('SetPositionTpSl'),
    type: SetPositionTpSlSuccess,
    description:
      'Places a take-profit and/or stop-loss on an open position (POST /v1/algo/order). Refused before anything is sent (InputError) without a position (noPosition), beyond it (notAbovePosition), with a trigger on the wrong side of the mark (triggerSide) or without a slot left (tpslSlots).',
    args: { input: t.arg({ type: SetPositionTpSlInput, required: true }) },
    resolve: (_root, { input }, ctx) => setPositionTpSl(ctx, input),
  }),
);
