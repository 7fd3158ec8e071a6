/**
 * Position and Balance: the rows positionUpdates/balanceUpdates deliver (the same shapes the
 * REST reads map to, see ../upstream/stream/map.ts).
 * MERGE NOTE (issue 13): if the positions/balances reads define their own Position and
 * Balance types, keep one definition and map both sources onto it.
 */
import type { BalanceModel, PositionModel } from '../upstream/stream/index.ts';
import { builder } from './builder.ts';
import { MarginModeEnum } from './enums.ts';

export const PositionRef = builder.objectRef<PositionModel>('Position').implement({
  description: 'A position in one symbol and margin mode.',
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    marginMode: t.expose('marginMode', { type: MarginModeEnum }),
    quantity: t.exposeFloat('quantity', { description: 'Signed: negative is short; 0 closed.' }),
    costPosition: t.exposeFloat('costPosition'),
    averageOpenPrice: t.exposeFloat('averageOpenPrice'),
    markPrice: t.exposeFloat('markPrice'),
    estLiqPrice: t.exposeFloat('estLiqPrice', { nullable: true }),
    unsettledPnl: t.exposeFloat('unsettledPnl'),
    pnl24h: t.exposeFloat('pnl24h'),
    fee24h: t.exposeFloat('fee24h'),
    leverage: t.exposeFloat('leverage', { nullable: true }),
    timestamp: t.expose('timestamp', { type: 'Timestamp' }),
  }),
});

export const BalanceRef = builder.objectRef<BalanceModel>('Balance').implement({
  description: 'One token of the account: holding, frozen (by pending orders) and free.',
  fields: (t) => ({
    token: t.exposeString('token'),
    holding: t.exposeFloat('holding'),
    frozen: t.exposeFloat('frozen'),
    free: t.exposeFloat('free', { description: 'holding − frozen' }),
    pendingShort: t.exposeFloat('pendingShort'),
    timestamp: t.expose('timestamp', { type: 'Timestamp' }),
  }),
});
