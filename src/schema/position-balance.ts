/**
 * Position and Balance as positionUpdates/balanceUpdates deliver them.
 * MERGE NOTE: a stand-in identical to the order-lifecycle work's Position and Balance
 * (src/schema/portfolio.ts there, same fields and models): when that lands, delete this file
 * and import its PositionRef/BalanceRef in live.ts (export them there).
 */
import type { BalanceModel, PositionModel } from '../upstream/stream/index.ts';
import { builder } from './builder.ts';
import { MarginModeEnum } from './enums.ts';

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

export const BalanceRef = builder.objectRef<BalanceModel>('Balance').implement({
  description: 'One token of the account.',
  fields: (t) => ({
    token: t.exposeString('token'),
    holding: t.exposeFloat('holding'),
    frozen: t.exposeFloat('frozen'),
    free: t.exposeFloat('free', { description: 'holding − frozen' }),
    pendingShort: t.exposeFloat('pendingShort'),
    updatedAt: t.expose('updatedAt', { type: 'Timestamp' }),
  }),
});
