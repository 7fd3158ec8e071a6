/**
 * zod schemas of the order lifecycle inputs: cancels, edit, batch placement and the order
 * list. Same field rules as placeOrder (rules.ts); every failure is BAD_USER_INPUT naming the
 * field and the rule, raised before the resolver, so nothing reaches the upstream.
 */
import { z } from 'zod';
import { BATCH_ORDERS_MAX, CANCEL_BATCH_MAX, ORDER_PAGE_SIZE_MAX } from '../contract/constants.ts';
import { ORDER_SORTS, ORDER_STATUS_FILTERS, ORDER_TYPES, SIDES } from '../contract/wire.ts';
import { placeOrderInput } from './input-rules.ts';
import * as r from './rules.ts';

/**
 * `schema` parsed synchronously where @pothos/plugin-zod validates: the plugin calls
 * `parseAsync`, and an asynchronous parse makes zod skip its compiled fast path for objects
 * and run each field through promise-aware code (placeOrder: 3.3 → 2.5 µs per validation in
 * a loop; docs/signing.md § Cost per order). Same checks, the same issues (path below the
 * argument, message, rule) and the same parsed value; a schema with asynchronous checks must
 * not be passed here (zod throws).
 */
export function parsedSynchronously<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((value, ctx): z.output<T> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    // Finished issues (message set) pass through the outer parse as they are, path prefixed.
    for (const issue of result.error.issues) ctx.issues.push(issue as (typeof ctx.issues)[number]);
    return z.NEVER;
  });
}

/** placeOrder's input rules (input-rules.ts), as PlaceOrderInput validates them. */
export const placeOrderInputSync = parsedSynchronously(placeOrderInput);

/** POST /v1/batch-order: 1 to 10 orders; the batch cancels: 1 to 10 ids. */
export const MAX_BATCH = BATCH_ORDERS_MAX;
/** GET /v1/orders `size`: at most 500, default 25. */
export const MAX_ORDERS_PAGE = ORDER_PAGE_SIZE_MAX;

/** An exchange order id: a positive integer. */
export const orderId = z
  .number()
  .refine(Number.isSafeInteger, r.rule('integer', 'must be an integer'))
  .refine((v) => v > 0, r.rule('positive', 'must be greater than 0'));

const exactlyOne = <T>(a: keyof T & string, b: keyof T & string): r.CrossRule<T>[] => [
  {
    path: a,
    rule: 'exactlyOne',
    message: `give exactly one of ${a} and ${b}`,
    broken: (i) => r.given(i[a]) === r.given(i[b]),
  },
];

export const cancelOrderInput = z
  .object({
    symbol: r.symbol,
    orderId: orderId.nullish(),
    clientOrderId: r.clientOrderId.nullish(),
  })
  .superRefine(r.crossRules(exactlyOne('orderId', 'clientOrderId')));

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

export const cancelOrdersInput = z
  .object({
    orderIds: r
      .list(orderId, CANCEL_BATCH_MAX)
      .refine(unique, r.rule('unique', 'must not repeat an id'))
      .nullish(),
    clientOrderIds: r
      .list(r.clientOrderId, CANCEL_BATCH_MAX)
      .refine(unique, r.rule('unique', 'must not repeat an id'))
      .nullish(),
  })
  .superRefine(r.crossRules(exactlyOne('orderIds', 'clientOrderIds')));

/** Arguments of `cancelAllOrders`. */
export const cancelAllOrdersArgs = z.object({ symbol: r.symbol.nullish() });

export const editOrderInput = z
  .object({
    orderId,
    symbol: r.symbol,
    side: z.enum(SIDES),
    orderType: z.enum(ORDER_TYPES),
    orderPrice: r.positive,
    orderQuantity: r.positive,
    clientOrderId: r.clientOrderId.nullish(),
    reduceOnly: z.boolean().nullish(),
    visibleQuantity: r.nonNegative.nullish(),
  })
  .superRefine(
    r.crossRules([
      {
        path: 'visibleQuantity',
        rule: 'notAboveQuantity',
        message: 'must not exceed orderQuantity',
        broken: (i) =>
          r.given(i.visibleQuantity) && (i.visibleQuantity as number) > i.orderQuantity,
      },
      {
        path: 'visibleQuantity',
        rule: 'notForPostOnly',
        message: 'is not supported for POST_ONLY orders',
        broken: (i) => r.given(i.visibleQuantity) && i.orderType === 'POST_ONLY',
      },
    ]),
  );

/**
 * Arguments of `placeOrders`: each item by placeOrder's own schema (issues read
 * `inputs.<index>.<field>`), the count, and the ids that must differ within one batch.
 */
export const placeOrdersArgs = z.object({
  inputs: r.list(placeOrderInput, MAX_BATCH).superRefine((items, ctx) => {
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      const id = item.clientOrderId;
      if (!id) return;
      if (seen.has(id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'clientOrderId'],
          message: `repeats the clientOrderId of inputs.${seen.get(id)}`,
          params: { rule: 'uniqueInBatch' },
        });
      } else seen.set(id, index);
    });
  }),
});

export const orderFilter = z
  .object({
    status: z.enum(ORDER_STATUS_FILTERS).nullish(),
    symbol: r.symbol.nullish(),
    side: z.enum(SIDES).nullish(),
    orderType: z.enum(ORDER_TYPES).nullish(),
    orderTag: r.orderTag.nullish(),
    createdAfter: z.number().nullish(),
    createdBefore: z.number().nullish(),
    sortBy: z.enum(ORDER_SORTS).nullish(),
  })
  .superRefine(
    r.crossRules([
      {
        path: 'createdBefore',
        rule: 'timeOrder',
        message: 'must not be before createdAfter',
        broken: (i) =>
          r.given(i.createdAfter) &&
          r.given(i.createdBefore) &&
          (i.createdBefore as number) < (i.createdAfter as number),
      },
    ]),
  );

/** Arguments of `Account.orders`. */
export const ordersArgs = z.object({
  // Checked by OrderFilter's own schema.
  filter: z.record(z.string(), z.unknown()).nullish(),
  first: r.integerIn(1, MAX_ORDERS_PAGE).nullish(),
  after: z
    .string()
    .refine((v) => v.length <= 64, r.rule('cursor', 'is not a cursor of this list'))
    .nullish(),
});

/** Arguments of `order`: exactly one id. */
export const orderArgs = z
  .object({ clientOrderId: r.clientOrderId.nullish(), orderId: orderId.nullish() })
  .superRefine(r.crossRules(exactlyOne('clientOrderId', 'orderId')));
