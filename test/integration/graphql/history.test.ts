/**
 * The account history connections end to end (gateway in-process, sandbox over HTTP): each
 * list read a page at a time while the sandbox adds rows between pages (fills, transfers,
 * closed positions, liquidations, funding periods) ends with exactly the rows the sandbox
 * listed when the first page was read — none lost, none twice — while the sandbox's list has
 * grown at its top meanwhile. `Order.fills` of 50 orders is one upstream read of trades.
 * Bad filters are BAD_USER_INPUT naming field and rule, with nothing sent. Withdrawals and PnL
 * settlements, sent through the gateway with a wallet's signature: wallet-history.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../helpers/graphql-harness.ts';
import { type Any, historyKit, type Trader } from './history-kit.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ limits: false });
});
afterAll(() => h.close());

const { run, sandboxList, expectNoLossNoRepeat, ...kit } = historyKit(() => h);
const trader = (balance?: number) => kit.trader({ balance });

const ETH = 'PERP_ETH_USDC';
const SOL = 'PERP_SOL_USDC';
const NEAR = 'PERP_NEAR_USDC';
const HOUR = 3_600_000;

async function market(t: Trader, side: string, quantity: number, over: object = {}) {
  const r = await t.rest.order({
    symbol: ETH,
    order_type: 'MARKET',
    side,
    order_quantity: quantity,
    ...over,
  });
  expect(r.status, r.text).toBe(200);
  return r.body.data.order_id as number;
}

describe('pages while rows arrive between them', () => {
  it('trades: fills of new orders (several in one millisecond) never shift a later page', async () => {
    const t = trader();
    for (const side of ['BUY', 'SELL', 'BUY', 'SELL']) await market(t, side, 25);
    const PLACE = `mutation { placeOrder(input: { symbol: "${ETH}", orderType: MARKET, side: BUY, orderQuantity: 25 }) { __typename } }`;
    const { before, after } = await expectNoLossNoRepeat(
      t,
      {
        field: 'trades',
        node: 'tradeId isMaker realizedPnl',
        key: (n) => n.tradeId,
        first: 3,
        between: async () => {
          h.advance(1_000);
          expect((await run(t, PLACE)).data.placeOrder.__typename).toBe('PlaceOrderSuccess');
        },
      },
      '/v1/trades?size=500',
      (row) => String(row.id),
    );
    // A fresh first page starts with the fills that arrived meanwhile.
    const fresh = await run(t, '{ account { trades(first: 2) { edges { node { tradeId } } } } }');
    expect(fresh.data.account.trades.edges.map((e: Any) => e.node.tradeId)).toEqual(
      after.slice(0, 2),
    );
    expect(after.length - before.length).toBeGreaterThan(2);
  });

  it('assetHistory: internal transfers between pages', async () => {
    const t = trader(10_000);
    const other = trader();
    let nonce = 0;
    const TRANSFER = `mutation($input: RequestInternalTransferInput!) { requestInternalTransfer(input: $input) { __typename } }`;
    const send = async () => {
      const input = {
        signature: `0x${'ab'.repeat(65)}`,
        userAddress: t.address,
        verifyingContract: `0x${'12'.repeat(20)}`,
        message: {
          receiver: other.account.accountId,
          token: 'USDC',
          amount: 10,
          transferNonce: String(++nonce),
          chainId: '421614',
          chainType: 'EVM',
        },
      };
      const r = await run(t, TRANSFER, { input });
      expect(r.data?.requestInternalTransfer?.__typename, JSON.stringify(r)).toBe(
        'RequestInternalTransferSuccess',
      );
    };
    for (let i = 0; i < 4; i++) await send();
    await expectNoLossNoRepeat(
      t,
      {
        field: 'assetHistory',
        node: 'id side amount status',
        key: (n) => n.id,
        first: 2,
        between: async () => {
          h.advance(60_000); // GET /v1/asset/history: 10 per 60 s
          await send();
        },
      },
      '/v1/asset/history?size=500',
      (row) => row.id,
    );
  });

  it('positionHistory: positions closed between pages', async () => {
    const t = trader();
    const roundTrip = async () => {
      await market(t, 'BUY', 1);
      await market(t, 'SELL', 1);
    };
    for (let i = 0; i < 5; i++) await roundTrip();
    await expectNoLossNoRepeat(
      t,
      {
        field: 'positionHistory',
        node: 'positionId side realizedPnl closeType',
        key: (n) => n.positionId,
        first: 2,
        between: async () => {
          h.advance(1_000);
          await roundTrip();
        },
      },
      '/v1/position_history?limit=500',
      (row) => String(row.position_id),
    );
  });

  it('liquidations: a thin account liquidated again between pages', async () => {
    const t = trader();
    const liquidate = async () => {
      h.sandbox.registerAccount({ ...t.account.seed, balance: 50 });
      await market(t, 'BUY', 5, { symbol: SOL });
      h.sandbox.setMidPrice(SOL, 142.5);
      h.sandbox.setMidPrice(SOL, 150);
    };
    for (let i = 0; i < 4; i++) await liquidate();
    await expectNoLossNoRepeat(
      t,
      {
        field: 'liquidations',
        node: 'liquidationId positions { symbol positionQty }',
        key: (n) => n.liquidationId,
        first: 1,
        between: async () => {
          h.advance(1_000);
          await liquidate();
        },
      },
      '/v1/liquidations?size=500',
      (row) => String(row.liquidation_id),
    );
  });

  it('fundingFees: two positions, two rows of one time each period', async () => {
    const t = trader();
    await t.rest.order({ symbol: NEAR, order_type: 'MARKET', side: 'BUY', order_quantity: 100 });
    const isolated = { symbol: NEAR, order_type: 'MARKET', side: 'SELL', order_quantity: 50 };
    await t.rest.order({ ...isolated, margin_mode: 'ISOLATED' });
    h.advance(5 * HOUR);
    const key = (n: Any) => `${n.createdTime}|${n.marginMode}`;
    const { before } = await expectNoLossNoRepeat(
      t,
      {
        field: 'fundingFees',
        filter: `{ symbol: "${NEAR}" }`,
        node: 'createdTime marginMode paymentType fundingFee',
        key,
        first: 3,
        between: async () => h.advance(HOUR),
      },
      '/v1/funding_fee/history?size=500',
      (row) => `${row.created_time}|${row.margin_mode}`,
    );
    expect(before.length).toBe(10);
  });

  it('pnlSettlements: none yet, an empty page', async () => {
    const r = await run(
      trader(),
      '{ account { pnlSettlements { totalCount edges { node { id } } pageInfo { hasNextPage } } } }',
    );
    expect(r.data.account.pnlSettlements).toEqual({
      totalCount: 0,
      edges: [],
      pageInfo: { hasNextPage: false },
    });
  });
});

describe('Order.fills', () => {
  it('of 50 orders: one read of the orders and one of trades, each order its own fills', async () => {
    const t = trader();
    for (let i = 0; i < 50; i++) await market(t, i % 2 ? 'SELL' : 'BUY', 12);
    h.advance(120_000); // let every cache entry of the setup expire
    h.sandbox.resetRequestLog();
    const r = await run(
      t,
      '{ account { orders(first: 50) { edges { node { orderId executedQuantity fills { tradeId quantity isMaker realizedPnl } } } } } }',
    );
    expect(r.errors).toBeUndefined();
    const orders = r.data.account.orders.edges.map((e: Any) => e.node);
    expect(orders).toHaveLength(50);
    expect(h.upstreamCalls({ path: '/v1/orders' })).toBe(1);
    expect(h.upstreamCalls({ path: '/v1/trades' })).toBe(1);
    expect(h.upstreamCalls({ path: /^\/v1\/order\/\d+\/trades$/ })).toBe(0);
    expect(h.upstreamCalls()).toBe(2);
    for (const order of orders.slice(0, 5)) {
      const own = await sandboxList(t, `/v1/order/${order.orderId}/trades`, (row) =>
        String(row.id),
      );
      expect(order.fills.map((f: Any) => f.tradeId)).toEqual(own);
      const filled = order.fills.reduce((sum: number, f: Any) => sum + f.quantity, 0);
      expect(filled).toBeCloseTo(order.executedQuantity, 8);
      expect(order.fills.every((f: Any) => f.isMaker === false)).toBe(true);
    }
  });
});

describe('filters', () => {
  const t = () => trader();
  it.each([
    ['trades', '{ from: 2000, to: 1000 }', 'filter.to', 'timeOrder'],
    ['trades', '{ symbol: "ETH" }', 'filter.symbol', 'symbol'],
    ['fundingFees', '{ symbol: "PERP_eth_USDC", from: 5, to: 4 }', 'filter.to', 'timeOrder'],
    ['positionHistory', '{ symbol: "BTC-USDC" }', 'filter.symbol', 'symbol'],
    ['assetHistory', '{ token: "usdc" }', 'filter.token', 'token'],
    ['liquidations', '{ from: 10, to: 9 }', 'filter.to', 'timeOrder'],
    ['pnlSettlements', '{ from: 10, to: 9 }', 'filter.to', 'timeOrder'],
  ])('%s(filter: %s) → BAD_USER_INPUT %s %s, nothing sent', async (field, filter, path, rule) => {
    h.sandbox.resetRequestLog();
    const r = await run(t(), `{ account { ${field}(filter: ${filter}) { totalCount } } }`);
    const e = r.errors?.[0];
    expect(e?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(e?.extensions?.issues).toContainEqual(expect.objectContaining({ field: path, rule }));
    expect(e?.message).toContain(path);
    expect(h.upstreamCalls()).toBe(0);
  });

  it.each([
    [{ first: 0 }, 'first'],
    [{ first: 501 }, 'first'],
    [{ after: Buffer.from('orders:0').toString('base64url') }, 'after'],
    [{ after: 'x'.repeat(161) }, 'after'],
  ])('%j → BAD_USER_INPUT naming %s, nothing sent', async (variables, field) => {
    h.sandbox.resetRequestLog();
    const r = await run(
      t(),
      'query($first: Int, $after: String) { account { trades(first: $first, after: $after) { totalCount } } }',
      variables,
    );
    const e = r.errors?.[0];
    expect(e?.extensions?.code).toBe('BAD_USER_INPUT');
    const issues = (e?.extensions?.issues as Any[] | undefined) ?? [e?.extensions];
    expect(issues).toContainEqual(expect.objectContaining({ field }));
    expect(h.upstreamCalls()).toBe(0);
  });
});
