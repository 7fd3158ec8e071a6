/**
 * The order lifecycle end to end: GraphQL → real upstream client → the sandbox over real
 * HTTP. Each mutation's happy path, each input rule at its boundary (and that bad input
 * never reaches the upstream: the sandbox's request log stays empty), per-item batch
 * failure, -1006 on a final order, paging without gaps or repeats, the cache dropped by
 * every mutation, and the documented limits.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../../src/auth/principal.ts';
import { REPLACED_READ_MS } from '../../../src/sandbox/records.ts';
import {
  type GraphQLResult,
  type Harness,
  INPUT_ERROR,
  inputError,
  startHarness,
} from '../../helpers/graphql-harness.ts';
import { makeAccount } from '../../helpers/sandbox-client.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

let seq = 0;
const cid = (prefix = 'gw') => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** A trader registered now: no orders, no position, the default balance. */
function freshTrader(): Principal {
  const account = makeAccount();
  h.sandbox.registerAccount(account.seed);
  return {
    label: `trader-${++seq}`,
    role: 'trader',
    developer: false,
    credentials: {
      accountId: account.accountId,
      secret: account.secret,
      tradingSecret: account.tradingSecret,
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: results are read as JSON
type Any = any;
const run = (p: Principal, query: string, variables?: Record<string, unknown>) =>
  h.exec<Any>(p, query, variables) as Promise<GraphQLResult<Any>>;

/** A LIMIT BUY of ETH below the mid (3000): it rests. */
const resting = (over: Record<string, unknown> = {}) => ({
  symbol: 'PERP_ETH_USDC',
  orderType: 'LIMIT',
  side: 'BUY',
  orderPrice: 2900,
  orderQuantity: 1,
  clientOrderId: cid(),
  ...over,
});

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  __typename ... on PlaceOrderSuccess { receipt { orderId clientOrderId } }
  ... on Error { code message } } }`;

async function place(p: Principal, over: Record<string, unknown> = {}) {
  const input = resting(over);
  const r = await run(p, PLACE, { input });
  expect(r.data?.placeOrder?.__typename, JSON.stringify(r)).toBe('PlaceOrderSuccess');
  return r.data.placeOrder.receipt as { orderId: number; clientOrderId: string };
}

const ORDER_BY_ID = `query($id: BigInt) { order(orderId: $id) { orderId status price quantity } }`;

/** The issues of a mutation's InputError member, as `field rule` strings. */
function inputIssues(r: GraphQLResult<unknown>): string[] {
  expect(r.errors, JSON.stringify(r)).toBeUndefined();
  const member = inputError(r);
  expect(member?.code, JSON.stringify(r)).toBe('BAD_USER_INPUT');
  return (member?.issues ?? []).map((i) => `${i.field} ${i.rule}`);
}

/**
 * Runs `query` expecting no request to the upstream (or none to `path`: a field of Account
 * still has its account read).
 */
async function rejected(
  p: Principal,
  query: string,
  variables?: Record<string, unknown>,
  path?: string,
) {
  h.sandbox.resetRequestLog();
  const r = await run(p, query, variables);
  expect(h.upstreamCalls(path === undefined ? {} : { path })).toBe(0);
  return r;
}

describe('cancelOrder', () => {
  const CANCEL = `mutation($input: CancelOrderInput!) { cancelOrder(input: $input) {
    __typename ... on CancelOrderSuccess { status order { orderId status } }
    ... on UpstreamRejectedError { code upstreamCode message } ${INPUT_ERROR} } }`;

  it('cancels by orderId and by clientOrderId; the order reads back CANCELLED', async () => {
    const p = freshTrader();
    const a = await place(p);
    const b = await place(p);
    const byId = await run(p, CANCEL, {
      input: { symbol: 'PERP_ETH_USDC', orderId: a.orderId },
    });
    expect(byId.data?.cancelOrder).toEqual({
      __typename: 'CancelOrderSuccess',
      status: 'CANCEL_SENT',
      order: { orderId: a.orderId, status: 'CANCELLED' },
    });
    const byClient = await run(p, CANCEL, {
      input: { symbol: 'PERP_ETH_USDC', clientOrderId: b.clientOrderId },
    });
    expect(byClient.data?.cancelOrder).toMatchObject({
      status: 'CANCEL_SENT',
      order: { orderId: b.orderId, status: 'CANCELLED' },
    });
  });

  it('reads the order back only when `order` is selected', async () => {
    const p = freshTrader();
    const a = await place(p);
    h.sandbox.resetRequestLog();
    const r = await run(
      p,
      `mutation { cancelOrder(input: {symbol: "PERP_ETH_USDC", orderId: ${a.orderId}}) {
        ... on CancelOrderSuccess { status } } }`,
    );
    expect(r.data?.cancelOrder).toEqual({ status: 'CANCEL_SENT' });
    expect(h.upstreamCalls()).toBe(1);
    expect(h.upstreamCalls({ method: 'DELETE', path: '/v1/order' })).toBe(1);
  });

  it('a final order answers NOT_FOUND (-1006) as a typed member with a plain message', async () => {
    const p = freshTrader();
    const a = await place(p);
    const input = { symbol: 'PERP_ETH_USDC', orderId: a.orderId };
    await run(p, CANCEL, { input });
    const again = await run(p, CANCEL, { input });
    expect(again.errors).toBeUndefined();
    expect(again.data?.cancelOrder).toMatchObject({
      __typename: 'UpstreamRejectedError',
      code: 'NOT_FOUND',
      upstreamCode: -1006,
      message: expect.stringMatching(/^No open order to cancel: .*already final/),
    });
  });

  it.each([
    [{ symbol: 'PERP_ETH_USDC' }, 'input.orderId exactlyOne'],
    [{ symbol: 'PERP_ETH_USDC', orderId: 1, clientOrderId: 'a' }, 'input.orderId exactlyOne'],
    [{ symbol: 'ETH-USDC', orderId: 1 }, 'input.symbol symbol'],
    [{ symbol: 'PERP_ETH_USDC', orderId: 0 }, 'input.orderId positive'],
    [{ symbol: 'PERP_ETH_USDC', clientOrderId: 'x'.repeat(37) }, 'input.clientOrderId maxLength'],
    [{ symbol: 'PERP_ETH_USDC', clientOrderId: '-a' }, 'input.clientOrderId noLeadingHyphen'],
  ])('%j → InputError %s, nothing sent', async (input, issue) => {
    const r = await rejected(freshTrader(), CANCEL, { input });
    expect(inputIssues(r)).toContain(issue);
  });

  it('reports the field rules and the cross-field rule together, fields first', async () => {
    const input = { symbol: 'ETH-USDC', orderId: 0, clientOrderId: 'a' };
    const r = await rejected(freshTrader(), CANCEL, { input });
    expect(inputIssues(r)).toEqual([
      'input.symbol symbol',
      'input.orderId positive',
      'input.orderId exactlyOne',
    ]);
  });

  it('accepts a 36-character clientOrderId (the boundary) and sends it', async () => {
    const p = freshTrader();
    const id = `a${'b'.repeat(35)}`;
    await place(p, { clientOrderId: id });
    const r = await run(p, CANCEL, { input: { symbol: 'PERP_ETH_USDC', clientOrderId: id } });
    expect(r.data?.cancelOrder).toMatchObject({ status: 'CANCEL_SENT' });
  });
});

describe('cancelOrders and cancelAllOrders', () => {
  const CANCEL_MANY = `mutation($input: CancelOrdersInput!) { cancelOrders(input: $input) {
    __typename ... on CancelOrdersSuccess { status } ... on Error { code message } ${INPUT_ERROR} } }`;

  it('cancels several by exchange id or by client id', async () => {
    const p = freshTrader();
    const [a, b, c] = [await place(p), await place(p), await place(p)];
    const byIds = await run(p, CANCEL_MANY, { input: { orderIds: [a.orderId, b.orderId] } });
    expect(byIds.data?.cancelOrders).toEqual({
      __typename: 'CancelOrdersSuccess',
      status: 'CANCEL_ALL_SENT',
    });
    const byClient = await run(p, CANCEL_MANY, {
      input: { clientOrderIds: [c.clientOrderId] },
    });
    expect(byClient.data?.cancelOrders).toMatchObject({ status: 'CANCEL_ALL_SENT' });
    for (const o of [a, b, c]) {
      const r = await run(p, ORDER_BY_ID, { id: o.orderId });
      expect(r.data?.order.status).toBe('CANCELLED');
    }
  });

  it.each([
    [{}, 'input.orderIds exactlyOne'],
    [{ orderIds: [1], clientOrderIds: ['a'] }, 'input.orderIds exactlyOne'],
    [{ orderIds: [] }, 'input.orderIds minItems'],
    [{ orderIds: Array.from({ length: 11 }, (_, i) => i + 1) }, 'input.orderIds maxItems'],
    [{ clientOrderIds: ['a', 'a'] }, 'input.clientOrderIds unique'],
    [{ clientOrderIds: ['ok', 'no spaces'] }, 'input.clientOrderIds.1 charset'],
  ])('%j → InputError %s, nothing sent', async (input, issue) => {
    const r = await rejected(freshTrader(), CANCEL_MANY, { input });
    expect(inputIssues(r)).toContain(issue);
  });

  it('takes 10 ids (the boundary)', async () => {
    const p = freshTrader();
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      if (i === 5) h.advance(1_000); // create-order: 10 per second
      ids.push((await place(p)).orderId);
    }
    h.advance(1_000);
    const r = await run(p, CANCEL_MANY, { input: { orderIds: ids } });
    expect(r.data?.cancelOrders).toMatchObject({ status: 'CANCEL_ALL_SENT' });
  });

  it('cancelAllOrders(symbol) cancels that symbol only; without one, everything', async () => {
    const p = freshTrader();
    const eth = await place(p);
    const btc = await place(p, {
      symbol: 'PERP_BTC_USDC',
      orderPrice: 50_000,
      orderQuantity: 0.01,
    });
    const one = await run(
      p,
      'mutation { cancelAllOrders(symbol: "PERP_ETH_USDC") { ... on CancelAllOrdersSuccess { status symbol } } }',
    );
    expect(one.data?.cancelAllOrders).toEqual({
      status: 'CANCEL_ALL_SENT',
      symbol: 'PERP_ETH_USDC',
    });
    expect((await run(p, ORDER_BY_ID, { id: eth.orderId })).data?.order.status).toBe('CANCELLED');
    expect((await run(p, ORDER_BY_ID, { id: btc.orderId })).data?.order.status).toBe('NEW');
    const all = await run(
      p,
      'mutation { cancelAllOrders { ... on CancelAllOrdersSuccess { status symbol } } }',
    );
    expect(all.data?.cancelAllOrders).toEqual({ status: 'CANCEL_ALL_SENT', symbol: null });
    expect((await run(p, ORDER_BY_ID, { id: btc.orderId })).data?.order.status).toBe('CANCELLED');
  });

  it('cancelAllOrders with a malformed symbol is an InputError, nothing sent', async () => {
    const r = await rejected(
      freshTrader(),
      `mutation { cancelAllOrders(symbol: "eth") { ${INPUT_ERROR} } }`,
    );
    expect(inputIssues(r)).toEqual(['symbol symbol']);
  });
});

describe('editOrder', () => {
  const EDIT = `mutation($input: EditOrderInput!) { editOrder(input: $input) {
    __typename ... on EditOrderSuccess { status } ... on Error { code message } ${INPUT_ERROR} } }`;
  const editOf = (orderId: number, over: Record<string, unknown> = {}) => ({
    orderId,
    symbol: 'PERP_ETH_USDC',
    side: 'BUY',
    orderType: 'LIMIT',
    orderPrice: 2950,
    orderQuantity: 2,
    ...over,
  });

  it('changes price and quantity: EDIT_SENT; the order reads REPLACED, then carries on as NEW', async () => {
    const p = freshTrader();
    const a = await place(p);
    const r = await run(p, EDIT, { input: editOf(a.orderId) });
    expect(r.data?.editOrder).toEqual({ __typename: 'EditOrderSuccess', status: 'EDIT_SENT' });
    const after = await run(p, ORDER_BY_ID, { id: a.orderId });
    expect(after.data?.order).toMatchObject({ price: 2950, quantity: 2, status: 'REPLACED' });
    h.advance(REPLACED_READ_MS);
    const later = await run(p, ORDER_BY_ID, { id: a.orderId });
    expect(later.data?.order).toMatchObject({ price: 2950, quantity: 2, status: 'NEW' });
  });

  it('a field that cannot change is the upstream InputError, naming it', async () => {
    const p = freshTrader();
    const a = await place(p);
    const r = await run(p, EDIT, { input: editOf(a.orderId, { side: 'SELL' }) });
    expect(r.data?.editOrder).toMatchObject({ __typename: 'InputError', code: 'BAD_USER_INPUT' });
  });

  it.each([
    [{ orderPrice: 0 }, 'input.orderPrice positive'],
    [{ orderQuantity: -1 }, 'input.orderQuantity positive'],
    [{ orderId: 0 }, 'input.orderId positive'],
    [{ symbol: 'PERP_eth_USDC' }, 'input.symbol symbol'],
    [{ visibleQuantity: 2.0001 }, 'input.visibleQuantity notAboveQuantity'],
    [{ orderType: 'POST_ONLY', visibleQuantity: 1 }, 'input.visibleQuantity notForPostOnly'],
    [{ clientOrderId: 'x'.repeat(37) }, 'input.clientOrderId maxLength'],
  ])('%j → InputError %s, nothing sent', async (over, issue) => {
    const r = await rejected(freshTrader(), EDIT, { input: editOf(7, over) });
    expect(inputIssues(r)).toContain(issue);
  });

  it('reports the field rules and the cross-field rules together, fields first', async () => {
    const over = { orderPrice: 0, orderType: 'POST_ONLY', visibleQuantity: 3 };
    const r = await rejected(freshTrader(), EDIT, { input: editOf(7, over) });
    expect(inputIssues(r)).toEqual([
      'input.orderPrice positive',
      'input.visibleQuantity notAboveQuantity',
      'input.visibleQuantity notForPostOnly',
    ]);
  });
});

describe('placeOrders', () => {
  const BATCH = `mutation($inputs: [PlaceOrderInput!]!) { placeOrders(inputs: $inputs) {
    __typename
    ... on PlaceOrdersSuccess { results { __typename
      ... on PlaceOrderSuccess { receipt { orderId clientOrderId } order { status } }
      ... on BatchItemError { index clientOrderId upstreamMessage code message } } }
    ... on Error { code message } ${INPUT_ERROR} } }`;

  beforeEach(() => h.advance(1_000)); // one batch per second

  it('places every item, in order, each read back on request', async () => {
    const p = freshTrader();
    const inputs = [resting(), resting({ orderPrice: 2800 })];
    const r = await run(p, BATCH, { inputs });
    const results = r.data?.placeOrders.results;
    expect(results.map((x: Any) => x.__typename)).toEqual([
      'PlaceOrderSuccess',
      'PlaceOrderSuccess',
    ]);
    expect(results.map((x: Any) => x.receipt.clientOrderId)).toEqual(
      inputs.map((i) => i.clientOrderId),
    );
    expect(results.map((x: Any) => x.order.status)).toEqual(['NEW', 'NEW']);
  });

  it('a failed item is a BatchItemError with the upstream message; the others are placed', async () => {
    const p = freshTrader();
    // The client_order_id of an order placed before: that item only is refused upstream (a
    // symbol the upstream does not list is the gateway's to refuse: docs/market-data.md).
    const { clientOrderId: taken } = await place(p);
    const inputs = [resting(), resting({ clientOrderId: taken }), resting()];
    const r = await run(p, BATCH, { inputs });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const results = r.data?.placeOrders.results;
    expect(results.map((x: Any) => x.__typename)).toEqual([
      'PlaceOrderSuccess',
      'BatchItemError',
      'PlaceOrderSuccess',
    ]);
    expect(results[1]).toMatchObject({
      index: 1,
      clientOrderId: inputs[1]!.clientOrderId,
      code: 'UPSTREAM_REJECTED',
      upstreamMessage: expect.any(String),
    });
    expect(results[1].upstreamMessage.length).toBeGreaterThan(0);
  });

  it('takes 10 items (the boundary)', async () => {
    const p = freshTrader();
    const inputs = Array.from({ length: 10 }, (_, i) => resting({ orderPrice: 2800 + i }));
    const r = await run(p, BATCH, { inputs });
    expect(r.data?.placeOrders.results).toHaveLength(10);
  });

  it.each([
    [[], 'inputs minItems'],
    [Array.from({ length: 11 }, () => resting()), 'inputs maxItems'],
    [[resting(), resting({ orderPrice: null })], 'inputs.1.orderPrice requiredForType'],
    [[resting({ orderQuantity: 0 })], 'inputs.0.orderQuantity positive'],
    [
      [resting({ clientOrderId: 'dup' }), resting({ clientOrderId: 'dup' })],
      'inputs.1.clientOrderId uniqueInBatch',
    ],
    [[resting({ orderType: 'MARKET', level: 1 })], 'inputs.0.level onlyForBidAsk'],
  ])('case %# → InputError naming index and field, nothing sent', async (inputs, issue) => {
    const r = await rejected(freshTrader(), BATCH, { inputs });
    expect(inputIssues(r)).toContain(issue);
  });
});

describe('Account.orders', () => {
  const PAGE = `query($first: Int, $after: String, $filter: OrderFilter) { account {
    orders(first: $first, after: $after, filter: $filter) {
      totalCount edges { cursor node { orderId clientOrderId status } }
      pageInfo { hasNextPage endCursor } } } }`;

  async function pageThrough(p: Principal, first: number, filter?: object) {
    const seen: number[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const r = await run(p, PAGE, { first, after, filter });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      const conn = r.data.account.orders;
      seen.push(...conn.edges.map((e: Any) => e.node.orderId));
      if (!conn.pageInfo.hasNextPage) return { seen, total: conn.totalCount, pages: pages + 1 };
      after = conn.pageInfo.endCursor;
    }
    throw new Error('no last page');
  }

  it('pages through every order once, in order, without gaps or repeats', async () => {
    const p = freshTrader();
    const placed: number[] = [];
    for (let i = 0; i < 7; i++) placed.push((await place(p, { orderPrice: 2800 + i })).orderId);
    const { seen, total, pages } = await pageThrough(p, 3);
    expect(total).toBe(7);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    // Default sort: newest first.
    expect(seen).toEqual([...placed].reverse());
    const asc = await pageThrough(p, 2, { sortBy: 'CREATED_TIME_ASC' });
    expect(asc.seen).toEqual(placed);
  });

  it('filters by status and symbol', async () => {
    const p = freshTrader();
    const a = await place(p);
    await place(p);
    await place(p, { symbol: 'PERP_BTC_USDC', orderPrice: 50_000, orderQuantity: 0.01 });
    await run(
      p,
      `mutation { cancelOrder(input: {symbol: "PERP_ETH_USDC", orderId: ${a.orderId}}) { __typename } }`,
    );
    const open = await pageThrough(p, 25, { status: 'INCOMPLETE', symbol: 'PERP_ETH_USDC' });
    expect(open.total).toBe(1);
    const done = await pageThrough(p, 25, { status: 'COMPLETED' });
    expect(done.seen).toEqual([a.orderId]);
  });

  it.each([
    [{ first: 0 }, 'first range'],
    [{ first: 501 }, 'first range'],
    [{ after: 'bm90LWEtY3Vyc29y' }, 'after cursor'],
    [{ filter: { symbol: 'BTC' } }, 'filter.symbol symbol'],
    [{ filter: { createdAfter: 2_000, createdBefore: 1_000 } }, 'filter.createdBefore timeOrder'],
  ])('%j → BAD_USER_INPUT (%s), nothing sent', async (variables, issue) => {
    const r = await rejected(freshTrader(), PAGE, variables, '/v1/orders');
    const e = r.errors?.[0];
    expect(e?.extensions?.code).toBe('BAD_USER_INPUT');
    const [field, rule] = issue.split(' ');
    const issues = (e?.extensions?.issues as Any[] | undefined) ?? [e?.extensions];
    expect(issues).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('reports a filter field rule and its cross-field rule together, field first', async () => {
    const filter = { symbol: 'BTC', createdAfter: 2_000, createdBefore: 1_000 };
    const r = await rejected(freshTrader(), PAGE, { filter }, '/v1/orders');
    const issues = (r.errors?.[0]?.extensions?.issues ?? []) as { field: string; rule: string }[];
    expect(issues.map((i) => `${i.field} ${i.rule}`)).toEqual([
      'filter.symbol symbol',
      'filter.createdBefore timeOrder',
    ]);
  });

  it('takes first: 500 (the boundary)', async () => {
    const p = freshTrader();
    await place(p);
    const r = await run(p, PAGE, { first: 500 });
    expect(r.data.account.orders.totalCount).toBe(1);
  });
});

describe('positions and balances', () => {
  it('reads a position from a fill, and balances with free = holding − frozen', async () => {
    const p = freshTrader();
    await place(p, { orderType: 'MARKET', orderPrice: null, orderQuantity: 0.5 });
    await place(p); // a resting order freezes margin
    const r = await run(
      p,
      `{ account { positions { freeCollateral totalCollateralValue rows { symbol marginMode quantity side averageOpenPrice markPrice leverage } }
         balances { token holding frozen free pendingShort updatedAt } } }`,
    );
    expect(r.errors).toBeUndefined();
    const { positions, balances } = r.data.account;
    expect(positions.rows).toEqual([
      expect.objectContaining({ symbol: 'PERP_ETH_USDC', quantity: 0.5, side: 'LONG' }),
    ]);
    expect(positions.rows[0].averageOpenPrice).toBeGreaterThan(0);
    expect(balances.length).toBeGreaterThan(0);
    for (const b of balances) expect(b.free).toBeCloseTo(b.holding - b.frozen, 8);
  });
});

it('a screen polling orders, positions and balances spends no account-info budget', async () => {
  const p = freshTrader();
  h.sandbox.resetRequestLog();
  const r = await run(
    p,
    '{ account { orders(first: 1) { totalCount } positions { totalCollateralValue } balances { token } } }',
  );
  expect(r.errors).toBeUndefined();
  expect(h.upstreamCalls({ path: '/v1/client/info' })).toBe(0);
  expect(h.upstreamCalls()).toBe(3);
  // The risk figures need the account's imr factors: read once, then held (account-factors.ts).
  const figures = '{ account { positions { freeCollateral rows { unrealizedRoi } } } }';
  for (let i = 0; i < 3; i++) expect((await run(p, figures)).errors).toBeUndefined();
  expect(h.upstreamCalls({ path: '/v1/client/info' })).toBe(1);
  // An information field reads it through the shared cache, which holds that read (5 s).
  await run(p, '{ account { id email maxLeverage feeRates { kind } } }');
  expect(h.upstreamCalls({ path: '/v1/client/info' })).toBe(1);
});

describe('cache: a read after any mutation is fresh', () => {
  const READ = `{ account { orders(filter: {status: INCOMPLETE}) { totalCount }
    positions { rows { quantity } } balances { frozen } } }`;
  const read = async (p: Principal) => (await run(p, READ)).data.account;

  it('serves a repeated read from the cache (so the checks below mean something)', async () => {
    const p = freshTrader();
    await place(p);
    await read(p);
    h.sandbox.resetRequestLog();
    await read(p);
    expect(h.upstreamCalls()).toBe(0);
  });

  const mutations: [
    string,
    (p: Principal, o: { orderId: number; clientOrderId: string }) => string,
  ][] = [
    [
      'placeOrder',
      () =>
        `mutation { placeOrder(input: {symbol: "PERP_ETH_USDC", orderType: LIMIT, side: BUY, orderPrice: 2850, orderQuantity: 1}) { __typename } }`,
    ],
    [
      'placeOrders',
      () =>
        `mutation { placeOrders(inputs: [{symbol: "PERP_ETH_USDC", orderType: LIMIT, side: BUY, orderPrice: 2850, orderQuantity: 1}]) { __typename } }`,
    ],
    [
      'cancelOrder',
      (_p, o) =>
        `mutation { cancelOrder(input: {symbol: "PERP_ETH_USDC", orderId: ${o.orderId}}) { __typename } }`,
    ],
    [
      'cancelOrders',
      (_p, o) =>
        `mutation { cancelOrders(input: {clientOrderIds: ["${o.clientOrderId}"]}) { __typename } }`,
    ],
    ['cancelAllOrders', () => 'mutation { cancelAllOrders { __typename } }'],
    [
      'editOrder',
      (_p, o) =>
        `mutation { editOrder(input: {orderId: ${o.orderId}, symbol: "PERP_ETH_USDC", side: BUY, orderType: LIMIT, orderPrice: 2900, orderQuantity: 3}) { __typename } }`,
    ],
  ];

  it.each(mutations)('%s', async (name, mutation) => {
    h.advance(1_000);
    const p = freshTrader();
    const o = await place(p);
    const before = await read(p);
    const m = await run(p, mutation(p, o));
    expect(Object.values(m.data ?? {})[0]).not.toMatchObject({ code: expect.anything() });
    const after = await read(p);
    expect(after).not.toEqual(before);
    if (name.startsWith('place')) expect(after.orders.totalCount).toBe(2);
    else if (name === 'editOrder') expect(after.balances).not.toEqual(before.balances);
    else expect(after.orders.totalCount).toBe(0);
  });
});

describe('limits', () => {
  it('placeOrders: 1 per second; the second batch in the same second is RATE_LIMITED, never sent', async () => {
    h.advance(1_000);
    const p = freshTrader();
    const batch = `mutation { placeOrders(inputs: [{symbol: "PERP_ETH_USDC", orderType: LIMIT, side: BUY, orderPrice: 2850, orderQuantity: 1}]) { __typename ... on RateLimitedError { retryAfterMs } } }`;
    expect((await run(p, batch)).data?.placeOrders.__typename).toBe('PlaceOrdersSuccess');
    h.sandbox.resetRequestLog();
    const second = await run(p, batch);
    expect(second.data?.placeOrders).toMatchObject({ __typename: 'RateLimitedError' });
    expect(second.data?.placeOrders.retryAfterMs).toBeGreaterThan(0);
    expect(h.upstreamCalls()).toBe(0);
    h.advance(1_500);
    expect((await run(p, batch)).data?.placeOrders.__typename).toBe('PlaceOrdersSuccess');
  });

  it('cancelAllOrders: 10 per second, the 11th is RATE_LIMITED and not sent', async () => {
    h.advance(1_000);
    const p = freshTrader();
    const cancelAll = 'mutation { cancelAllOrders { __typename } }';
    h.sandbox.resetRequestLog();
    const names: string[] = [];
    for (let i = 0; i < 11; i++)
      names.push((await run(p, cancelAll)).data?.cancelAllOrders.__typename);
    expect(names.slice(0, 10)).toEqual(Array(10).fill('CancelAllOrdersSuccess'));
    expect(names[10]).toBe('RateLimitedError');
    expect(h.upstreamCalls({ method: 'DELETE' })).toBe(10);
  });
});

describe('read limits (cache off, so every read reaches the budget)', () => {
  // Through the client: an Account field also reads account info (10 per 60 s), which would
  // run out first with the cache off.
  let raw: Harness;
  beforeAll(async () => {
    raw = await startHarness({ cache: false });
  });
  afterAll(() => raw?.close());
  const api = () => raw.upstream.forAccount(raw.principals.trader.credentials);

  it('positions: 30 per 10 s; the 31st is refused before it is sent', async () => {
    for (let i = 0; i < 30; i++) await api().positions();
    expect(raw.upstreamCalls({ path: '/v1/positions' })).toBe(30);
    await expect(api().positions()).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(raw.upstreamCalls({ path: '/v1/positions' })).toBe(30);
    raw.advance(10_000 + 250);
    await expect(api().positions()).resolves.toMatchObject({ rows: expect.any(Array) });
  });

  it('the order list and balances: 10 per second each', async () => {
    raw.advance(1_000);
    for (let i = 0; i < 10; i++) {
      await api().listOrders({ size: 1 });
      await api().holdings({});
    }
    await expect(api().listOrders({ size: 1 })).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(api().holdings({})).rejects.toMatchObject({ kind: 'rate_limited' });
  });
});
