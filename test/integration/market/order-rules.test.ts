/**
 * Orders checked against their symbol's rules before any upstream call: each broken rule is
 * an issue of the mutation's InputError member naming the field and the rule, and the sandbox
 * sees no placement or edit;
 * the edges themselves pass and are placed; the range follows the mark; when the market data
 * cannot be read the order goes on to the upstream, which judges it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type GraphQLResult,
  type Harness,
  INPUT_ERROR,
  inputError,
  startHarness,
} from '../../helpers/graphql-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());
beforeEach(() => {
  h.sandbox.resetLimits();
  h.sandbox.resetRequestLog();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON
type Any = any;
const gql = (query: string, variables: Record<string, unknown>) =>
  h.exec<Any>('trader', query, variables) as Promise<GraphQLResult<Any>>;

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  ${INPUT_ERROR} ... on Error { code message } ... on UpstreamRejectedError { upstreamCode } } }`;
const PLACE_MANY = `mutation($inputs: [PlaceOrderInput!]!) { placeOrders(inputs: $inputs) { ${INPUT_ERROR} } }`;
const EDIT = `mutation($input: EditOrderInput!) { editOrder(input: $input) { ${INPUT_ERROR} } }`;

let seq = 0;
/** ETH (mark 3000, tick 0.01, step 0.0001, min notional 10, range 3 %, scope 40 %). */
const eth = (over: Record<string, unknown> = {}) => ({
  symbol: 'PERP_ETH_USDC',
  orderType: 'LIMIT',
  side: 'BUY',
  orderPrice: 2_900,
  orderQuantity: 0.01,
  clientOrderId: `rules-${++seq}`,
  ...over,
});

/** `field rule` of every issue of the mutation's InputError member. */
function issues(r: GraphQLResult<Any>): string[] {
  expect(r.errors, JSON.stringify(r)).toBeUndefined();
  const member = inputError(r);
  expect(member?.code, JSON.stringify(r)).toBe('BAD_USER_INPUT');
  expect(`${member?.field} ${member?.rule}`).toBe(
    `${member?.issues[0]?.field} ${member?.issues[0]?.rule}`,
  );
  return (member?.issues ?? []).map((i) => `${i.field} ${i.rule}`);
}

const ORDER_WRITES = /^\/v1\/(order|batch-order)$/;

describe('placeOrder', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a price off the tick', { orderPrice: 2_900.005 }, 'input.orderPrice tick'],
    ['a price above quote_max', { side: 'SELL', orderPrice: 100_000.01 }, 'input.orderPrice max'],
    ['a BUY above mark × 1.03', { orderPrice: 3_090.01 }, 'input.orderPrice priceRange'],
    [
      'a SELL below mark × 0.97',
      { side: 'SELL', orderPrice: 2_909.99 },
      'input.orderPrice priceRange',
    ],
    [
      'a BUY below mark × 0.6',
      { orderPrice: 1_799.99, orderQuantity: 1 },
      'input.orderPrice priceScope',
    ],
    [
      'a SELL above mark × 1.4',
      { side: 'SELL', orderPrice: 4_200.01 },
      'input.orderPrice priceScope',
    ],
    ['a quantity off the step', { orderQuantity: 0.01005 }, 'input.orderQuantity tick'],
    ['a quantity under base_min', { orderQuantity: 0.00005 }, 'input.orderQuantity min'],
    ['a quantity over base_max', { orderQuantity: 2_000.0001 }, 'input.orderQuantity max'],
    ['a value under min_notional', { orderQuantity: 0.0034 }, 'input.orderQuantity minNotional'],
    [
      'a MARKET value under min_notional at the mark',
      { orderType: 'MARKET', orderPrice: undefined, orderQuantity: 0.003 },
      'input.orderQuantity minNotional',
    ],
    [
      'a MARKET amount under min_notional',
      { orderType: 'MARKET', orderPrice: undefined, orderQuantity: undefined, orderAmount: 9.99 },
      'input.orderAmount minNotional',
    ],
    ['an unknown symbol', { symbol: 'PERP_NOPE_USDC' }, 'input.symbol unknownSymbol'],
  ];
  for (const [name, over, first] of cases) {
    it(`refuses ${name} as ${first}, sending nothing`, async () => {
      const r = await gql(PLACE, { input: eth(over) });
      expect(issues(r)[0]).toBe(first);
      expect(h.upstreamCalls({ path: ORDER_WRITES })).toBe(0);
    });
  }

  it('names every broken rule, first in the error itself', async () => {
    const r = await gql(PLACE, { input: eth({ orderPrice: 3_100.005, orderQuantity: 0.00005 }) });
    expect(issues(r)).toEqual([
      'input.orderPrice tick',
      'input.orderPrice priceRange',
      'input.orderQuantity min',
      'input.orderQuantity tick',
      'input.orderQuantity minNotional',
    ]);
    expect(inputError(r)?.message).toMatch(/a BUY must be at most 3090 \(mark 3000 \+ 3%\)/);
  });

  it('places orders on every edge: range, scope, min notional', async () => {
    for (const input of [
      eth({ orderPrice: 3_090 }),
      eth({ side: 'SELL', orderPrice: 2_910 }),
      eth({ orderPrice: 1_800, orderQuantity: 1 }),
      eth({ orderPrice: 2_500, orderQuantity: 0.004 }),
    ]) {
      const r = await gql(PLACE, { input });
      expect(r.data?.placeOrder?.__typename, JSON.stringify(r)).toBe('PlaceOrderSuccess');
    }
    expect(h.upstreamCalls({ method: 'POST', path: '/v1/order' })).toBe(4);
  });

  it('judges the range by the mark of the last second', async () => {
    h.sandbox.setMidPrice('PERP_ETH_USDC', 3_500);
    h.advance(1_001);
    try {
      const r = await gql(PLACE, { input: eth({ orderPrice: 3_600 }) });
      expect(r.data?.placeOrder?.__typename, JSON.stringify(r)).toBe('PlaceOrderSuccess');
      const refused = await gql(PLACE, { input: eth({ orderPrice: 3_605.01 }) });
      expect(issues(refused)).toEqual(['input.orderPrice priceRange']);
    } finally {
      h.sandbox.setMidPrice('PERP_ETH_USDC', 3_000);
      h.advance(1_001);
    }
  });

  it('leaves an order to the upstream when the mark cannot be read (the rules still apply)', async () => {
    h.advance(1_001);
    h.sandbox.setFaults({ status5xx: true, match: { paths: ['/v1/public/futures'] } });
    try {
      const r = await gql(PLACE, { input: eth({ orderPrice: 3_100 }) });
      // The sandbox's own admission refuses it: the upstream judged, nothing was lost.
      expect(r.data.placeOrder).toMatchObject({ __typename: 'UpstreamRejectedError' });
      expect(h.upstreamCalls({ method: 'POST', path: '/v1/order' })).toBe(1);
      const offTick = await gql(PLACE, { input: eth({ orderPrice: 2_900.005 }) });
      expect(issues(offTick)).toEqual(['input.orderPrice tick']);
      expect(h.upstreamCalls({ method: 'POST', path: '/v1/order' })).toBe(1);
    } finally {
      h.sandbox.setFaults(null);
    }
  });

  it('does not wait long for a slow mark: the order goes on unchecked and is placed', async () => {
    h.advance(1_001);
    h.sandbox.setFaults({ latencyMs: 3_000, match: { paths: ['/v1/public/futures'] } });
    try {
      const started = performance.now();
      const r = await gql(PLACE, { input: eth() });
      // Placed while the mark's read is still held (CHECK_WAIT_MS, not the read's 3 s).
      expect(performance.now() - started).toBeLessThan(2_500);
      expect(r.data?.placeOrder?.__typename, JSON.stringify(r)).toBe('PlaceOrderSuccess');
      expect(h.upstreamCalls({ method: 'POST', path: '/v1/order' })).toBe(1);
      // The held read ends (and fills the cache) before the next test.
      await expect
        .poll(() => h.upstreamCalls({ path: '/v1/public/futures' }), { timeout: 10_000 })
        .toBe(1);
    } finally {
      h.sandbox.setFaults(null);
    }
  });
});

describe('placeOrders and editOrder', () => {
  it('refuses a batch whose item breaks a rule, naming the item, sending nothing', async () => {
    const r = await gql(PLACE_MANY, {
      inputs: [
        eth(),
        eth({ side: 'SELL', orderPrice: 3_000.001 }),
        eth({ symbol: 'PERP_NOPE_USDC' }),
      ],
    });
    expect(issues(r)).toEqual(['inputs.1.orderPrice tick', 'inputs.2.symbol unknownSymbol']);
    expect(h.upstreamCalls({ path: ORDER_WRITES })).toBe(0);
  });

  it('refuses an edit that breaks a rule, sending nothing; a valid edit goes through', async () => {
    const placed = await gql(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { ... on PlaceOrderSuccess { receipt { orderId } } } }',
      { input: eth() },
    );
    const orderId = placed.data.placeOrder.receipt.orderId;
    h.sandbox.resetRequestLog();
    const edit = (over: Record<string, unknown>) => ({
      orderId,
      symbol: 'PERP_ETH_USDC',
      side: 'BUY',
      orderType: 'LIMIT',
      orderPrice: 2_950,
      orderQuantity: 0.02,
      ...over,
    });
    const refused = await gql(EDIT, { input: edit({ orderPrice: 3_200 }) });
    expect(issues(refused)).toEqual(['input.orderPrice priceRange']);
    const small = await gql(EDIT, { input: edit({ orderQuantity: 0.001 }) });
    expect(issues(small)).toEqual(['input.orderQuantity minNotional']);
    expect(h.upstreamCalls({ method: 'PUT', path: '/v1/order' })).toBe(0);
    const ok = await gql(EDIT, { input: edit({}) });
    expect(ok.data.editOrder.__typename, JSON.stringify(ok)).toBe('EditOrderSuccess');
    expect(h.upstreamCalls({ method: 'PUT', path: '/v1/order' })).toBe(1);
  });
});
