/**
 * `PnlSettlement` (GET /v1/pnl_settlement/history) and `Account.pnlSettlements`, a Relay
 * connection newest first (src/resolvers/history-page.ts).
 */
import type { PnlSettlementModel } from '../models/account-history.ts';
import { loadPnlSettlementsPage } from '../resolvers/pnl-settlements.ts';
import { AccountRef, SymbolValueRef } from './account.ts';
import { builder } from './builder.ts';
import { historyArgs, timeWindowRules } from './history-rules.ts';
import * as rules from './rules.ts';
import { PAGE_DOC } from './trades.ts';

const PnlSettlementRef = builder.objectRef<PnlSettlementModel>('PnlSettlement').implement({
  description: 'Realized PnL moved into the balance.',
  fields: (t) => ({
    id: t.exposeString('id'),
    oldBalance: t.exposeFloat('oldBalance'),
    newBalance: t.exposeFloat('newBalance'),
    settledAmount: t.exposeFloat('settledAmount'),
    status: t.exposeString('status'),
    requestedTime: t.expose('requestedTime', { type: 'Timestamp' }),
    settledTime: t.expose('settledTime', { type: 'Timestamp' }),
    symbols: t.field({
      type: [SymbolValueRef],
      description: 'The amount settled per symbol, sorted by symbol.',
      resolve: (s) =>
        s.symbols
          .map((x) => ({ symbol: x.symbol, value: x.settledAmount }))
          .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)),
    }),
  }),
});

const PnlSettlementFilterInput = builder.inputType('PnlSettlementFilter', {
  description: 'Query of GET /v1/pnl_settlement/history; every field optional.',
  fields: (t) => ({
    from: t.field({ type: 'Timestamp', description: 'Requested at or after (start_t)' }),
    to: t.field({ type: 'Timestamp', description: 'Requested at or before (end_t)' }),
  }),
  validate: { refine: rules.refinements(timeWindowRules) },
});

const PnlSettlementConnection = builder.connectionObject({
  type: PnlSettlementRef,
  name: 'PnlSettlementConnection',
});

builder.objectFields(AccountRef, (t) => ({
  pnlSettlements: t.field({
    type: PnlSettlementConnection,
    nullable: true,
    description: `The account's PnL settlements, newest first (GET /v1/pnl_settlement/history). ${PAGE_DOC}`,
    args: {
      filter: t.arg({ type: PnlSettlementFilterInput }),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    validate: { schema: historyArgs },
    resolve: (_account, { filter, first, after }, ctx) =>
      loadPnlSettlementsPage(ctx, filter, first, after),
  }),
}));
