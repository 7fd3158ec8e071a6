/**
 * `Account.orders`: a Relay connection over GET /v1/orders (paging in
 * src/resolvers/order-list.ts), filtered by `OrderFilter`.
 */

import { LIST_ORDERS_QUERY as QUERY } from '../contract/fields-orders.ts';
import { DEFAULT_PAGE, loadOrdersPage, type OrderFilterArgs } from '../resolvers/order-list.ts';
import { AccountRef } from './account.ts';
import { builder } from './builder.ts';
import { OrderSortEnum, OrderStatusFilterEnum, OrderTypeEnum, SideEnum } from './enums.ts';
import { validateAs } from './field-rules.ts';
import { OrderRef } from './order.ts';
import { cursor, MAX_ORDERS_PAGE, orderFilterRules } from './order-rules.ts';
import * as rules from './rules.ts';

const OrderFilterInput = builder.inputType('OrderFilter', {
  description: 'Query of GET /v1/orders in camelCase; every field optional.',
  fields: (t) => ({
    status: t.field({ type: OrderStatusFilterEnum }),
    symbol: t.string({ validate: validateAs(QUERY.symbol) }),
    side: t.field({ type: SideEnum }),
    orderType: t.field({ type: OrderTypeEnum }),
    orderTag: t.string({ validate: validateAs(QUERY.order_tag) }),
    createdAfter: t.field({ type: 'Timestamp', description: 'Created at or after (start_t)' }),
    createdBefore: t.field({ type: 'Timestamp', description: 'Created at or before (end_t)' }),
    sortBy: t.field({ type: OrderSortEnum, description: 'Default CREATED_TIME_DESC' }),
  }),
  validate: { refine: rules.refinements(orderFilterRules) },
});

const OrderConnection = builder.connectionObject({ type: OrderRef, name: 'OrderConnection' });

builder.objectFields(AccountRef, (t) => ({
  orders: t.field({
    type: OrderConnection,
    nullable: true,
    description: `The account's orders, newest first unless sortBy says otherwise. first: 1 to ${MAX_ORDERS_PAGE} (default ${DEFAULT_PAGE}); after: an endCursor of this list.`,
    args: {
      filter: t.arg({ type: OrderFilterInput }),
      first: t.arg.int({ validate: validateAs(QUERY.size) }),
      after: t.arg.string({ validate: { schema: cursor } }),
    },
    resolve: (_account, { filter, first, after }, ctx) =>
      loadOrdersPage(ctx, filter as OrderFilterArgs | null | undefined, first, after),
  }),
}));
