/**
 * What the differential test's generated queries run against: the orders they read, the
 * upstream faults they run under, and the argument values the generator picks from.
 */
import fc from 'fast-check';
import { encodeCursor } from '../../../src/resolvers/order-list.ts';
import type { ArgumentPool } from '../../helpers/query-arbitrary.ts';
import type { Step } from './documents.ts';

/** The orders the generated queries read: a resting one, a filled one (a position). */
export function setupSteps(): Step[] {
  const place = (input: string) => ({
    label: `setup ${input}`,
    query: `mutation { placeOrder(input: { ${input} }) { __typename } }`,
    variables: {},
    names: [],
    caller: 'trader' as const,
  });
  return [
    place(
      'symbol: "PERP_ETH_USDC", orderType: LIMIT, side: BUY, orderPrice: 2000, orderQuantity: 1, clientOrderId: "gen-a"',
    ),
    place(
      'symbol: "PERP_BTC_USDC", orderType: MARKET, side: BUY, orderQuantity: 0.01, clientOrderId: "gen-b"',
    ),
  ];
}

/** Upstream faults of the generated cases: none, or one mode on a few read routes. */
export const FLAKY = '/v1/client/order/flaky';
export const FAULTS: (Record<string, unknown> | null)[] = [
  null,
  null,
  { status5xx: true, match: { methods: ['GET'], paths: [FLAKY, '/v1/positions'] } },
  { html: { status: 502 }, match: { methods: ['GET'], paths: [FLAKY, '/v1/client/info'] } },
  { malformedJson: true, match: { methods: ['GET'], paths: [FLAKY, '/v1/client/holding'] } },
  { reset: 'before', match: { methods: ['GET'], paths: [FLAKY, '/v1/orders'] } },
  {
    status5xx: { status: 503 },
    match: { methods: ['GET'], paths: [{ pattern: '^/v1/client/order/gen-' }] },
  },
];

/** Argument values: valid ones, missing and faulted orders, and values the rules refuse. */
export function pool(accountId: string): ArgumentPool {
  const ids = fc.constantFrom('gen-a', 'gen-b', 'missing', 'flaky', 'bad id', '');
  const date = fc.constantFrom('2024-01-01', '2024-12-31', '2023-06-30', '2024-01-01', 'bad');
  return {
    'Query.order.clientOrderId': ids,
    'Query.order.orderId': fc.constantFrom(1, 2, 999_999),
    'Query.orders.clientOrderIds': fc.array(ids, { maxLength: 5 }),
    'Query.refereeRebateSummary.startDate': date,
    'Query.refereeRebateSummary.endDate': date,
    'Query.referralAdminInfo.page': fc.constantFrom(1, 2, 0),
    'Query.referralAdminInfo.size': fc.constantFrom(1, 10, 1000),
    'Query.referralAdminInfo.sortBy': fc.constantFrom('TOTAL_INVITES', 'REFEREE_VOLUME'),
    'Query.referralAdminInfo.accountId': fc.constantFrom(accountId, 'nobody'),
    'Account.balances.includeZero': fc.boolean(),
    'Account.feeRate.kind': fc.constantFrom('STANDARD', 'FUTURES', 'RWA'),
    'Account.orders.first': fc.constantFrom(1, 2, 25, 0, 501),
    'Account.orders.after': fc.constantFrom(encodeCursor(0), 'not-a-cursor'),
    'Account.orders.filter': fc.constantFrom(
      { status: 'INCOMPLETE' },
      { symbol: 'PERP_BTC_USDC', sortBy: 'CREATED_TIME_ASC' },
      { side: 'SELL' },
      { symbol: 'PERP_NOPE_USDC' },
    ),
  };
}
