/** `setDefaultMarginMode`: POST /v1/client/margin_mode, the input as the answer. */
import { MARGIN_MODE_BODY } from '../contract/fields-account.ts';
import type { MarginMode } from '../contract/wire.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { MarginModeEnum } from './enums.ts';
import { mutation } from './error-map.ts';
import { result } from './error-types.ts';
import { validateAs } from './field-rules.ts';
import { requireAccount } from './types.ts';

interface SetDefaultMarginModeArgs {
  symbol: string;
  defaultMarginMode: MarginMode;
}

const SetDefaultMarginModeInput = builder.inputType('SetDefaultMarginModeInput', {
  description: 'Changes only while the account has no position and no pending order in it.',
  fields: (t) => ({
    symbol: t.string({ required: true, validate: validateAs(MARGIN_MODE_BODY.symbol) }),
    // GraphQL itself refuses a value outside the enum: a request error (BAD_USER_INPUT, rule enum).
    defaultMarginMode: t.field({ type: MarginModeEnum, required: true }),
  }),
});

const SetDefaultMarginModeSuccess = builder
  .objectRef<SetDefaultMarginModeArgs>('SetDefaultMarginModeSuccess')
  .implement({
    fields: (t) => ({
      symbol: t.exposeString('symbol'),
      defaultMarginMode: t.expose('defaultMarginMode', { type: MarginModeEnum }),
    }),
  });

builder.mutationField('setDefaultMarginMode', (t) =>
  t.field({
    ...authenticated,
    ...result('SetDefaultMarginMode'),
    type: SetDefaultMarginModeSuccess,
    description: 'Default margin mode of a symbol for orders placed later without marginMode.',
    args: { input: t.arg({ type: SetDefaultMarginModeInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      mutation(async () => {
        const { symbol, defaultMarginMode } = input;
        await requireAccount(ctx).setDefaultMarginMode({
          symbol,
          default_margin_mode: defaultMarginMode,
        });
        return { symbol, defaultMarginMode };
      }),
  }),
);
