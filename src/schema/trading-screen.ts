/**
 * `Subscription.tradingScreen`: one frame per tick of everything a trading screen shows of a
 * symbol — the book, the caller's open and algo orders, positions at the live mark with their
 * risk, balances, the mark and the funding countdown — computed once per account, symbol and
 * depth for all of that account's subscribers on the replica (src/screen).
 */
import { int, SYMBOL } from '../contract/fields.ts';
import type {
  FundingCountdownModel,
  ScreenOrderModel,
  ScreenPositionModel,
  TradingScreenModel,
} from '../models/trading-screen.ts';
import { deliver, tradingScreen } from '../resolvers/trading-screen.ts';
import { AlgoOrderRef } from './algo-order.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { MarginModeEnum, OrderStatusEnum, OrderTypeEnum, SideEnum } from './enums.ts';
import { validateAs } from './field-rules.ts';
import { OrderBookRef } from './market.ts';
import { BalanceRef, PositionSideEnum } from './portfolio.ts';

const DEFAULT_SCREEN_DEPTH = 10;
const MAX_SCREEN_DEPTH = 50;

const ScreenOrderRef = builder.objectRef<ScreenOrderModel>('TradingScreenOrder').implement({
  description: 'An open order of the screen’s symbol, as of the frame.',
  fields: (t) => ({
    orderId: t.expose('orderId', { type: 'BigInt' }),
    clientOrderId: t.exposeString('clientOrderId', { nullable: true }),
    side: t.expose('side', { type: SideEnum }),
    type: t.expose('type', { type: OrderTypeEnum }),
    status: t.expose('status', { type: OrderStatusEnum }),
    price: t.exposeFloat('price', { nullable: true }),
    quantity: t.exposeFloat('quantity', { nullable: true }),
    executedQuantity: t.exposeFloat('executedQuantity'),
    remainingQuantity: t.float({
      nullable: true,
      resolve: (o) =>
        o.quantity === null
          ? null
          : Math.max(0, Number((o.quantity - o.executedQuantity).toFixed(10))),
    }),
    averageExecutedPrice: t.exposeFloat('averageExecutedPrice', { nullable: true }),
    reduceOnly: t.exposeBoolean('reduceOnly'),
    marginMode: t.expose('marginMode', { type: MarginModeEnum, nullable: true }),
    visible: t.exposeBoolean('visible', {
      description: 'false: hidden or iceberg, the public book shows less of it',
    }),
    updatedAt: t.expose('updatedAt', { type: 'Timestamp' }),
  }),
});

const ScreenPositionRef = builder
  .objectRef<ScreenPositionModel>('TradingScreenPosition')
  .implement({
    description:
      'A position of the symbol with its figures at the live mark (docs/risk.md). Cross: the liquidation price is computed from the account’s collateral and other positions; isolated: the upstream’s estimate.',
    fields: (t) => ({
      symbol: t.exposeString('symbol'),
      marginMode: t.expose('marginMode', { type: MarginModeEnum }),
      side: t.expose('side', { type: PositionSideEnum }),
      quantity: t.exposeFloat('quantity', { description: 'Signed: negative is short' }),
      averageOpenPrice: t.exposeFloat('averageOpenPrice'),
      markPrice: t.exposeFloat('markPrice', { description: 'The mark the figures use' }),
      notional: t.exposeFloat('notional', { description: '|quantity × mark|' }),
      unrealizedPnl: t.exposeFloat('unrealizedPnl', {
        description: 'quantity × (mark − averageOpenPrice)',
      }),
      unsettledPnl: t.exposeFloat('unsettledPnl'),
      unrealizedRoi: t.exposeFloat('unrealizedRoi', { description: '0.1 = 10 %' }),
      initialMargin: t.exposeFloat('initialMargin'),
      maintenanceMargin: t.exposeFloat('maintenanceMargin'),
      estLiquidationPrice: t.exposeFloat('estLiquidationPrice', { nullable: true }),
      leverage: t.exposeFloat('leverage'),
      updatedAt: t.expose('updatedAt', { type: 'Timestamp' }),
    }),
  });

const FundingCountdownRef = builder.objectRef<FundingCountdownModel>('FundingCountdown').implement({
  description: 'The running funding estimate and the time to the next settlement.',
  fields: (t) => ({
    estFundingRate: t.exposeFloat('estFundingRate'),
    estimatedAt: t.expose('estimatedAt', { type: 'Timestamp' }),
    nextFundingTime: t.expose('nextFundingTime', { type: 'Timestamp' }),
    fundingInMs: t.exposeFloat('fundingInMs', {
      description: 'nextFundingTime − the frame’s timestamp',
    }),
    fundingPeriodHours: t.exposeInt('fundingPeriodHours'),
  }),
});

const TradingScreenRef = builder.objectRef<TradingScreenModel>('TradingScreen').implement({
  description: 'One frame: the book and the caller’s account for one symbol, as of one moment.',
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    depth: t.exposeInt('depth'),
    sequence: t.exposeInt('sequence', {
      description: 'Frames of this screen so far: every subscriber of it sees the same numbers',
    }),
    timestamp: t.expose('timestamp', { type: 'Timestamp', description: 'When it was computed' }),
    book: t.expose('book', { type: OrderBookRef, description: 'Never crossed' }),
    markPrice: t.exposeFloat('markPrice', { nullable: true }),
    openOrders: t.expose('openOrders', { type: [ScreenOrderRef], description: 'Newest first' }),
    algoOrders: t.expose('algoOrders', {
      type: [AlgoOrderRef],
      description: 'Working algo orders of the symbol, roots with their legs, newest first',
    }),
    positions: t.expose('positions', {
      type: [ScreenPositionRef],
      description: 'Open positions of the symbol (one per margin mode)',
    }),
    balances: t.expose('balances', { type: [BalanceRef] }),
    funding: t.expose('funding', { type: FundingCountdownRef, nullable: true }),
    coherent: t.exposeBoolean('coherent', {
      description:
        'Every resting open order within the levels shown is in the book shown. A frame waits up to a second for the two upstream streams to agree; false: it went out without',
    }),
  }),
});

builder.subscriptionField('tradingScreen', (t) =>
  t.field({
    ...authenticated,
    type: TradingScreenRef,
    description: `A trading screen of the symbol: the book's top \`depth\` levels (1 to ${MAX_SCREEN_DEPTH}), the caller's open and algo orders, positions with live PnL and liquidation price, balances, the mark and the funding countdown, in one coherent frame: the current one at once, then at most 10 a second. Computed once per account, symbol and depth for all of the account's subscribers on the replica.`,
    args: {
      symbol: t.arg.string({ required: true, validate: validateAs(SYMBOL) }),
      depth: t.arg.int({
        defaultValue: DEFAULT_SCREEN_DEPTH,
        validate: validateAs(int({ min: 1, max: MAX_SCREEN_DEPTH })),
      }),
    },
    subscribe: (_root, args, ctx) =>
      tradingScreen(ctx, args.symbol, args.depth ?? DEFAULT_SCREEN_DEPTH),
    resolve: deliver,
  }),
);
