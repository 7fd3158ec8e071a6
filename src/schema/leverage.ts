/** Leverage per symbol and margin mode: `Account.leverage` and `setLeverage`. */
import { LEVERAGE_MAX, LEVERAGE_MIN } from '../contract/constants.ts';
import { LEVERAGE_BODY, LEVERAGE_QUERY } from '../contract/fields-algo.ts';
import { type LeverageModel, loadLeverage, setLeverage } from '../resolvers/leverage.ts';
import { AccountRef } from './account.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { MarginModeEnum } from './enums.ts';
import { result } from './error-types.ts';
import { validateAs } from './field-rules.ts';

builder.objectFields(AccountRef, (t) => ({
  leverage: t.int({
    description:
      'The leverage set for a symbol and margin mode (default CROSS); GET /v1/client/leverage, 1 per second for the whole gateway, cached per account.',
    args: {
      symbol: t.arg.string({ required: true, validate: validateAs(LEVERAGE_QUERY.symbol) }),
      marginMode: t.arg({ type: MarginModeEnum }),
    },
    resolve: (_account, { symbol, marginMode }, ctx) => loadLeverage(ctx, symbol, marginMode),
  }),
}));

const SetLeverageInput = builder.inputType('SetLeverageInput', {
  fields: (t) => ({
    symbol: t.string({ required: true, validate: validateAs(LEVERAGE_BODY.symbol) }),
    leverage: t.int({
      required: true,
      description: `${LEVERAGE_MIN} to ${LEVERAGE_MAX}, and at most the symbol's maximum for the position's notional`,
      validate: validateAs(LEVERAGE_BODY.leverage),
    }),
    marginMode: t.field({ type: MarginModeEnum, description: 'Default CROSS' }),
  }),
});

const SetLeverageSuccess = builder.objectRef<LeverageModel>('SetLeverageSuccess').implement({
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    leverage: t.exposeInt('leverage'),
    marginMode: t.expose('marginMode', { type: MarginModeEnum }),
  }),
});

builder.mutationField('setLeverage', (t) =>
  t.field({
    ...authenticated,
    ...result('SetLeverage'),
    type: SetLeverageSuccess,
    description:
      'Sets the leverage of a symbol in a margin mode (POST /v1/client/leverages, 5 per minute). The upstream refuses one above the symbol’s maximum for the position, or one the margin cannot carry (InputError).',
    args: { input: t.arg({ type: SetLeverageInput, required: true }) },
    resolve: (_root, { input }, ctx) => setLeverage(ctx, input),
  }),
);
