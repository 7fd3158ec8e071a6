/**
 * closePosition: a position closed in one mutation — its TP/SL orders cancelled, a
 * reduce-only MARKET order for all of it, and the answer once the private stream shows it
 * flat, with the fills.
 */
import { SYMBOL } from '../contract/fields.ts';
import { type ClosedModel, closePosition } from '../resolvers/close-position.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { result } from './error-types.ts';
import { validateAs } from './field-rules.ts';
import { FillRef, OrderUpdateRef } from './live.ts';
import { timeoutArg } from './order-wait.ts';

const ClosePositionInput = builder.inputType('ClosePositionInput', {
  fields: (t) => ({
    symbol: t.string({
      required: true,
      description: 'PERP_<BASE>_<QUOTE>: its position in every margin mode is closed',
      validate: validateAs(SYMBOL),
    }),
  }),
});

const ClosePositionSuccess = builder.objectRef<ClosedModel>('ClosePositionSuccess').implement({
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    flat: t.exposeBoolean('flat', {
      description: 'The private stream showed every position of the symbol that was open at 0.',
    }),
    timedOut: t.exposeBoolean('timedOut', {
      description:
        'waitTimeoutMs (or the operation’s deadline) passed before the position was flat, the closing orders final and the TP/SLs ended: the fields say how far it got.',
    }),
    orders: t.expose('orders', {
      type: [OrderUpdateRef],
      description:
        'The reduce-only MARKET orders sent (one per margin mode holding a position), as the stream last showed them.',
    }),
    fills: t.expose('fills', { type: [FillRef], description: 'Their fills, in order.' }),
    cancelledAlgoOrderIds: t.expose('cancelledAlgoOrderIds', {
      type: ['BigInt'],
      description: 'The TP/SL orders (TP_SL, POSITIONAL_TP_SL roots) cancelled first.',
    }),
  }),
});

builder.mutationField('closePosition', (t) =>
  t.field({
    ...authenticated,
    ...result('ClosePosition'),
    type: ClosePositionSuccess,
    description:
      'Closes the position in a symbol: cancels its TP/SL orders (DELETE /v1/algo/orders), sends a reduce-only MARKET order for all of it in each margin mode (POST /v1/order), and answers once the private stream shows it flat, with the fills. No position: InputError noPosition, nothing sent. Send an Idempotency-Key: a repeat answers this answer and sends nothing.',
    args: {
      input: t.arg({ type: ClosePositionInput, required: true }),
      waitTimeoutMs: timeoutArg(t.arg, 'Past it the answer says how far the close got.'),
    },
    resolve: (_root, { input, waitTimeoutMs }, ctx) => closePosition(ctx, input, waitTimeoutMs),
  }),
);
