/**
 * What a trading screen lists on the account: `orders` (a Relay connection over
 * GET /v1/orders), `positions` and `balances`.
 */
import type { BalanceModel, PositionModel, PositionsModel } from '../models/portfolio.ts';
import { DEFAULT_PAGE, loadOrdersPage, type OrderFilterArgs } from '../resolvers/order-list.ts';
import { loadBalances, loadPositions } from '../resolvers/portfolio.ts';
import { AccountRef } from './account.ts';
import { builder } from './builder.ts';
import {
  MarginModeEnum,
  OrderSortEnum,
  OrderStatusFilterEnum,
  OrderTypeEnum,
  SideEnum,
} from './enums.ts';
import { OrderRef } from './order.ts';
import { MAX_ORDERS_PAGE, orderFilter, ordersArgs } from './order-rules.ts';

const OrderFilterInput = builder.inputType('OrderFilter', {
  description: 'Query of GET /v1/orders in camelCase; every field optional.',
  fields: (t) => ({
    status: t.field({ type: OrderStatusFilterEnum }),
    symbol: t.string(),
    side: t.field({ type: SideEnum }),
    orderType: t.field({ type: OrderTypeEnum }),
    orderTag: t.string(),
    createdAfter: t.field({ type: 'Timestamp', description: 'Created at or after (start_t)' }),
    createdBefore: t.field({ type: 'Timestamp', description: 'Created at or before (end_t)' }),
    sortBy: t.field({ type: OrderSortEnum, description: 'Default CREATED_TIME_DESC' }),
  }),
  validate: { schema: orderFilter },
});

const OrderConnection = builder.connectionObject({ type: OrderRef, name: 'OrderConnection' });

const PositionSideEnum = builder.enumType('PositionSide', {
  values: ['LONG', 'SHORT', 'FLAT'] as const,
});

export const PositionRef = builder.objectRef<PositionModel>('Position').implement({
  description: 'One position per (symbol, marginMode).',
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    marginMode: t.expose('marginMode', { type: MarginModeEnum }),
    quantity: t.exposeFloat('quantity', { description: 'Signed: negative is short' }),
    side: t.expose('side', { type: PositionSideEnum }),
    costPosition: t.exposeFloat('costPosition'),
    averageOpenPrice: t.exposeFloat('averageOpenPrice'),
    markPrice: t.exposeFloat('markPrice'),
    estLiquidationPrice: t.exposeFloat('estLiquidationPrice', { nullable: true }),
    unsettledPnl: t.exposeFloat('unsettledPnl'),
    pnl24h: t.exposeFloat('pnl24h'),
    fee24h: t.exposeFloat('fee24h'),
    pendingLongQuantity: t.exposeFloat('pendingLongQuantity'),
    pendingShortQuantity: t.exposeFloat('pendingShortQuantity'),
    leverage: t.exposeFloat('leverage'),
    imr: t.exposeFloat('imr', { description: 'Initial margin ratio' }),
    mmr: t.exposeFloat('mmr', { description: 'Maintenance margin ratio' }),
    updatedAt: t.expose('updatedAt', { type: 'Timestamp' }),
  }),
});

const PositionsRef = builder.objectRef<PositionsModel>('Positions').implement({
  description: 'GET /v1/positions: account figures and the open positions.',
  fields: (t) => ({
    freeCollateral: t.exposeFloat('freeCollateral'),
    totalCollateralValue: t.exposeFloat('totalCollateralValue'),
    marginRatio: t.exposeFloat('marginRatio'),
    initialMarginRatio: t.exposeFloat('initialMarginRatio'),
    maintenanceMarginRatio: t.exposeFloat('maintenanceMarginRatio'),
    openMarginRatio: t.exposeFloat('openMarginRatio'),
    totalPnl24h: t.exposeFloat('totalPnl24h'),
    rows: t.expose('rows', { type: [PositionRef] }),
  }),
});

export const BalanceRef = builder.objectRef<BalanceModel>('Balance').implement({
  description: 'One token of GET /v1/client/holding.',
  fields: (t) => ({
    token: t.exposeString('token'),
    holding: t.exposeFloat('holding'),
    frozen: t.exposeFloat('frozen'),
    free: t.exposeFloat('free', { description: 'holding − frozen' }),
    pendingShort: t.exposeFloat('pendingShort'),
    updatedAt: t.expose('updatedAt', { type: 'Timestamp' }),
  }),
});

builder.objectFields(AccountRef, (t) => ({
  orders: t.field({
    type: OrderConnection,
    nullable: true,
    description: `The account's orders, newest first unless sortBy says otherwise. first: 1 to ${MAX_ORDERS_PAGE} (default ${DEFAULT_PAGE}); after: an endCursor of this list.`,
    args: {
      filter: t.arg({ type: OrderFilterInput }),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    validate: { schema: ordersArgs },
    resolve: (_account, { filter, first, after }, ctx) =>
      loadOrdersPage(ctx, filter as OrderFilterArgs | null | undefined, first, after),
  }),
  positions: t.field({
    type: PositionsRef,
    nullable: true,
    description: 'Positions and margin figures (GET /v1/positions, 30 per 10 s).',
    resolve: (_account, _args, ctx) => loadPositions(ctx),
  }),
  balances: t.field({
    type: [BalanceRef],
    nullable: true,
    description: 'Token balances (GET /v1/client/holding); includeZero adds empty ones.',
    args: { includeZero: t.arg.boolean({ defaultValue: false }) },
    resolve: (_account, { includeZero }, ctx) => loadBalances(ctx, includeZero ?? false),
  }),
}));
