/**
 * `Liquidation` (GET /v1/liquidations) and `Account.liquidations`, a Relay connection newest
 * first (src/resolvers/history-page.ts).
 */
import type { LiquidatedPerpModel, LiquidationModel } from '../models/account-history.ts';
import { loadLiquidationsPage } from '../resolvers/liquidations.ts';
import { AccountRef } from './account.ts';
import { builder } from './builder.ts';
import { historyArgs, timeWindowRules } from './history-rules.ts';
import * as rules from './rules.ts';
import { PAGE_DOC } from './trades.ts';

const LiquidatedPerpRef = builder.objectRef<LiquidatedPerpModel>('LiquidatedPerp').implement({
  description: 'One position a liquidation took over.',
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    positionQty: t.exposeFloat('positionQty', { description: 'Signed, as held.' }),
    markPrice: t.exposeFloat('markPrice'),
    transferPrice: t.exposeFloat('transferPrice'),
    costPositionTransfer: t.exposeFloat('costPositionTransfer'),
    liquidatorFee: t.exposeFloat('liquidatorFee'),
    insuranceFundFee: t.exposeFloat('insuranceFundFee'),
  }),
});

const LiquidationRef = builder.objectRef<LiquidationModel>('Liquidation').implement({
  description: 'A liquidation of the account: its figures just before, and what was taken over.',
  fields: (t) => ({
    liquidationId: t.exposeString('liquidationId'),
    timestamp: t.expose('timestamp', { type: 'Timestamp' }),
    transferAmountToInsuranceFund: t.exposeFloat('transferAmountToInsuranceFund'),
    marginRatio: t.exposeFloat('marginRatio'),
    accountMmr: t.exposeFloat('accountMmr'),
    positionNotional: t.exposeFloat('positionNotional'),
    collateralValue: t.exposeFloat('collateralValue'),
    positions: t.expose('positions', { type: [LiquidatedPerpRef] }),
  }),
});

const LiquidationFilterInput = builder.inputType('LiquidationFilter', {
  description: 'Query of GET /v1/liquidations; every field optional.',
  fields: (t) => ({
    from: t.field({ type: 'Timestamp', description: 'Liquidated at or after (start_t)' }),
    to: t.field({ type: 'Timestamp', description: 'Liquidated at or before (end_t)' }),
  }),
  validate: { refine: rules.refinements(timeWindowRules) },
});

const LiquidationConnection = builder.connectionObject({
  type: LiquidationRef,
  name: 'LiquidationConnection',
});

builder.objectFields(AccountRef, (t) => ({
  liquidations: t.field({
    type: LiquidationConnection,
    nullable: true,
    description: `The account's liquidations, newest first (GET /v1/liquidations). ${PAGE_DOC}`,
    args: {
      filter: t.arg({ type: LiquidationFilterInput }),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    validate: { schema: historyArgs },
    resolve: (_account, { filter, first, after }, ctx) =>
      loadLiquidationsPage(ctx, filter, first, after),
  }),
}));
