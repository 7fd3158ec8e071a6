import { CLIENT_ORDER_ID, list } from '../contract/fields.ts';
import { CANCEL_ORDER_QUERY } from '../contract/fields-orders.ts';
import {
  loadOrder,
  loadOrderById,
  loadOrders,
  type OrderModel,
  type OrderReceipt,
  type PlacedModel,
  placeOrder,
} from '../resolvers/order.ts';
import { builder } from './builder.ts';
import { MarginModeEnum, OrderStatusEnum, OrderTypeEnum, SideEnum } from './enums.ts';
import { result } from './error-types.ts';
import { validateAs } from './field-rules.ts';
import { orderArgsRules } from './order-rules.ts';
import { waitArgs, waitedFields } from './order-wait.ts';
import { validatePlaceOrder } from './place-order-rules.ts';
import * as rules from './rules.ts';

/** `orders(clientOrderIds:)`: each a client_order_id, read in parallel (a gateway bound). */
const CLIENT_ORDER_IDS = list({
  of: CLIENT_ORDER_ID,
  minItems: 1,
  maxItems: rules.MAX_CLIENT_ORDER_IDS,
});

export const OrderRef = builder.objectRef<OrderModel>('Order').implement({
  description:
    'An order as GET /v1/client/order/{client_order_id} (or GET /v1/order/{order_id}, GET /v1/orders) returns it, plus derived fields.',
  fields: (t) => ({
    orderId: t.expose('orderId', { type: 'BigInt' }),
    clientOrderId: t.exposeString('clientOrderId'),
    userId: t.expose('userId', { type: 'BigInt' }),
    symbol: t.exposeString('symbol'),
    base: t.exposeString('base', { nullable: true, description: 'BTC of PERP_BTC_USDC' }),
    quote: t.exposeString('quote', { nullable: true, description: 'USDC of PERP_BTC_USDC' }),
    side: t.expose('side', { type: SideEnum }),
    type: t.expose('type', { type: OrderTypeEnum }),
    status: t.expose('status', { type: OrderStatusEnum }),
    isFinal: t.exposeBoolean('isFinal', { description: 'FILLED, CANCELLED or REJECTED' }),
    price: t.exposeFloat('price', { nullable: true }),
    quantity: t.exposeFloat('quantity', { nullable: true }),
    amount: t.exposeFloat('amount', { nullable: true }),
    executedQuantity: t.exposeFloat('executedQuantity'),
    remainingQuantity: t.exposeFloat('remainingQuantity', { nullable: true }),
    filledFraction: t.exposeFloat('filledFraction', {
      nullable: true,
      description: 'executedQuantity / quantity, 0..1; null for amount-only orders',
    }),
    visibleQuantity: t.exposeFloat('visibleQuantity', { nullable: true }),
    averageExecutedPrice: t.exposeFloat('averageExecutedPrice', { nullable: true }),
    totalFee: t.exposeFloat('totalFee'),
    feeAsset: t.exposeString('feeAsset'),
    realizedPnl: t.exposeFloat('realizedPnl'),
    createdTime: t.expose('createdTime', { type: 'Timestamp' }),
    updatedTime: t.expose('updatedTime', { type: 'Timestamp' }),
    reduceOnly: t.exposeBoolean('reduceOnly'),
    orderTag: t.exposeString('orderTag', { nullable: true }),
    marginMode: t.expose('marginMode', { type: MarginModeEnum }),
  }),
});

export const OrderReceiptRef = builder.objectRef<OrderReceipt>('OrderReceipt').implement({
  description: 'What POST /v1/order answered.',
  fields: (t) => ({
    orderId: t.expose('orderId', { type: 'BigInt' }),
    clientOrderId: t.exposeString('clientOrderId', { nullable: true }),
    orderType: t.expose('orderType', { type: OrderTypeEnum }),
    orderPrice: t.exposeFloat('orderPrice', { nullable: true }),
    orderQuantity: t.exposeFloat('orderQuantity', { nullable: true }),
    errorMessage: t.exposeString('errorMessage', { description: 'text about the outcome' }),
  }),
});

builder.queryFields((t) => ({
  order: t.field({
    type: OrderRef,
    nullable: true,
    description:
      'An order by clientOrderId or by the exchange orderId (exactly one); NOT_FOUND when the upstream has none.',
    authScopes: { authenticated: true },
    args: {
      clientOrderId: t.arg.string({ validate: validateAs(CLIENT_ORDER_ID) }),
      orderId: t.arg({ type: 'BigInt', validate: validateAs(CANCEL_ORDER_QUERY.order_id) }),
    },
    validate: { refine: rules.refinements(orderArgsRules) },
    resolve: (_root, { clientOrderId, orderId }, ctx) =>
      clientOrderId ? loadOrder(ctx, clientOrderId) : loadOrderById(ctx, orderId as number),
  }),
  orders: t.field({
    type: [OrderRef],
    nullable: { list: true, items: true },
    description: `Orders by client_order_id (at most ${rules.MAX_CLIENT_ORDER_IDS}); repeated ids are read once, all in parallel; a failed entry is null with its own error.`,
    authScopes: { authenticated: true },
    args: {
      clientOrderIds: t.arg.stringList({
        required: true,
        validate: validateAs(CLIENT_ORDER_IDS),
      }),
    },
    resolve: (_root, { clientOrderIds }, ctx) => loadOrders(ctx, clientOrderIds),
  }),
}));

/**
 * Its rules sit on the arguments that take it (place-order-rules.ts): placeOrder and
 * placeOrders refuse with them, orderPreview reports them.
 */
/**
 * Its rules sit on the arguments that take it (place-order-rules.ts): placeOrder and
 * placeOrders refuse with them, orderPreview reports them.
 */
export const PlaceOrderInput = builder.inputType('PlaceOrderInput', {
  description: 'Body of POST /v1/order in camelCase; the gateway signs it.',
  fields: (t) => ({
    symbol: t.string({
      required: true,
      description: 'PERP_<BASE>_<QUOTE>',
    }),
    orderType: t.field({ type: OrderTypeEnum, required: true }),
    side: t.field({ type: SideEnum, required: true }),
    clientOrderId: t.string({
      description: 'At most 36 of [A-Za-z0-9_-], not starting with "-"; generated when omitted',
    }),
    orderPrice: t.float({
      description: 'Required unless orderType is MARKET, ASK or BID',
    }),
    orderQuantity: t.float(),
    orderAmount: t.float({
      description: 'Size in quote currency (MARKET, ASK, BID)',
    }),
    visibleQuantity: t.float({
      description: 'Not for POST_ONLY',
    }),
    reduceOnly: t.boolean(),
    slippage: t.float({
      description: 'MARKET orders do not execute beyond this slippage',
    }),
    orderTag: t.string({
      description: 'At most 36: a referral code or enum:<ENUM_ID>',
    }),
    level: t.int({
      description: '0..4, only for BID and ASK',
    }),
    postOnlyAdjust: t.boolean({ description: 'Only for POST_ONLY' }),
    marginMode: t.field({ type: MarginModeEnum }),
  }),
});

export const PlaceOrderSuccess = builder.objectRef<PlacedModel>('PlaceOrderSuccess').implement({
  fields: (t) => ({
    receipt: t.expose('receipt', { type: OrderReceiptRef }),
    replayed: t.boolean({
      description:
        'True when this call repeats an earlier one with the same clientOrderId and fields (within 24 h): the answer is the one order placed for that clientOrderId, never a second one. False for the first call. Send a clientOrderId to make retries safe.',
      resolve: ({ replayed }) => replayed ?? false,
    }),
    order: t.field({
      type: OrderRef,
      nullable: true,
      description:
        'The order as read back by its clientOrderId (a REST read when selected; `outcome` needs none).',
      resolve: ({ receipt }, _args, ctx) =>
        receipt.clientOrderId === null ? null : loadOrder(ctx, receipt.clientOrderId),
    }),
    ...waitedFields(t),
  }),
});

builder.mutationField('placeOrder', (t) =>
  t.field({
    ...result('PlaceOrder'),
    type: PlaceOrderSuccess,
    authScopes: { authenticated: true },
    description:
      'Places an order (POST /v1/order). With waitFor it answers the order’s outcome from the private stream (outcome, timedOut) instead of the acknowledgement alone.',
    args: {
      input: t.arg({ type: PlaceOrderInput, required: true, validate: validatePlaceOrder }),
      ...waitArgs(t.arg, 'placement'),
    },
    resolve: (_root, { input, ...wait }, ctx) => placeOrder(ctx, input, wait),
  }),
);
