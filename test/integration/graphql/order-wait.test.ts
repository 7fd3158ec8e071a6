// @module-tag redis
/**
 * Outcomes instead of acknowledgements, through a real gateway (HTTP, real Redis) in front of
 * the sandbox over HTTP and WebSocket (it fills marketable orders at once): `waitFor` answers
 * the order's state from the private stream, with one upstream request and no read of the
 * order; a resting order's wait times out with its state NEW; cancels and edits answer
 * CANCELLED and REPLACED; a repeat under the same Idempotency-Key answers the stored outcome;
 * values a mutation does not take, and waits past the bounds, are refused with nothing sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCaller } from '../server/harness.ts';
import { type AlgoHarness, ETH, startAlgo } from './algo-harness.ts';

let h: AlgoHarness;
beforeAll(async () => {
  h = await startAlgo(16, { ORDER_WAIT_MAX_PER_ACCOUNT: '2' });
  await h.moveMid(3000);
});
afterAll(() => h.close());

const OUTCOME = 'outcome { orderId clientOrderId status price quantity executedQuantity source }';

const PLACE = `mutation($input: PlaceOrderInput!, $waitFor: OrderWait, $waitTimeoutMs: Int) {
  placeOrder(input: $input, waitFor: $waitFor, waitTimeoutMs: $waitTimeoutMs) {
    __typename
    ... on PlaceOrderSuccess { receipt { orderId clientOrderId } replayed timedOut ${OUTCOME} }
    ... on Error { code message }
    ... on InputError { field rule }
  }
}`;

const CANCEL = `mutation($input: CancelOrderInput!, $waitFor: OrderWait) {
  cancelOrder(input: $input, waitFor: $waitFor) {
    __typename
    ... on CancelOrderSuccess { status timedOut ${OUTCOME} }
    ... on Error { code message }
  }
}`;

const EDIT = `mutation($input: EditOrderInput!, $waitFor: OrderWait) {
  editOrder(input: $input, waitFor: $waitFor) {
    __typename
    ... on EditOrderSuccess { status timedOut ${OUTCOME} }
    ... on Error { code message }
  }
}`;

const market = (side = 'BUY') => ({
  symbol: ETH,
  orderType: 'MARKET',
  side,
  orderQuantity: 0.1,
});
/** Far below the mid of 3000, within the price scope: it rests. */
const resting = (clientOrderId: string) => ({
  symbol: ETH,
  orderType: 'LIMIT',
  side: 'BUY',
  orderPrice: 2000,
  orderQuantity: 0.1,
  clientOrderId,
});

/** Requests that read one order back (by id or client order id). */
const orderReads = (trader: TestCaller) => h.upstream(trader, 'GET', /^\/v1\/(client\/)?order\//);

describe('placeOrder waitFor', () => {
  it('FINAL on a marketable order answers FILLED with one request and no read of the order', async () => {
    const trader = h.trader();
    const r = await h.gql(trader, PLACE, { input: market(), waitFor: 'FINAL' });
    expect(r.errors).toBeUndefined();
    const placed = r.data.placeOrder;
    expect(placed).toMatchObject({
      __typename: 'PlaceOrderSuccess',
      timedOut: false,
      outcome: { status: 'FILLED', executedQuantity: 0.1, source: 'STREAM' },
    });
    expect(placed.outcome.orderId).toBe(placed.receipt.orderId);
    expect(h.upstream(trader, 'POST', '/v1/order')).toBe(1);
    expect(orderReads(trader)).toBe(0);
  });

  it('FILLED on a resting order times out with the state it has: NEW', async () => {
    const trader = h.trader();
    const started = performance.now();
    const r = await h.gql(trader, PLACE, {
      input: resting('rest-1'),
      waitFor: 'FILLED',
      waitTimeoutMs: 300,
    });
    expect(r.data.placeOrder).toMatchObject({
      __typename: 'PlaceOrderSuccess',
      timedOut: true,
      outcome: { status: 'NEW', clientOrderId: 'rest-1', executedQuantity: 0 },
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(orderReads(trader)).toBe(0);
  });

  it('a repeat under the same Idempotency-Key answers the stored outcome, nothing sent', async () => {
    const trader = h.trader();
    const headers = { 'idempotency-key': 'wait-replay-1' };
    const variables = { input: { ...market(), clientOrderId: 'wait-replay' }, waitFor: 'FINAL' };
    const first = await h.gql(trader, PLACE, variables, headers);
    const again = await h.gql(trader, PLACE, variables, headers);
    expect(first.data.placeOrder.outcome.status).toBe('FILLED');
    expect(again.data).toEqual(first.data);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(h.upstream(trader, 'POST', '/v1/order')).toBe(1);
  });

  it('a repeat by clientOrderId alone reads the order once and answers its state', async () => {
    const trader = h.trader();
    const variables = { input: { ...market(), clientOrderId: 'wait-cid' }, waitFor: 'FINAL' };
    await h.gql(trader, PLACE, variables);
    const again = await h.gql(trader, PLACE, variables);
    expect(again.data.placeOrder).toMatchObject({
      replayed: true,
      timedOut: false,
      outcome: { status: 'FILLED', source: 'RESYNC' },
    });
    expect(h.upstream(trader, 'POST', '/v1/order')).toBe(1);
  });
});

describe('cancelOrder and editOrder waitFor', () => {
  it('cancel with CANCELLED answers the order CANCELLED', async () => {
    const trader = h.trader();
    await h.gql(trader, PLACE, { input: resting('to-cancel') });
    const r = await h.gql(trader, CANCEL, {
      input: { symbol: ETH, clientOrderId: 'to-cancel' },
      waitFor: 'CANCELLED',
    });
    expect(r.data.cancelOrder).toMatchObject({
      __typename: 'CancelOrderSuccess',
      status: 'CANCEL_SENT',
      timedOut: false,
      outcome: { status: 'CANCELLED', clientOrderId: 'to-cancel' },
    });
    expect(orderReads(trader)).toBe(0);
  });

  it('edit with REPLACED answers the order REPLACED with its new values', async () => {
    const trader = h.trader();
    const placed = await h.gql(trader, PLACE, { input: resting('to-edit'), waitFor: 'ACCEPTED' });
    const { orderId } = placed.data.placeOrder.receipt;
    const r = await h.gql(trader, EDIT, {
      input: {
        orderId,
        symbol: ETH,
        side: 'BUY',
        orderType: 'LIMIT',
        orderPrice: 2100,
        orderQuantity: 0.2,
      },
      waitFor: 'REPLACED',
    });
    expect(r.data.editOrder).toMatchObject({
      __typename: 'EditOrderSuccess',
      status: 'EDIT_SENT',
      timedOut: false,
      outcome: { orderId, status: 'REPLACED', price: 2100, quantity: 0.2 },
    });
    expect(orderReads(trader)).toBe(0);
  });
});

describe('placeOrders and placeAlgoOrder waitFor', () => {
  it('each placed item carries its own outcome', async () => {
    const trader = h.trader();
    const r = await h.gql(
      trader,
      `mutation($inputs: [PlaceOrderInput!]!) {
        placeOrders(inputs: $inputs, waitFor: ACCEPTED, waitTimeoutMs: 2000) {
          __typename
          ... on PlaceOrdersSuccess { results { __typename ... on PlaceOrderSuccess {
            receipt { clientOrderId } timedOut outcome { clientOrderId status } } } }
        }
      }`,
      { inputs: [resting('batch-a'), { ...resting('batch-b'), orderPrice: 1990 }] },
    );
    const results = r.data.placeOrders.results;
    expect(results.map((x: { outcome: unknown }) => x.outcome)).toEqual([
      { clientOrderId: 'batch-a', status: 'NEW' },
      { clientOrderId: 'batch-b', status: 'NEW' },
    ]);
    expect(results.every((x: { timedOut: boolean }) => !x.timedOut)).toBe(true);
  });

  it('placeAlgoOrder ACCEPTED answers the stop as the stream shows it', async () => {
    const trader = h.trader();
    const r = await h.gql(
      trader,
      `mutation { placeAlgoOrder(waitFor: ACCEPTED, input: { symbol: "PERP_ETH_USDC",
        algoType: STOP, side: BUY, type: MARKET, quantity: 0.1, triggerPrice: 3500 }) {
        __typename ... on PlaceAlgoOrderSuccess { algoOrderId timedOut
          outcome { algoOrderId algoType status triggerPrice } }
        ... on Error { code message } } }`,
    );
    const placed = r.data.placeAlgoOrder;
    expect(placed).toMatchObject({
      timedOut: false,
      outcome: { algoType: 'STOP', status: 'NEW', triggerPrice: 3500 },
    });
    expect(placed.outcome.algoOrderId).toBe(placed.algoOrderId);
    expect(h.upstream(trader, 'GET', /^\/v1\/algo\/order\//)).toBe(0);
  });
});

describe('refusals, nothing sent', () => {
  const refusal = async (variables: Record<string, unknown>) => {
    const trader = h.trader();
    const r = await h.gql(trader, PLACE, { input: market(), ...variables });
    expect(h.upstream(trader, 'POST', '/v1/order')).toBe(0);
    expect(r.errors).toBeUndefined();
    return r.data.placeOrder;
  };

  it('a waitFor the mutation does not take, a timeout past the deadline or without a wait', async () => {
    expect(await refusal({ waitFor: 'CANCELLED' })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'waitFor',
      rule: 'allowedWait',
    });
    expect(await refusal({ waitFor: 'FINAL', waitTimeoutMs: 6_000 })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'waitTimeoutMs',
      rule: 'withinDeadline',
    });
    expect(await refusal({ waitTimeoutMs: 100 })).toMatchObject({
      field: 'waitTimeoutMs',
      rule: 'needsWaitFor',
    });
  });

  it('a wait past the account’s bound is RATE_LIMITED before anything is sent', async () => {
    const trader = h.trader();
    const wait = (id: string) =>
      h.gql(trader, PLACE, { input: resting(id), waitFor: 'FILLED', waitTimeoutMs: 1_500 });
    const answers = await Promise.all([wait('cap-1'), wait('cap-2'), wait('cap-3')]);
    const names = answers.map((a) => a.data.placeOrder.__typename).sort();
    expect(names).toEqual(['PlaceOrderSuccess', 'PlaceOrderSuccess', 'RateLimitedError']);
    const refused = answers.find((a) => a.data.placeOrder.__typename === 'RateLimitedError');
    expect(refused?.data.placeOrder.message).toMatch(/ORDER_WAIT_MAX_PER_ACCOUNT/);
    expect(h.upstream(trader, 'POST', '/v1/order')).toBe(2);
    const { gateway } = h.live.replicas[0]!;
    expect(gateway.live.hub.stats().accountListeners).toBe(0);
    const metrics = await gateway.metrics.registry.metrics();
    expect(metrics).toMatch(/^svc_graphql_order_waits_refused_total\{scope="account"\} 1$/m);
    expect(metrics).toMatch(/^svc_graphql_order_waits 0$/m);
  });
});
