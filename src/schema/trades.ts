/**
 * `Trade` (one fill of the account, GET /v1/trades) and `Account.trades`, a Relay connection
 * newest first whose cursors survive new fills (src/resolvers/history-page.ts).
 */
import { TRADES_QUERY } from '../contract/fields-history.ts';
import type { TradeModel } from '../models/trade.ts';
import { loadTradesPage } from '../resolvers/trades.ts';
import { AccountRef } from './account.ts';
import { builder } from './builder.ts';
import { MarginModeEnum, SideEnum } from './enums.ts';
import { validateAs } from './field-rules.ts';
import { historyArgs, timeWindowRules } from './history-rules.ts';
import * as rules from './rules.ts';

export const PAGE_DOC =
  'first: 1 to 500 (default 25); after: an endCursor of this list (rows added since never shift it).';

const TradeRef = builder.objectRef<TradeModel>('Trade').implement({
  description: 'One fill of one of the account’s orders.',
  fields: (t) => ({
    tradeId: t.exposeString('tradeId'),
    orderId: t.expose('orderId', { type: 'BigInt' }),
    symbol: t.exposeString('symbol'),
    side: t.expose('side', { type: SideEnum }),
    price: t.exposeFloat('price'),
    quantity: t.exposeFloat('quantity'),
    fee: t.exposeFloat('fee'),
    feeAsset: t.exposeString('feeAsset'),
    isMaker: t.exposeBoolean('isMaker', { description: 'The order was resting (maker).' }),
    realizedPnl: t.exposeFloat('realizedPnl', { description: 'PnL this fill realized.' }),
    matchId: t.exposeString('matchId'),
    marginMode: t.expose('marginMode', { type: MarginModeEnum, nullable: true }),
    executedAt: t.expose('executedAt', { type: 'Timestamp' }),
    orderTagFee: t.exposeFloat('orderTagFee', {
      nullable: true,
      description: 'The order tag’s part of fee (order_enum_fee).',
    }),
    orderTagFeeRate: t.exposeFloat('orderTagFeeRate', { nullable: true }),
  }),
});

const TradeFilterInput = builder.inputType('TradeFilter', {
  description: 'Query of GET /v1/trades; every field optional.',
  fields: (t) => ({
    symbol: t.string({ validate: validateAs(TRADES_QUERY.symbol) }),
    from: t.field({ type: 'Timestamp', description: 'Executed at or after (start_t)' }),
    to: t.field({ type: 'Timestamp', description: 'Executed at or before (end_t)' }),
  }),
  validate: { refine: rules.refinements(timeWindowRules) },
});

const TradeConnection = builder.connectionObject({ type: TradeRef, name: 'TradeConnection' });

builder.objectFields(AccountRef, (t) => ({
  trades: t.field({
    type: TradeConnection,
    nullable: true,
    description: `The account's fills, newest first (GET /v1/trades; totalCount: at most the 500 newest at or after the cursor). ${PAGE_DOC}`,
    args: {
      filter: t.arg({ type: TradeFilterInput }),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    validate: { schema: historyArgs },
    resolve: (_account, { filter, first, after }, ctx) => loadTradesPage(ctx, filter, first, after),
  }),
}));
