/** `Account.maxOrderQuantity` (docs/risk.md): the risk maths' largest order, server-side. */
import { ORDER_BODY } from '../contract/fields-orders.ts';
import { loadMaxOrderQuantity } from '../resolvers/max-order-quantity.ts';
import { AccountRef } from './account.ts';
import { builder } from './builder.ts';
import { SideEnum } from './enums.ts';
import { validateAs } from './field-rules.ts';

builder.objectFields(AccountRef, (t) => ({
  maxOrderQuantity: t.float({
    description:
      "The largest quantity of a cross-margin order the account may place now in the symbol and side: the risk formulas' maximum (docs/risk.md) from its positions, open orders, USDC holding, leverage and the mark, rounded down to the symbol's baseTick (0 when below baseMin). reduceOnly: at most the position's size on the closing side.",
    args: {
      symbol: t.arg.string({ required: true, validate: validateAs(ORDER_BODY.symbol) }),
      side: t.arg({ type: SideEnum, required: true }),
      reduceOnly: t.arg.boolean({ defaultValue: false }),
    },
    resolve: (_account, args, ctx) => loadMaxOrderQuantity(ctx, args),
  }),
}));
