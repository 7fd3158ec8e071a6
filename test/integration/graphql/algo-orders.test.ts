// @module-tag redis
/**
 * placeAlgoOrder, editAlgoOrder, cancelAlgoOrder(s) and Account.algoOrders through a real
 * gateway (HTTP, Redis) in front of the sandbox over HTTP: each answer, what the upstream holds
 * afterwards, the refusals naming field and rule with nothing sent, and exactly-once with an
 * Idempotency-Key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlgoHarness, ETH, startAlgo } from './algo-harness.ts';

let h: AlgoHarness;
beforeAll(async () => {
  h = await startAlgo();
});
afterAll(() => h.close());

const ALGO_FIELDS = `algoOrderId clientOrderId symbol algoType side type quantity triggerPrice
  price status isTriggered marginMode createdAt
  childOrders { algoOrderId algoType side type triggerPrice status isTriggered }`;

const PLACE = `mutation($input: PlaceAlgoOrderInput!) {
  placeAlgoOrder(input: $input) {
    __typename
    ... on PlaceAlgoOrderSuccess { algoOrderId clientOrderId algoType algoOrder { ${ALGO_FIELDS} } }
    ... on InputError { field rule }
    ... on Error { code message }
  }
}`;

const LIST = `query($filter: AlgoOrderFilter, $first: Int, $after: String) {
  account { algoOrders(filter: $filter, first: $first, after: $after) {
    totalCount
    edges { cursor node { algoOrderId algoType status triggerPrice } }
    pageInfo { hasNextPage endCursor }
  } }
}`;

const stop = (triggerPrice: number, over: Record<string, unknown> = {}) => ({
  symbol: ETH,
  algoType: 'STOP',
  side: 'SELL',
  type: 'MARKET',
  quantity: 0.5,
  triggerPrice,
  ...over,
});

describe('placeAlgoOrder', () => {
  it('places a STOP and reads it back, and lists it in Account.algoOrders', async () => {
    const alice = h.trader();
    const r = await h.gql(alice, PLACE, { input: stop(2800, { clientOrderId: 'stop-1' }) });
    const placed = r.data.placeAlgoOrder;
    expect(placed).toMatchObject({ __typename: 'PlaceAlgoOrderSuccess', clientOrderId: 'stop-1' });
    expect(placed.algoOrder).toMatchObject({
      algoOrderId: placed.algoOrderId,
      symbol: ETH,
      algoType: 'STOP',
      side: 'SELL',
      type: 'MARKET',
      quantity: 0.5,
      triggerPrice: 2800,
      status: 'NEW',
      isTriggered: false,
      childOrders: [],
    });
    const list = await h.gql(alice, LIST, { filter: { algoType: 'STOP' } });
    expect(list.data.account.algoOrders.totalCount).toBe(1);
    expect(list.data.account.algoOrders.edges[0].node.algoOrderId).toBe(placed.algoOrderId);
  });

  it('places a partial TP/SL with its legs (signed as a tree), the legs nested', async () => {
    const bob = h.trader();
    await h.open(bob, 1);
    const input = {
      symbol: ETH,
      algoType: 'TP_SL',
      quantity: 0.4,
      marginMode: 'CROSS',
      childOrders: [
        { algoType: 'TAKE_PROFIT', side: 'SELL', triggerPrice: 3300 },
        { algoType: 'STOP_LOSS', side: 'SELL', triggerPrice: 2700 },
      ],
    };
    const r = await h.gql(bob, PLACE, { input });
    const order = r.data.placeAlgoOrder.algoOrder;
    expect(order).toMatchObject({ algoType: 'TP_SL', quantity: 0.4, marginMode: 'CROSS' });
    expect(order.childOrders).toMatchObject([
      { algoType: 'TAKE_PROFIT', side: 'SELL', type: 'MARKET', triggerPrice: 3300, status: 'NEW' },
      { algoType: 'STOP_LOSS', side: 'SELL', type: 'MARKET', triggerPrice: 2700, status: 'NEW' },
    ]);
  });

  it.each([
    ['side', { side: null }, 'input.side', 'requiredForType'],
    ['LIMIT price', { type: 'LIMIT' }, 'input.price', 'requiredForType'],
    [
      'a leg on a STOP',
      { childOrders: [{ algoType: 'TAKE_PROFIT' }] },
      'input.childOrders',
      'notForType',
    ],
    ['a negative trigger', { triggerPrice: -1 }, 'input.triggerPrice', 'positive'],
  ])(
    'refuses a STOP without %s, naming field and rule; nothing is sent',
    async (_, over, field, rule) => {
      const carol = h.trader();
      const r = await h.gql(carol, PLACE, { input: stop(2800, over) });
      expect(r.errors).toBeUndefined();
      expect(r.data.placeAlgoOrder).toMatchObject({ code: 'BAD_USER_INPUT', field, rule });
      expect(h.upstream(carol, 'POST', '/v1/algo/order')).toBe(0);
    },
  );

  it('refuses a TP/SL leg without its trigger (the path into childOrders)', async () => {
    const dave = h.trader();
    const input = {
      symbol: ETH,
      algoType: 'POSITIONAL_TP_SL',
      childOrders: [{ algoType: 'TAKE_PROFIT', side: 'SELL' }],
    };
    const r = await h.gql(dave, PLACE, { input });
    expect(r.data.placeAlgoOrder).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.childOrders.0.triggerPrice',
      rule: 'required',
    });
    expect(h.upstream(dave, 'POST', '/v1/algo/order')).toBe(0);
  });

  it('places once for one Idempotency-Key: the repeat replays the answer', async () => {
    const erin = h.trader();
    const headers = { 'idempotency-key': 'algo-once-1' };
    const first = await h.gql(erin, PLACE, { input: stop(2750) }, headers);
    const again = await h.gql(erin, PLACE, { input: stop(2750) }, headers);
    expect(again.data.placeAlgoOrder.algoOrderId).toBe(first.data.placeAlgoOrder.algoOrderId);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(h.upstream(erin, 'POST', '/v1/algo/order')).toBe(1);
  });
});

const EDIT = `mutation($input: EditAlgoOrderInput!) {
  editAlgoOrder(input: $input) {
    __typename
    ... on EditAlgoOrderSuccess { status algoOrder { triggerPrice quantity } }
    ... on Error { code message }
    ... on InputError { field rule }
  }
}`;

const CANCEL = `mutation($input: CancelAlgoOrderInput!) {
  cancelAlgoOrder(input: $input) {
    __typename
    ... on CancelAlgoOrderSuccess { status algoOrder { status } }
    ... on Error { code message }
  }
}`;

const CANCEL_ALL = `mutation($symbol: String, $algoType: AlgoType) {
  cancelAlgoOrders(symbol: $symbol, algoType: $algoType) {
    __typename
    ... on CancelAlgoOrdersSuccess { status symbol algoType }
    ... on Error { code message }
  }
}`;

describe('editAlgoOrder and the cancels', () => {
  it('edits a STOP trigger, cancels it, and a second cancel is NOT_FOUND', async () => {
    const frank = h.trader();
    const placed = await h.gql(frank, PLACE, { input: stop(2800) });
    const id = placed.data.placeAlgoOrder.algoOrderId;
    const edited = await h.gql(frank, EDIT, { input: { algoOrderId: id, triggerPrice: 2850 } });
    expect(edited.data.editAlgoOrder).toMatchObject({
      status: 'EDIT_SENT',
      algoOrder: { triggerPrice: 2850, quantity: 0.5 },
    });
    const input = { symbol: ETH, algoOrderId: id };
    const cancelled = await h.gql(frank, CANCEL, { input });
    expect(cancelled.data.cancelAlgoOrder).toMatchObject({
      status: 'CANCEL_SENT',
      algoOrder: { status: 'CANCELLED' },
    });
    const again = await h.gql(frank, CANCEL, { input });
    expect(again.data.cancelAlgoOrder).toMatchObject({
      __typename: 'UpstreamRejectedError',
      code: 'NOT_FOUND',
    });
  });

  it('refuses an edit with nothing to change before sending', async () => {
    const gina = h.trader();
    const r = await h.gql(gina, EDIT, { input: { algoOrderId: 1 } });
    expect(r.data.editAlgoOrder).toMatchObject({
      code: 'BAD_USER_INPUT',
      rule: 'nothingToChange',
    });
    expect(h.upstream(gina, 'PUT', '/v1/algo/order')).toBe(0);
  });

  it('cancels every STOP of a symbol; the list drops them (cache invalidated)', async () => {
    const hank = h.trader();
    for (const trigger of [2700, 2710, 2720]) await h.gql(hank, PLACE, { input: stop(trigger) });
    const open = { filter: { status: 'INCOMPLETE' } };
    expect((await h.gql(hank, LIST, open)).data.account.algoOrders.totalCount).toBe(3);
    const r = await h.gql(hank, CANCEL_ALL, { symbol: ETH, algoType: 'STOP' });
    expect(r.data.cancelAlgoOrders).toEqual({
      __typename: 'CancelAlgoOrdersSuccess',
      status: 'CANCEL_ALL_SENT',
      symbol: ETH,
      algoType: 'STOP',
    });
    expect((await h.gql(hank, LIST, open)).data.account.algoOrders.totalCount).toBe(0);
  });
});

describe('Account.algoOrders', () => {
  it('pages with first/after and refuses a cursor of another list', async () => {
    const ivan = h.trader();
    for (const trigger of [2600, 2610, 2620]) await h.gql(ivan, PLACE, { input: stop(trigger) });
    const one = await h.gql(ivan, LIST, { first: 2 });
    const page = one.data.account.algoOrders;
    expect(page.edges).toHaveLength(2);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const two = await h.gql(ivan, LIST, { first: 2, after: page.pageInfo.endCursor });
    expect(two.data.account.algoOrders.edges).toHaveLength(1);
    expect(two.data.account.algoOrders.pageInfo.hasNextPage).toBe(false);
    const ids = [...page.edges, ...two.data.account.algoOrders.edges].map(
      (e) => e.node.algoOrderId,
    );
    expect(new Set(ids).size).toBe(3);
    const bad = await h.gql(ivan, LIST, { after: Buffer.from('orders:0').toString('base64url') });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', rule: 'cursor' });
  });
});
