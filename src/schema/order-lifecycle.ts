/**
 * Order lifecycle mutations: cancelOrder, cancelOrders, cancelAllOrders, editOrder and
 * placeOrders. Each returns `<Mutation>Result` (its success type or an error member); the
 * inputs are checked by order-rules.ts before anything is sent.
 */

import { CANCEL_BATCH_MAX } from '../contract/constants.ts';
import {
  BATCH_ORDER_BODY,
  CANCEL_ALL_QUERY,
  CANCEL_CLIENT_ORDER_QUERY,
  CANCEL_CLIENT_ORDERS_QUERY,
  CANCEL_ORDER_QUERY,
  CANCEL_ORDERS_QUERY,
  EDIT_ORDER_BODY as EDIT,
} from '../contract/fields-orders.ts';
import {
  cancelAllOrders,
  cancelOrder,
  cancelOrders,
  editOrder,
  type PlaceOrdersItem,
  placeOrders,
  readBack,
  type StatusModel,
} from '../resolvers/order-lifecycle.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { OrderTypeEnum, SideEnum } from './enums.ts';
import { ErrorInterface, result } from './error-types.ts';
import { BatchItemErrorMember } from './errors.ts';
import { listRefinements, validateAs } from './field-rules.ts';
import { OrderRef, PlaceOrderInput, PlaceOrderSuccess } from './order.ts';
import {
  cancelOrderRules,
  cancelOrdersRules,
  editOrderRules,
  MAX_BATCH,
  uniqueInBatch,
} from './order-rules.ts';
import { waitArgs, waitedFields } from './order-wait.ts';
import { validatePlaceOrder } from './place-order-rules.ts';
import * as rules from './rules.ts';

const statusFields = {
  description: 'The acknowledgement; the order reaches its final state afterwards.',
} as const;

const CancelOrderSuccess = builder.objectRef<StatusModel>('CancelOrderSuccess').implement({
  fields: (t) => ({
    status: t.exposeString('status', {
      description:
        'CANCEL_SENT: an acknowledgement; CANCELLED shows on a later read, or in `outcome` with waitFor.',
    }),
    order: t.field({
      type: OrderRef,
      nullable: true,
      description: 'The order read back now (only when selected).',
      resolve: ({ key }, _args, ctx) => readBack(ctx, key),
    }),
    ...waitedFields(t),
  }),
});

const CancelOrderInput = builder.inputType('CancelOrderInput', {
  description: 'Exactly one of orderId and clientOrderId.',
  fields: (t) => ({
    symbol: t.string({
      required: true,
      description: 'PERP_<BASE>_<QUOTE>',
      validate: validateAs(CANCEL_ORDER_QUERY.symbol),
    }),
    orderId: t.field({ type: 'BigInt', validate: validateAs(CANCEL_ORDER_QUERY.order_id) }),
    clientOrderId: t.string({ validate: validateAs(CANCEL_CLIENT_ORDER_QUERY.client_order_id) }),
  }),
  validate: { refine: rules.refinements(cancelOrderRules) },
});

builder.mutationField('cancelOrder', (t) =>
  t.field({
    ...authenticated,
    ...result('CancelOrder'),
    type: CancelOrderSuccess,
    description:
      'Cancels one open order (DELETE /v1/order or /v1/client/order, 10 per second). An order already final answers UpstreamRejectedError with code NOT_FOUND (-1006). waitFor CANCELLED answers once the stream shows it.',
    args: {
      input: t.arg({ type: CancelOrderInput, required: true }),
      ...waitArgs(t.arg, 'cancel'),
    },
    resolve: (_root, { input, ...wait }, ctx) => cancelOrder(ctx, input, wait),
  }),
);

const CancelOrdersInput = builder.inputType('CancelOrdersInput', {
  description: `Exactly one of orderIds and clientOrderIds, 1 to ${CANCEL_BATCH_MAX} ids.`,
  fields: (t) => ({
    orderIds: t.field({ type: ['BigInt'], validate: validateAs(CANCEL_ORDERS_QUERY.order_ids) }),
    clientOrderIds: t.stringList({
      validate: validateAs(CANCEL_CLIENT_ORDERS_QUERY.client_order_ids),
    }),
  }),
  validate: { refine: rules.refinements(cancelOrdersRules) },
});

const CancelOrdersSuccess = builder
  .objectRef<StatusModel>('CancelOrdersSuccess')
  .implement({ fields: (t) => ({ status: t.exposeString('status', statusFields) }) });

builder.mutationField('cancelOrders', (t) =>
  t.field({
    ...authenticated,
    ...result('CancelOrders'),
    type: CancelOrdersSuccess,
    description: 'Cancels several orders (DELETE /v1/batch-order or /v1/client/batch-order).',
    args: { input: t.arg({ type: CancelOrdersInput, required: true }) },
    resolve: (_root, { input }, ctx) => cancelOrders(ctx, input),
  }),
);

const CancelAllOrdersSuccess = builder
  .objectRef<{ status: string; symbol: string | null }>('CancelAllOrdersSuccess')
  .implement({
    fields: (t) => ({
      status: t.exposeString('status', statusFields),
      symbol: t.exposeString('symbol', { nullable: true, description: 'null: every symbol' }),
    }),
  });

builder.mutationField('cancelAllOrders', (t) =>
  t.field({
    ...authenticated,
    ...result('CancelAllOrders'),
    type: CancelAllOrdersSuccess,
    description:
      'Cancels every open order of the symbol, or of the account without one (DELETE /v1/orders, 10 per second).',
    args: { symbol: t.arg.string({ validate: validateAs(CANCEL_ALL_QUERY.symbol) }) },
    resolve: (_root, { symbol }, ctx) => cancelAllOrders(ctx, symbol),
  }),
);

const EditOrderInput = builder.inputType('EditOrderInput', {
  description:
    'PUT /v1/order in camelCase; the gateway signs it. Only price and quantity change; the other fields must match the order.',
  fields: (t) => ({
    orderId: t.field({ type: 'BigInt', required: true, validate: validateAs(EDIT.order_id) }),
    symbol: t.string({ required: true, validate: validateAs(EDIT.symbol) }),
    side: t.field({ type: SideEnum, required: true }),
    orderType: t.field({ type: OrderTypeEnum, required: true }),
    orderPrice: t.float({
      required: true,
      description: 'The new (or unchanged) price',
      validate: validateAs(EDIT.order_price),
    }),
    orderQuantity: t.float({
      required: true,
      description: 'The new (or unchanged) quantity',
      validate: validateAs(EDIT.order_quantity),
    }),
    clientOrderId: t.string({ validate: validateAs(EDIT.client_order_id) }),
    reduceOnly: t.boolean(),
    visibleQuantity: t.float({ validate: validateAs(EDIT.visible_quantity) }),
  }),
  validate: { refine: rules.refinements(editOrderRules) },
});

const EditOrderSuccess = builder.objectRef<StatusModel>('EditOrderSuccess').implement({
  fields: (t) => ({
    status: t.exposeString('status', {
      description: 'EDIT_SENT; the order reads REPLACED, then carries on with the new values.',
    }),
    order: t.field({
      type: OrderRef,
      nullable: true,
      description: 'The order read back now (only when selected).',
      resolve: ({ key }, _args, ctx) => readBack(ctx, key),
    }),
    ...waitedFields(t),
  }),
});

builder.mutationField('editOrder', (t) =>
  t.field({
    ...authenticated,
    ...result('EditOrder'),
    type: EditOrderSuccess,
    description:
      'Changes the price or quantity of an open order (10 per second). waitFor REPLACED answers once the stream shows the new values.',
    args: {
      input: t.arg({ type: EditOrderInput, required: true }),
      ...waitArgs(t.arg, 'edit'),
    },
    resolve: (_root, { input, ...wait }, ctx) => editOrder(ctx, input, wait),
  }),
);

builder.objectType(BatchItemErrorMember, {
  name: 'BatchItemError',
  description: 'One item of placeOrders that the upstream did not place; the others may be.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    index: t.exposeInt('index', { description: 'Position of the item in inputs' }),
    clientOrderId: t.exposeString('clientOrderId', { nullable: true }),
    upstreamMessage: t.exposeString('upstreamMessage', { description: "The upstream's words" }),
  }),
});

const PlaceOrdersSuccess = builder
  .objectRef<{ results: PlaceOrdersItem[] }>('PlaceOrdersSuccess')
  .implement({
    fields: (t) => ({
      // An item is a success object or a returned member (graphql-js would raise an Error
      // list item as a field error; the errors plugin returns it as its union member).
      results: t.errorUnionListField({
        types: [PlaceOrderSuccess, BatchItemErrorMember],
        union: {
          name: 'PlaceOrderItemResult',
          description: 'One item of placeOrders: placed, or refused by the upstream.',
          resolveType: () => 'PlaceOrderSuccess',
        },
        description: 'One per input, in order. Partial success is normal.',
        resolve: ({ results }) => results,
      }),
    }),
  });

builder.mutationField('placeOrders', (t) =>
  t.field({
    ...authenticated,
    ...result('PlaceOrders'),
    type: PlaceOrdersSuccess,
    description: `Places 1 to ${MAX_BATCH} orders at once (POST /v1/batch-order, 1 per second; each item also counts as one order placement). Every item is checked by placeOrder's rules before anything is sent.`,
    args: {
      inputs: t.arg({
        type: [PlaceOrderInput],
        required: true,
        // Each item by placeOrder's rules, then the list's.
        validate: {
          items: validatePlaceOrder,
          refine: [...listRefinements(BATCH_ORDER_BODY.orders), ...uniqueInBatch],
        },
      }),
      ...waitArgs(t.arg, 'placement'),
    },
    resolve: (_root, { inputs, ...wait }, ctx) => placeOrders(ctx, inputs, wait),
  }),
);
