/**
 * What a trading screen reads of the account besides its orders (order-list.ts):
 * `positions` (GET /v1/positions) and `balances` (GET /v1/client/holding).
 */
import {
  type BalanceModel,
  balanceFromRest,
  type PositionModel,
  type PositionsModel,
} from '../models/portfolio.ts';
import { positions } from '../resolvers/portfolio.ts';
import { AccountRef } from './account.ts';
import { builder } from './builder.ts';
import { MarginModeEnum } from './enums.ts';
import { orThrowCoded } from './error-map.ts';
import { requireAccount } from './types.ts';

export const PositionSideEnum = builder.enumType('PositionSide', {
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
    markPrice: t.exposeFloat('markPrice', {
      description:
        'The mark the row was read at; in a positionUpdates event, the mark its figures use (a query computes them at the live mark now)',
    }),
    unsettledPnl: t.exposeFloat('unsettledPnl', { description: 'At `markPrice`' }),
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

export const PositionsRef = builder.objectRef<PositionsModel>('Positions').implement({
  description: 'GET /v1/positions: account figures and the open positions.',
  fields: (t) => ({
    totalCollateralValue: t.exposeFloat('totalCollateralValue', {
      description: "The upstream's own figure (`total_collateral_value`); see totalCollateral",
    }),
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
  positions: t.field({
    type: PositionsRef,
    nullable: true,
    description: 'Positions and margin figures (GET /v1/positions, 30 per 10 s).',
    resolve: (_account, _args, ctx) => positions(ctx),
  }),
  balances: t.field({
    type: [BalanceRef],
    nullable: true,
    description: 'Token balances (GET /v1/client/holding); includeZero adds empty ones.',
    args: { includeZero: t.arg.boolean({ defaultValue: false }) },
    resolve: (_account, { includeZero }, ctx) =>
      orThrowCoded(async () => {
        const { holding } = await requireAccount(ctx).holdings({ all: includeZero ?? false });
        return holding.map(balanceFromRest);
      }),
  }),
}));
