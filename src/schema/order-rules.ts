/**
 * Rules of the order lifecycle inputs beyond their fields' own (field-rules.ts): which ids go
 * together, edit's visible quantity, distinct clientOrderIds in one batch, the created-time
 * range, and the gateway's list cursor. Every failure is an input failure (validation.ts)
 * naming the field and the rule, raised before the resolver, so nothing reaches the upstream.
 */
import { z } from 'zod';
import { BATCH_ORDERS_MAX, ORDER_PAGE_SIZE_MAX } from '../contract/constants.ts';
import * as r from './rules.ts';

/** POST /v1/batch-order: 1 to 10 orders; the batch cancels: 1 to 10 ids. */
export const MAX_BATCH = BATCH_ORDERS_MAX;
/** GET /v1/orders `size`: at most 500, default 25. */
export const MAX_ORDERS_PAGE = ORDER_PAGE_SIZE_MAX;

const exactlyOne = <T>(a: keyof T & string, b: keyof T & string): r.CrossRule<T>[] => [
  {
    path: a,
    rule: 'exactlyOne',
    message: `give exactly one of ${a} and ${b}`,
    broken: (i) => r.given(i[a]) === r.given(i[b]),
  },
];

/** Cross-field rule of `CancelOrderInput` (its fields carry their own rules). */
export const cancelOrderRules = exactlyOne<{ orderId?: unknown; clientOrderId?: unknown }>(
  'orderId',
  'clientOrderId',
);

/** Cross-field rule of `CancelOrdersInput`. */
export const cancelOrdersRules = exactlyOne<{ orderIds?: unknown; clientOrderIds?: unknown }>(
  'orderIds',
  'clientOrderIds',
);

/** Cross-field rules of `EditOrderInput` (its fields carry their own rules). */
export const editOrderRules: r.CrossRule<{
  orderType?: unknown;
  orderQuantity?: unknown;
  visibleQuantity?: unknown;
}>[] = [
  {
    path: 'visibleQuantity',
    rule: 'notAboveQuantity',
    message: 'must not exceed orderQuantity',
    broken: (i) =>
      r.given(i.visibleQuantity) && (i.visibleQuantity as number) > (i.orderQuantity as number),
  },
  {
    path: 'visibleQuantity',
    rule: 'notForPostOnly',
    message: 'is not supported for POST_ONLY orders',
    broken: (i) => r.given(i.visibleQuantity) && i.orderType === 'POST_ONLY',
  },
];

type Item = { clientOrderId?: string | null };
/** The index of the first item carrying `id`. */
const firstWith = (items: readonly Item[], id: string) =>
  items.findIndex((item) => item.clientOrderId === id);

/**
 * `placeOrders(inputs:)`: no clientOrderId twice in one batch. One refinement per index (the
 * plugin's refinements cannot choose their path), each pointing at `inputs.<i>.clientOrderId`
 * and naming the first item with the same id; they run after every item's own rules (a list
 * longer than the batch is refused by its count already).
 */
export const uniqueInBatch = Array.from({ length: MAX_BATCH }, (_, index) => {
  const repeated = (items: readonly Item[]) => {
    const id = items[index]?.clientOrderId;
    return !!id && firstWith(items, id) < index;
  };
  const options = {
    path: [index, 'clientOrderId'] as unknown as string[],
    params: { rule: 'uniqueInBatch' },
    // The message names the first item, so it is worded when the issue is raised.
    error: (issue: { input?: unknown }) => {
      const items = issue.input as Item[];
      return `repeats the clientOrderId of inputs.${firstWith(items, items[index]!.clientOrderId!)}`;
    },
  };
  // The plugin's type knows only `message` and `path`; zod reads `params` and `error` too.
  const refinement: [(items: readonly Item[]) => boolean, { path: string[] }] = [
    (items) => !repeated(items),
    options as unknown as { path: string[] },
  ];
  return refinement;
});

/** Cross-field rule of `OrderFilter` (its fields carry their own rules). */
export const orderFilterRules: r.CrossRule<{ createdAfter?: unknown; createdBefore?: unknown }>[] =
  [
    {
      path: 'createdBefore',
      rule: 'timeOrder',
      message: 'must not be before createdAfter',
      broken: (i) =>
        r.given(i.createdAfter) &&
        r.given(i.createdBefore) &&
        (i.createdBefore as number) < (i.createdAfter as number),
    },
  ];

/** `Account.orders(after:)`: an endCursor of the list (the gateway's, not a wire field). */
export const cursor = z
  .string()
  .refine((v) => v.length <= 64, r.rule('cursor', 'is not a cursor of this list'));

/** Arguments of `order`: exactly one id (each argument carries its own rule). */
export const orderArgsRules = exactlyOne<{ clientOrderId?: unknown; orderId?: unknown }>(
  'clientOrderId',
  'orderId',
);
