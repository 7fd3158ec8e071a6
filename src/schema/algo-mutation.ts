/**
 * Algo-order mutations: placeAlgoOrder, editAlgoOrder, cancelAlgoOrder, cancelAlgoOrders.
 * Each returns `<Mutation>Result` (its success type or an error member); the inputs are
 * checked by algo-rules.ts before anything is sent.
 */
import {
  CANCEL_ALGO_ORDERS_QUERY,
  CANCEL_ALGO_ORDER_QUERY as CANCEL_ONE,
} from '../contract/fields-algo.ts';
import type { AlgoType } from '../contract/wire-algo.ts';
import {
  type AlgoPlaced,
  type AlgoStatusModel,
  cancelAlgoOrder,
  cancelAlgoOrders,
  editAlgoOrder,
  type PlaceAlgoOrderArgs,
  placeAlgoOrder,
  readAlgoOrder,
} from '../resolvers/algo-mutation.ts';
import { AlgoTypeEnum } from './algo-enums.ts';
import { EditAlgoOrderInput, PlaceAlgoOrderInput } from './algo-inputs.ts';
import { AlgoOrderRef } from './algo-order.ts';
import { placeAlgoOrderArgs } from './algo-rules.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { result } from './error-types.ts';
import { validateAs } from './field-rules.ts';
import { waitArgs } from './order-wait.ts';

const PlaceAlgoOrderSuccess = builder.objectRef<AlgoPlaced>('PlaceAlgoOrderSuccess').implement({
  description: 'What POST /v1/algo/order answered: the root of the new algo order.',
  fields: (t) => ({
    algoOrderId: t.expose('algoOrderId', { type: 'BigInt' }),
    clientOrderId: t.exposeString('clientOrderId', { nullable: true }),
    algoType: t.expose('algoType', { type: AlgoTypeEnum }),
    quantity: t.exposeFloat('quantity', { description: 'A full-position TP/SL: the size now' }),
    replayed: t.boolean({
      description:
        'True when this call repeats an earlier placeAlgoOrder with the same clientOrderId and fields (within 24 h): the answer is the one algo order placed for that clientOrderId, never a second one. False for the first call (and always without a clientOrderId).',
      resolve: ({ replayed }) => replayed ?? false,
    }),
    algoOrder: t.field({
      type: AlgoOrderRef,
      nullable: true,
      description: 'The algo order read back now, legs included (only when selected).',
      resolve: ({ algoOrderId }, _args, ctx) => readAlgoOrder(ctx, algoOrderId),
    }),
    outcome: t.field({
      type: AlgoOrderRef,
      nullable: true,
      description:
        'With waitFor: the algo order (legs included) as the private stream showed it when the wait ended — the state waited for, a final state that ruled it out, or (timedOut) the last one seen, null if none arrived. Null without waitFor. No upstream request.',
      resolve: ({ outcome }) => outcome ?? null,
    }),
    timedOut: t.boolean({
      description:
        'True when waitTimeoutMs (or the operation’s deadline) passed before the algo order got to waitFor; false without waitFor.',
      resolve: ({ timedOut }) => timedOut ?? false,
    }),
  }),
});

builder.mutationField('placeAlgoOrder', (t) =>
  t.field({
    ...authenticated,
    ...result('PlaceAlgoOrder'),
    type: PlaceAlgoOrderSuccess,
    description:
      'Places a stop, TP/SL, bracket or trailing-stop order (POST /v1/algo/order, 1 per second). A TP/SL beyond the position’s slots is refused (InputError, rule tpslSlots) before anything is sent. With waitFor it answers the algo order’s outcome from the private stream.',
    args: {
      input: t.arg({ type: PlaceAlgoOrderInput, required: true }),
      ...waitArgs(t.arg, 'placement'),
    },
    validate: { schema: placeAlgoOrderArgs<PlaceAlgoOrderArgs>() },
    resolve: (_root, { input, ...wait }, ctx) => placeAlgoOrder(ctx, input, wait),
  }),
);

const statusFields = (name: string, status: string) =>
  builder.objectRef<AlgoStatusModel>(name).implement({
    fields: (t) => ({
      status: t.exposeString('status', { description: `${status}: an acknowledgement` }),
      algoOrder: t.field({
        type: AlgoOrderRef,
        nullable: true,
        description: 'The algo order read back now (only when selected).',
        resolve: ({ algoOrderId }, _args, ctx) => readAlgoOrder(ctx, algoOrderId),
      }),
    }),
  });

const EditAlgoOrderSuccess = statusFields('EditAlgoOrderSuccess', 'EDIT_SENT');

builder.mutationField('editAlgoOrder', (t) =>
  t.field({
    ...authenticated,
    ...result('EditAlgoOrder'),
    type: EditAlgoOrderSuccess,
    description:
      'Changes the trigger, price or quantity of a waiting algo order, or switches a leg off (PUT /v1/algo/order, 5 per second).',
    args: { input: t.arg({ type: EditAlgoOrderInput, required: true }) },
    resolve: (_root, { input }, ctx) => editAlgoOrder(ctx, input),
  }),
);

const CancelAlgoOrderInput = builder.inputType('CancelAlgoOrderInput', {
  fields: (t) => ({
    symbol: t.string({ required: true, validate: validateAs(CANCEL_ONE.symbol) }),
    algoOrderId: t.field({
      type: 'BigInt',
      required: true,
      validate: validateAs(CANCEL_ONE.order_id),
    }),
  }),
});

const CancelAlgoOrderSuccess = statusFields('CancelAlgoOrderSuccess', 'CANCEL_SENT');

builder.mutationField('cancelAlgoOrder', (t) =>
  t.field({
    ...authenticated,
    ...result('CancelAlgoOrder'),
    type: CancelAlgoOrderSuccess,
    description:
      'Cancels one algo order with its legs (DELETE /v1/algo/order, 5 per second). One already triggered or final answers UpstreamRejectedError with code NOT_FOUND (-1006).',
    args: { input: t.arg({ type: CancelAlgoOrderInput, required: true }) },
    resolve: (_root, { input }, ctx) => cancelAlgoOrder(ctx, input),
  }),
);

const CancelAlgoOrdersSuccess = builder
  .objectRef<{ status: string; symbol: string | null; algoType: AlgoType | null }>(
    'CancelAlgoOrdersSuccess',
  )
  .implement({
    fields: (t) => ({
      status: t.exposeString('status', { description: 'CANCEL_ALL_SENT: an acknowledgement' }),
      symbol: t.exposeString('symbol', { nullable: true, description: 'null: every symbol' }),
      algoType: t.expose('algoType', {
        type: AlgoTypeEnum,
        nullable: true,
        description: 'null: every type',
      }),
    }),
  });

builder.mutationField('cancelAlgoOrders', (t) =>
  t.field({
    ...authenticated,
    ...result('CancelAlgoOrders'),
    type: CancelAlgoOrdersSuccess,
    description:
      'Cancels every waiting algo order of the symbol and type, or of the account without them (DELETE /v1/algo/orders, 5 per second). algoType STOP also cancels TP_SL and POSITIONAL_TP_SL (as the upstream documents).',
    args: {
      symbol: t.arg.string({ validate: validateAs(CANCEL_ALGO_ORDERS_QUERY.symbol) }),
      algoType: t.arg({ type: AlgoTypeEnum }),
    },
    resolve: (_root, { symbol, algoType }, ctx) => cancelAlgoOrders(ctx, symbol, algoType),
  }),
);
