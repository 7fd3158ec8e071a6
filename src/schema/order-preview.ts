/**
 * `orderPreview(input: PlaceOrderInput!)`: every check placeOrder makes, reported instead of
 * refused, plus the account's maximum quantity, and the order's cost; nothing is sent
 * upstream (docs/risk.md). The input rules run here, with the schema placeOrder's argument
 * validates with (place-order-rules.ts), so the two cannot disagree.
 */
import { type OrderPreviewModel, orderPreview } from '../resolvers/order-preview.ts';
import { builder } from './builder.ts';
import { InputIssueRef } from './error-types.ts';
import { PlaceOrderInput } from './order.ts';
import { placeOrderIssues } from './place-order-rules.ts';

const nullableFloat = { nullable: true } as const;

const OrderPreviewRef = builder.objectRef<OrderPreviewModel>('OrderPreview').implement({
  description:
    'What placeOrder would say of an order and what it would cost. Figures are null when the issues leave nothing to compute them from; margin, liquidation price and maxQuantity are for cross margin (null for ISOLATED).',
  fields: (t) => ({
    issues: t.expose('issues', {
      type: [InputIssueRef],
      description:
        "Every input rule and symbol rule placeOrder checks, and maxQuantity (placeOrder leaves that to the upstream). Empty: placeOrder's own checks would pass.",
    }),
    maxQuantity: t.exposeFloat('maxQuantity', {
      ...nullableFloat,
      description: 'Account.maxOrderQuantity for this symbol, side and reduceOnly',
    }),
    notional: t.exposeFloat('notional', {
      ...nullableFloat,
      description: '|quantity × price|, at the mark for MARKET, BID and ASK; or orderAmount',
    }),
    estimatedFee: t.exposeFloat('estimatedFee', {
      ...nullableFloat,
      description:
        "notional × the account's futures maker rate if the order would rest (POST_ONLY, a LIMIT not crossing the mark), else its taker rate",
    }),
    initialMargin: t.exposeFloat('initialMargin', {
      ...nullableFloat,
      description: "What the symbol's cross initial margin (open orders included) grows by",
    }),
    estLiquidationPrice: t.exposeFloat('estLiquidationPrice', {
      ...nullableFloat,
      description: "The position's estimated liquidation price once the order fills",
    }),
  }),
});

builder.queryField('orderPreview', (t) =>
  t.field({
    type: OrderPreviewRef,
    nullable: true,
    description:
      'Checks an order as placeOrder would and estimates it, collecting every issue instead of refusing at the first; places nothing.',
    authScopes: { authenticated: true },
    // No rules on the argument: they run in the resolver, so they are reported, not thrown.
    args: { input: t.arg({ type: PlaceOrderInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      orderPreview(ctx, input, placeOrderIssues(input, ['input'])),
  }),
);
