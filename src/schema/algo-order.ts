/**
 * `AlgoOrder` (a root with its legs in `childOrders`) and `Account.algoOrders`, a Relay
 * connection over GET /v1/algo/orders (paging in src/resolvers/offset-page.ts).
 */
import { LIST_ALGO_ORDERS_QUERY } from '../contract/fields-algo.ts';
import type { AlgoOrderModel } from '../models/algo-order.ts';
import { ALGO_PAGE_DEFAULT, ALGO_PAGE_MAX, loadAlgoOrdersPage } from '../resolvers/algo-order.ts';
import { AccountRef } from './account.ts';
import {
  AlgoLegOrderTypeEnum,
  AlgoOrderKindEnum,
  AlgoStatusEnum,
  AlgoStatusFilterEnum,
  AlgoTypeEnum,
} from './algo-enums.ts';
import { algoOrderFilterRules, algoOrdersArgs } from './algo-rules.ts';
import { builder } from './builder.ts';
import { MarginModeEnum, SideEnum } from './enums.ts';
import { validateAs } from './field-rules.ts';
import * as rules from './rules.ts';

export const AlgoOrderRef = builder.objectRef<AlgoOrderModel>('AlgoOrder');

AlgoOrderRef.implement({
  description:
    'An algorithmic order: it waits for the mark price to cross triggerPrice, then places an order. A TP/SL or bracket root holds its legs in childOrders.',
  fields: (t) => ({
    algoOrderId: t.expose('algoOrderId', { type: 'BigInt' }),
    clientOrderId: t.exposeString('clientOrderId', { nullable: true }),
    rootAlgoOrderId: t.expose('rootAlgoOrderId', { type: 'BigInt' }),
    parentAlgoOrderId: t.expose('parentAlgoOrderId', { type: 'BigInt', description: '0: a root' }),
    symbol: t.exposeString('symbol'),
    algoType: t.expose('algoType', { type: AlgoOrderKindEnum }),
    side: t.expose('side', { type: SideEnum, nullable: true, description: 'null on TP/SL roots' }),
    type: t.expose('type', { type: AlgoLegOrderTypeEnum, nullable: true }),
    quantity: t.exposeFloat('quantity', {
      description: 'A full-position TP/SL follows the position: its size when placed or resized.',
    }),
    triggerPrice: t.exposeFloat('triggerPrice', { nullable: true, description: 'On the mark' }),
    price: t.exposeFloat('price', { nullable: true, description: 'LIMIT orders only' }),
    status: t.expose('status', { type: AlgoStatusEnum }),
    isTriggered: t.exposeBoolean('isTriggered'),
    isActivated: t.exposeBoolean('isActivated', { description: 'false: a leg switched off' }),
    reduceOnly: t.exposeBoolean('reduceOnly'),
    marginMode: t.expose('marginMode', { type: MarginModeEnum, nullable: true }),
    executedQuantity: t.exposeFloat('executedQuantity'),
    averageExecutedPrice: t.exposeFloat('averageExecutedPrice', { nullable: true }),
    realizedPnl: t.exposeFloat('realizedPnl'),
    triggerTime: t.expose('triggerTime', { type: 'Timestamp', nullable: true }),
    callbackRate: t.exposeFloat('callbackRate', { nullable: true, description: '0.1 = 10 %' }),
    callbackValue: t.exposeFloat('callbackValue', { nullable: true }),
    activatedPrice: t.exposeFloat('activatedPrice', { nullable: true }),
    extremePrice: t.exposeFloat('extremePrice', {
      nullable: true,
      description: 'TRAILING_STOP: the best mark since it activated',
    }),
    childOrders: t.expose('childOrders', { type: [AlgoOrderRef] }),
    createdAt: t.expose('createdAt', { type: 'Timestamp' }),
    updatedAt: t.expose('updatedAt', { type: 'Timestamp' }),
  }),
});

const AlgoOrderFilterInput = builder.inputType('AlgoOrderFilter', {
  description: 'Query of GET /v1/algo/orders in camelCase; every field optional.',
  fields: (t) => ({
    symbol: t.string({ validate: validateAs(LIST_ALGO_ORDERS_QUERY.symbol) }),
    algoType: t.field({ type: AlgoTypeEnum }),
    status: t.field({ type: AlgoStatusFilterEnum }),
    side: t.field({ type: SideEnum }),
    isTriggered: t.boolean(),
    createdAfter: t.field({ type: 'Timestamp', description: 'Created at or after (start_t)' }),
    createdBefore: t.field({ type: 'Timestamp', description: 'Created at or before (end_t)' }),
  }),
  validate: { refine: rules.refinements(algoOrderFilterRules) },
});

const AlgoOrderConnection = builder.connectionObject({
  type: AlgoOrderRef,
  name: 'AlgoOrderConnection',
});

builder.objectFields(AccountRef, (t) => ({
  algoOrders: t.field({
    type: AlgoOrderConnection,
    nullable: true,
    description: `The account's algo orders (roots, legs in childOrders), in the upstream's order. first: 1 to ${ALGO_PAGE_MAX} (default ${ALGO_PAGE_DEFAULT}); after: an endCursor of this list.`,
    args: {
      filter: t.arg({ type: AlgoOrderFilterInput }),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    validate: { schema: algoOrdersArgs },
    resolve: (_account, { filter, first, after }, ctx) =>
      loadAlgoOrdersPage(ctx, filter, first, after),
  }),
}));
