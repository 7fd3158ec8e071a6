/**
 * Live updates: the Subscription type. Private subscriptions follow the caller's account
 * (any authenticated caller); ticker, tickers and maintenanceStatus are public. Served over
 * SSE and graphql-ws on /graphql (see ../live.ts).
 */

import { SYMBOL } from '../contract/fields.ts';
import { FINAL_ORDER_STATUSES } from '../contract/wire.ts';
import {
  accountEvents,
  balanceUpdates,
  deliver,
  eventCursor,
  maintenanceNow,
  maintenanceStatus,
  orderUpdates,
  positionUpdates,
  requiredCursor,
  ticker,
  tickers,
} from '../resolvers/live.ts';
import {
  type AccountEventModel,
  type FillModel,
  type LiquidatedPositionModel,
  type LiquidationEventModel,
  type MaintenanceStatusModel,
  type OrderUpdateModel,
  type TickerModel,
  WALLET_SIDES,
  WALLET_STATUSES,
  type WithdrawalStatusEventModel,
} from '../upstream/stream/index.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { MarginModeEnum, OrderStatusEnum, OrderTypeEnum, SideEnum } from './enums.ts';
import { validateAs } from './field-rules.ts';
import { CURSOR_FIELD, resumeFromArg } from './live-cursor.ts';
import { BalanceRef, PositionRef } from './portfolio.ts';

builder.subscriptionType({
  description:
    'Live updates over SSE (Accept: text/event-stream) or graphql-ws on /graphql. A subscriber that falls too far behind is ended with RATE_LIMITED (reason SLOW_CONSUMER).',
});

export const FillRef = builder.objectRef<FillModel>('Fill').implement({
  description: 'One execution of an order.',
  fields: (t) => ({
    price: t.exposeFloat('price'),
    quantity: t.exposeFloat('quantity'),
    fee: t.exposeFloat('fee'),
    feeAsset: t.exposeString('feeAsset'),
    tradeId: t.exposeString('tradeId'),
    isMaker: t.exposeBoolean('isMaker', {
      nullable: true,
      description:
        'The order was resting (maker); null on a pushed fill (the stream does not say).',
    }),
    realizedPnl: t.exposeFloat('realizedPnl', {
      nullable: true,
      description: 'PnL this fill realized; null on a pushed fill (the stream does not say).',
    }),
  }),
});

export const UpdateSourceEnum = builder.enumType('UpdateSource', {
  description: 'STREAM: pushed by the upstream; RESYNC: found by the re-read after a reconnect.',
  values: { STREAM: { value: 'stream' }, RESYNC: { value: 'resync' } } as const,
});

export const OrderUpdateRef = builder.objectRef<OrderUpdateModel>('OrderUpdate').implement({
  description: "A change of one of the caller's orders; `fill` is set when the change is a fill.",
  fields: (t) => ({
    orderId: t.expose('orderId', { type: 'BigInt' }),
    clientOrderId: t.exposeString('clientOrderId', { nullable: true }),
    symbol: t.exposeString('symbol'),
    side: t.expose('side', { type: SideEnum }),
    type: t.expose('type', { type: OrderTypeEnum }),
    status: t.expose('status', { type: OrderStatusEnum }),
    isFinal: t.boolean({
      description: 'FILLED, CANCELLED or REJECTED',
      resolve: (o) => FINAL_ORDER_STATUSES.includes(o.status),
    }),
    price: t.exposeFloat('price', { nullable: true }),
    quantity: t.exposeFloat('quantity', { nullable: true }),
    executedQuantity: t.exposeFloat('executedQuantity', { description: 'In total so far.' }),
    avgPrice: t.exposeFloat('avgPrice', { nullable: true }),
    reason: t.exposeString('reason', { nullable: true }),
    timestamp: t.expose('timestamp', { type: 'Timestamp' }),
    marginMode: t.expose('marginMode', { type: MarginModeEnum, nullable: true }),
    reduceOnly: t.exposeBoolean('reduceOnly', { nullable: true }),
    fill: t.expose('fill', { type: FillRef, nullable: true }),
    source: t.expose('source', { type: UpdateSourceEnum }),
    cursor: t.string({
      nullable: true,
      description: `${CURSOR_FIELD.description} Always set in orderUpdates; null in a mutation's outcome.`,
      resolve: (_o, _a, _c, info) => eventCursor(info),
    }),
  }),
});

const LiquidatedPositionRef = builder
  .objectRef<LiquidatedPositionModel>('LiquidatedPosition')
  .implement({
    fields: (t) => ({
      symbol: t.exposeString('symbol'),
      positionQty: t.exposeFloat('positionQty'),
      transferPrice: t.exposeFloat('transferPrice'),
      liquidatorFee: t.exposeFloat('liquidatorFee'),
      marginMode: t.expose('marginMode', { type: MarginModeEnum, nullable: true }),
    }),
  });

const LiquidationEventRef = builder.objectRef<LiquidationEventModel>('LiquidationEvent').implement({
  description: 'Positions of the account were liquidated.',
  fields: (t) => ({
    liquidationId: t.exposeString('liquidationId'),
    timestamp: t.expose('timestamp', { type: 'Timestamp' }),
    positions: t.expose('positions', { type: [LiquidatedPositionRef] }),
    cursor: t.string({ ...CURSOR_FIELD, resolve: (_o, _a, _c, info) => requiredCursor(info) }),
  }),
});

export const WithdrawalStatusEnum = builder.enumType('WithdrawalStatus', {
  values: WALLET_STATUSES,
});
export const WalletSideEnum = builder.enumType('WalletSide', { values: WALLET_SIDES });

const WithdrawalStatusEventRef = builder
  .objectRef<WithdrawalStatusEventModel>('WithdrawalStatusEvent')
  .implement({
    description: 'A deposit or withdrawal changed status (internal transfers included).',
    fields: (t) => ({
      id: t.exposeString('id'),
      side: t.expose('side', { type: WalletSideEnum }),
      token: t.exposeString('token'),
      amount: t.exposeFloat('amount'),
      fee: t.exposeFloat('fee'),
      status: t.expose('status', { type: WithdrawalStatusEnum }),
      createdTime: t.expose('createdTime', { type: 'Timestamp' }),
      updatedTime: t.expose('updatedTime', { type: 'Timestamp' }),
      cursor: t.string({ ...CURSOR_FIELD, resolve: (_o, _a, _c, info) => requiredCursor(info) }),
    }),
  });

const AccountEventRef = builder.unionType('AccountEvent', {
  types: [LiquidationEventRef, WithdrawalStatusEventRef],
  resolveType: (event: AccountEventModel) =>
    event.kind === 'liquidation' ? 'LiquidationEvent' : 'WithdrawalStatusEvent',
});

const TickerRef = builder.objectRef<TickerModel>('Ticker').implement({
  description: "A symbol's last 24 hours at the configured broker.",
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    open: t.exposeFloat('open'),
    close: t.exposeFloat('close'),
    high: t.exposeFloat('high'),
    low: t.exposeFloat('low'),
    volume: t.exposeFloat('volume', { description: 'Base quantity traded.' }),
    amount: t.exposeFloat('amount', { description: 'Quote amount traded.' }),
    count: t.exposeInt('count', { description: 'Trades.' }),
  }),
});

const MaintenanceStatusRef = builder
  .objectRef<MaintenanceStatusModel>('MaintenanceStatus')
  .implement({
    description: 'The upstream system status; times are set when a maintenance is planned.',
    fields: (t) => ({
      underMaintenance: t.exposeBoolean('underMaintenance'),
      code: t.exposeInt('code', { description: '0 normal, 2 maintenance (the wire code).' }),
      startTime: t.expose('startTime', { type: 'Timestamp', nullable: true }),
      endTime: t.expose('endTime', { type: 'Timestamp', nullable: true }),
    }),
  });

builder.subscriptionFields((t) => ({
  orderUpdates: t.field({
    ...authenticated,
    type: OrderUpdateRef,
    description: "The caller's order changes (placed, fills, cancels, edits, rejections).",
    args: {
      symbol: t.arg.string({ validate: validateAs(SYMBOL) }),
      resumeFrom: resumeFromArg(t),
    },
    subscribe: (_root, args, ctx) => orderUpdates(ctx, args.symbol, args.resumeFrom),
    resolve: (event) => deliver(event).order,
  }),
  positionUpdates: t.field({
    ...authenticated,
    type: [PositionRef],
    description: "The caller's positions that changed (a resume's RESYNC snapshot: all of them).",
    args: { resumeFrom: resumeFromArg(t) },
    subscribe: (_root, args, ctx) => positionUpdates(ctx, args.resumeFrom),
    resolve: deliver,
  }),
  balanceUpdates: t.field({
    ...authenticated,
    type: [BalanceRef],
    description: "The caller's balances that changed (a resume's RESYNC snapshot: all of them).",
    args: { resumeFrom: resumeFromArg(t) },
    subscribe: (_root, args, ctx) => balanceUpdates(ctx, args.resumeFrom),
    resolve: (event) => deliver(event).balances,
  }),
  accountEvents: t.field({
    ...authenticated,
    type: AccountEventRef,
    description:
      'Liquidations and deposit/withdrawal status changes of the caller’s account (a resume replays them from the log; there is no snapshot of them).',
    args: { resumeFrom: resumeFromArg(t) },
    subscribe: (_root, args, ctx) => accountEvents(ctx, args.resumeFrom),
    resolve: (event) => deliver(event).event,
  }),
  ticker: t.field({
    type: TickerRef,
    description: "One symbol's 24-hour ticker at the configured broker, about every second.",
    args: { symbol: t.arg.string({ required: true, validate: validateAs(SYMBOL) }) },
    subscribe: (_root, args, ctx) => ticker(ctx, args.symbol),
    resolve: deliver,
  }),
  tickers: t.field({
    type: [TickerRef],
    description: "Every symbol's 24-hour ticker at the configured broker, about every second.",
    subscribe: (_root, _args, ctx) => tickers(ctx),
    resolve: deliver,
  }),
  maintenanceStatus: t.field({
    type: MaintenanceStatusRef,
    description: 'The current status first (once known), then every change.',
    subscribe: (_root, _args, ctx) => maintenanceStatus(ctx),
    resolve: deliver,
  }),
}));

builder.queryFields((t) => ({
  maintenanceStatus: t.field({
    type: MaintenanceStatusRef,
    description:
      'The upstream system status now (what the maintenanceStatus subscription starts with), for a page that loads.',
    resolve: (_root, _args, ctx) => maintenanceNow(ctx),
  }),
}));
