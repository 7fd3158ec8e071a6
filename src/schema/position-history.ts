/**
 * `ClosedPosition` (GET /v1/position_history) and `Account.positionHistory`, a Relay
 * connection newest closed first (src/resolvers/position-history.ts).
 */
import { POSITION_HISTORY_QUERY } from '../contract/fields-history.ts';
import type { ClosedPositionModel } from '../models/account-history.ts';
import { loadPositionHistoryPage } from '../resolvers/position-history.ts';
import { AccountRef } from './account.ts';
import { builder } from './builder.ts';
import { MarginModeEnum } from './enums.ts';
import { validateAs } from './field-rules.ts';
import { historyArgs } from './history-rules.ts';
import { PositionSideEnum } from './portfolio.ts';
import { PAGE_DOC } from './trades.ts';

const ClosedPositionRef = builder.objectRef<ClosedPositionModel>('ClosedPosition').implement({
  description:
    'A position from the fill that opened it to the one (or the liquidation) that closed it.',
  fields: (t) => ({
    positionId: t.exposeString('positionId'),
    status: t.exposeString('status'),
    closeType: t.exposeString('closeType', {
      description: 'How it closed, as the upstream says it (the sandbox: normal, liquidated).',
    }),
    symbol: t.exposeString('symbol'),
    side: t.expose('side', { type: PositionSideEnum }),
    marginMode: t.expose('marginMode', { type: MarginModeEnum, nullable: true }),
    leverage: t.exposeFloat('leverage'),
    averageOpenPrice: t.exposeFloat('averageOpenPrice'),
    averageClosePrice: t.exposeFloat('averageClosePrice'),
    maxQuantity: t.exposeFloat('maxQuantity'),
    closedQuantity: t.exposeFloat('closedQuantity'),
    realizedPnl: t.exposeFloat('realizedPnl'),
    tradingFee: t.exposeFloat('tradingFee'),
    fundingFee: t.exposeFloat('fundingFee', {
      description: 'Funding paid while open (negative: received).',
    }),
    insuranceFundFee: t.exposeFloat('insuranceFundFee'),
    liquidatorFee: t.exposeFloat('liquidatorFee'),
    liquidationId: t.exposeString('liquidationId', { nullable: true }),
    openedAt: t.expose('openedAt', { type: 'Timestamp' }),
    closedAt: t.expose('closedAt', { type: 'Timestamp' }),
    updatedAt: t.expose('updatedAt', { type: 'Timestamp' }),
  }),
});

const PositionHistoryFilterInput = builder.inputType('PositionHistoryFilter', {
  description: 'Query of GET /v1/position_history; every field optional.',
  fields: (t) => ({
    symbol: t.string({ validate: validateAs(POSITION_HISTORY_QUERY.symbol) }),
  }),
});

const ClosedPositionConnection = builder.connectionObject({
  type: ClosedPositionRef,
  name: 'ClosedPositionConnection',
});

builder.objectFields(AccountRef, (t) => ({
  positionHistory: t.field({
    type: ClosedPositionConnection,
    nullable: true,
    description: `The account's closed positions, newest closed first (GET /v1/position_history: the newest 500). ${PAGE_DOC}`,
    args: {
      filter: t.arg({ type: PositionHistoryFilterInput }),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    validate: { schema: historyArgs },
    resolve: (_account, { filter, first, after }, ctx) =>
      loadPositionHistoryPage(ctx, filter, first, after),
  }),
}));
