/**
 * A client nobody here wrote: Apollo Client 4 with its persisted-queries link (`sha256`,
 * hashed queries by GET) runs every operation in operations/ against a gateway in `require`
 * mode, by hash only, as callers that are not developers.
 */
import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { getOperationAST } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as generated from '../../../operations/generated/graphql.ts';
import { type Running, uniquePrefix } from '../server/harness.ts';
import {
  apolloClient,
  type Callers,
  carriesText,
  makeCallers,
  type RecordingClient,
  startPersistedGateway,
} from './harness.ts';

let gw: Running;
let callers: Callers;
let trader: RecordingClient;
let admin: RecordingClient;
let anonymous: RecordingClient;

beforeAll(async () => {
  callers = makeCallers('apollo');
  gw = await startPersistedGateway(uniquePrefix('po-apollo'), callers, {
    PERSISTED_OPERATIONS: 'require',
  });
  trader = apolloClient(gw, callers.trader.token);
  admin = apolloClient(gw, callers.admin.token);
  anonymous = apolloClient(gw);
});
afterAll(() => gw?.close());

const ran = new Set<string>();
const operationName = (doc: TypedDocumentNode<unknown, never>) =>
  getOperationAST(doc)?.name?.value as string;

/** Runs a generated document by hash (query or mutation) and returns its typed data. */
async function run<TData, TVariables extends OperationVariables>(
  who: RecordingClient,
  doc: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
): Promise<TData> {
  const before = who.sent.length;
  const isMutation = getOperationAST(doc)?.operation === 'mutation';
  const { data } = isMutation
    ? await who.client.mutate({ mutation: doc, variables } as ApolloClient.MutateOptions<
        TData,
        TVariables
      >)
    : await who.client.query({ query: doc, variables } as ApolloClient.QueryOptions<
        TData,
        TVariables
      >);
  const sent = who.sent.slice(before);
  expect(sent, 'one request, by hash, answered 200').toMatchObject([
    { method: isMutation ? 'POST' : 'GET', status: 200 },
  ]);
  expect(sent.filter(carriesText), 'no GraphQL text on the wire').toEqual([]);
  ran.add(operationName(doc));
  return data as TData;
}

describe('Apollo Client 4 + persisted-queries link, PERSISTED_OPERATIONS=require', () => {
  it('runs the trading dashboard by hash only: a GET with no query text', async () => {
    const placed = await run(trader, generated.PlaceOrderDocument, {
      input: {
        symbol: 'PERP_ETH_USDC',
        orderType: 'LIMIT',
        side: 'BUY',
        orderPrice: 2000,
        orderQuantity: 0.5,
        clientOrderId: 'po-apollo-1',
      },
    });
    expect(placed.placeOrder).toMatchObject({
      __typename: 'PlaceOrderSuccess',
      order: { clientOrderId: 'po-apollo-1', status: 'NEW', isFinal: false },
    });

    const before = trader.sent.length;
    const dashboard = await run(trader, generated.TradingDashboardDocument, {
      clientOrderIds: ['po-apollo-1'],
    });
    expect(dashboard.account).toMatchObject({
      __typename: 'Account',
      id: callers.trader.entry.accountId,
      accountMode: 'FUTURES',
    });
    expect(dashboard.account?.feeRates.length).toBeGreaterThan(0);
    expect(dashboard.orders).toEqual([
      expect.objectContaining({ clientOrderId: 'po-apollo-1', symbol: 'PERP_ETH_USDC' }),
    ]);
    const [request] = trader.sent.slice(before);
    expect(request?.url.searchParams.get('operationName')).toBe('TradingDashboard');
    const extensions = JSON.parse(request?.url.searchParams.get('extensions') ?? '{}');
    expect(extensions.persistedQuery.sha256Hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('runs the other trader operations by hash', async () => {
    const status = await run(trader, generated.OrderStatusDocument, {
      clientOrderId: 'po-apollo-1',
    });
    expect(status.order).toMatchObject({ clientOrderId: 'po-apollo-1', side: 'BUY' });

    const margin = await run(trader, generated.SetDefaultMarginModeDocument, {
      input: { symbol: 'PERP_NEAR_USDC', defaultMarginMode: 'ISOLATED' },
    });
    expect(margin.setDefaultMarginMode).toEqual({
      __typename: 'SetDefaultMarginModeSuccess',
      symbol: 'PERP_NEAR_USDC',
      defaultMarginMode: 'ISOLATED',
    });

    const rebates = await run(trader, generated.RebateSummaryDocument, {
      startDate: '2024-01-01',
      endDate: '2024-12-31',
    });
    expect(rebates.refereeRebateSummary).toMatchObject({ totalRefereeRebate: 0, days: [] });

    const nonce = await run(anonymous, generated.StrategyVaultNonceDocument, {});
    expect(typeof nonce.strategyVaultNonce).toBe('number');
  });

  it('runs the market reads by hash: anonymous but for the signed book', async () => {
    const markets = await run(anonymous, generated.MarketsDocument, {});
    expect(markets.markets.map((m) => m.symbol)).toContain('PERP_ETH_USDC');
    const ticker = await run(anonymous, generated.MarketTickerDocument, {
      symbol: 'PERP_ETH_USDC',
    });
    expect(ticker.market).toMatchObject({ symbol: 'PERP_ETH_USDC' });
    expect(ticker.market?.markPrice).toBeGreaterThan(0);
    const book = await run(trader, generated.OrderBookDocument, {
      symbol: 'PERP_ETH_USDC',
      depth: 3,
    });
    expect(book.orderBook.asks).toHaveLength(3);
    const trades = await run(anonymous, generated.MarketTradesDocument, {
      symbol: 'PERP_ETH_USDC',
      first: 5,
    });
    expect(trades.marketTrades).toBeInstanceOf(Array);
    const candles = await run(anonymous, generated.KlinesDocument, {
      symbol: 'PERP_ETH_USDC',
      interval: 'MIN_1',
      first: 3,
    });
    expect(candles.klines.length).toBeGreaterThan(0);
  });

  it('runs the order lifecycle operations by hash', async () => {
    const resting = (clientOrderId: string, orderPrice: number) => ({
      symbol: 'PERP_ETH_USDC',
      orderType: 'LIMIT' as const,
      side: 'BUY' as const,
      orderPrice,
      orderQuantity: 0.1,
      clientOrderId,
    });
    const ladder = await run(trader, generated.PlaceOrdersDocument, {
      inputs: [resting('po-lc-1', 2800), resting('po-lc-2', 2810), resting('po-lc-3', 2820)],
    });
    const placed =
      ladder.placeOrders?.__typename === 'PlaceOrdersSuccess' ? ladder.placeOrders.results : [];
    expect(placed.map((r) => r.__typename)).toEqual(Array(3).fill('PlaceOrderSuccess'));
    const [first] = placed;
    const orderId = first?.__typename === 'PlaceOrderSuccess' ? first.receipt.orderId : 0;

    const page = await run(trader, generated.OpenOrdersDocument, {
      filter: { status: 'INCOMPLETE', symbol: 'PERP_ETH_USDC' },
      first: 2,
    });
    expect(page.account?.orders?.edges).toHaveLength(2);
    const more = await run(trader, generated.OpenOrdersDocument, {
      filter: { status: 'INCOMPLETE', symbol: 'PERP_ETH_USDC' },
      first: 2,
      after: page.account?.orders?.pageInfo.endCursor,
    });
    expect(more.account?.orders?.pageInfo.hasNextPage).toBe(false);

    const edit = await run(trader, generated.EditOrderDocument, {
      input: { ...resting('po-lc-1', 2805), orderId: Number(orderId), clientOrderId: undefined },
    });
    expect(edit.editOrder).toMatchObject({ __typename: 'EditOrderSuccess', status: 'EDIT_SENT' });
    const cancel = await run(trader, generated.CancelOrderDocument, {
      input: { symbol: 'PERP_ETH_USDC', clientOrderId: 'po-lc-1' },
    });
    expect(cancel.cancelOrder).toMatchObject({ __typename: 'CancelOrderSuccess' });
    const some = await run(trader, generated.CancelOrdersDocument, {
      input: { clientOrderIds: ['po-lc-2'] },
    });
    expect(some.cancelOrders).toMatchObject({ __typename: 'CancelOrdersSuccess' });
    const all = await run(trader, generated.CancelAllOrdersDocument, { symbol: 'PERP_ETH_USDC' });
    expect(all.cancelAllOrders).toMatchObject({ __typename: 'CancelAllOrdersSuccess' });

    const positions = await run(trader, generated.PositionsDocument, {});
    expect(positions.account?.positions?.rows).toBeInstanceOf(Array);
    const balances = await run(trader, generated.BalancesDocument, { includeZero: true });
    expect(balances.account?.balances?.length).toBeGreaterThan(0);
  });

  it('runs every broker-admin operation by hash with the admin token', async () => {
    const referrer = callers.trader.entry.accountId;
    const code = await run(admin, generated.CreateReferralCodeDocument, {
      input: {
        accountId: referrer,
        referralCode: 'PO_APOLLO',
        maxRebateRate: 0.3,
        referrerRebateRate: 0.1,
        refereeRebateRate: 0.2,
      },
    });
    expect(code.createReferralCode).toMatchObject({
      __typename: 'CreateReferralCodeSuccess',
      referralCode: 'PO_APOLLO',
    });

    const page = await run(admin, generated.ReferralAdminPageDocument, {
      accountId: referrer,
      page: 1,
      size: 10,
      sortBy: 'TOTAL_INVITES',
    });
    expect(page.referralAdminInfo).toMatchObject({
      rows: [{ accountId: referrer, referralCodes: [{ code: 'PO_APOLLO' }] }],
      meta: { currentPage: 1, total: 1 },
    });

    const affiliate = await run(admin, generated.SetAffiliateRebateRateDocument, {
      input: { rebateRate: 0.25, accountIds: [referrer] },
    });
    expect(affiliate.setAffiliateRebateRate).toMatchObject({
      __typename: 'SetAffiliateRebateRateSuccess',
      rebateRate: 0.25,
    });

    const fees = await run(admin, generated.SetDefaultFeeRatesDocument, {
      input: { makerFeeRate: 0.00013, takerFeeRate: 0.00041 },
    });
    expect(fees.setDefaultFeeRates).toMatchObject({
      __typename: 'SetDefaultFeeRatesSuccess',
      makerFeeRate: 0.00013,
    });

    const tag = await run(admin, generated.UpdateOrderTagFeeConfigDocument, {
      enumId: 'PO_GRID',
      input: {
        name: 'Grid',
        defaultFeeRate: 0.004,
        pairOverrides: [{ symbol: 'PERP_BTC_USDC', feeRate: 0.0025 }],
      },
    });
    expect(tag.updateOrderTagFeeConfig).toMatchObject({
      __typename: 'UpdateOrderTagFeeConfigSuccess',
      orderTag: 'enum:PO_GRID',
    });

    const stage = await run(admin, generated.UpsertPointsStageDocument, {
      input: { stageName: 'PO stage', startDate: '2030-01-01', endDate: '2030-03-31' },
    });
    expect(stage.upsertPointsStage).toMatchObject({
      __typename: 'UpsertPointsStageSuccess',
      created: true,
    });
  });

  it('runs the algo-order, TP/SL and leverage operations by hash', async () => {
    const symbol = 'PERP_ETH_USDC';
    const long = await run(trader, generated.PlaceOrderDocument, {
      input: { symbol, orderType: 'MARKET', side: 'BUY', orderQuantity: 1 },
    });
    expect(long.placeOrder).toMatchObject({ __typename: 'PlaceOrderSuccess' });
    const leverage = await run(trader, generated.SetLeverageDocument, {
      input: { symbol, leverage: 10 },
    });
    expect(leverage.setLeverage).toMatchObject({ __typename: 'SetLeverageSuccess', leverage: 10 });
    expect((await run(trader, generated.LeverageDocument, { symbol })).account?.cross).toBe(10);

    const tpsl = await run(trader, generated.SetPositionTpSlDocument, {
      input: { symbol, takeProfit: { offset: 200 }, stopLoss: { offsetPercent: 5 } },
    });
    expect(tpsl.setPositionTpSl).toMatchObject({ __typename: 'SetPositionTpSlSuccess' });
    const panel = await run(trader, generated.PositionTpSlDocument, {});
    const row = panel.account?.positions?.rows.find((r) => r.symbol === symbol);
    expect(row?.tpsl?.full?.algoType).toBe('POSITIONAL_TP_SL');

    const stop = await run(trader, generated.PlaceAlgoOrderDocument, {
      input: {
        symbol,
        algoType: 'STOP',
        side: 'SELL',
        type: 'MARKET',
        quantity: 0.5,
        triggerPrice: 2500,
      },
    });
    const placed = stop.placeAlgoOrder;
    expect(placed).toMatchObject({ __typename: 'PlaceAlgoOrderSuccess' });
    const algoOrderId = placed?.__typename === 'PlaceAlgoOrderSuccess' ? placed.algoOrderId : 0;
    const list = await run(trader, generated.AlgoOrdersDocument, {
      filter: { status: 'INCOMPLETE' },
      first: 10,
    });
    expect(list.account?.algoOrders?.totalCount).toBe(2);
    const edit = await run(trader, generated.EditAlgoOrderDocument, {
      input: { algoOrderId, triggerPrice: 2550 },
    });
    expect(edit.editAlgoOrder).toMatchObject({ __typename: 'EditAlgoOrderSuccess' });
    const cancel = await run(trader, generated.CancelAlgoOrderDocument, {
      input: { symbol, algoOrderId },
    });
    expect(cancel.cancelAlgoOrder).toMatchObject({ __typename: 'CancelAlgoOrderSuccess' });
    const all = await run(trader, generated.CancelAlgoOrdersDocument, { symbol });
    expect(all.cancelAlgoOrders).toMatchObject({ __typename: 'CancelAlgoOrdersSuccess' });
  });

  it("runs the reference trading screen's reads by hash (operations/demo)", async () => {
    const symbol = 'PERP_ETH_USDC';
    const symbols = await run(trader, generated.ScreenSymbolsDocument, {});
    expect(symbols.markets.map((m) => m.symbol)).toContain(symbol);
    const market = await run(trader, generated.ScreenMarketDocument, { symbol });
    expect(market.market?.symbol).toBe(symbol);
    const orders = await run(trader, generated.ScreenOpenOrdersDocument, { first: 20 });
    expect(orders.account).toBeDefined();
    expect((await run(trader, generated.ScreenPositionsDocument, {})).account).toBeDefined();
    expect((await run(trader, generated.ScreenBalancesDocument, {})).account).toBeDefined();
    const algo = await run(trader, generated.ScreenAlgoOrdersDocument, { first: 20 });
    expect(algo.account).toBeDefined();
  });

  // Subscriptions (operations/live) travel over SSE or graphql-ws, not this HTTP link: the
  // streams suite runs each of them.
  it('has run every query and mutation in operations/ (a new one needs a case here)', () => {
    const all = Object.entries(generated)
      .filter(([name]) => name.endsWith('Document'))
      .map(([, doc]) => doc as TypedDocumentNode<unknown, never>)
      .filter((doc) => getOperationAST(doc)?.operation !== 'subscription')
      .map((doc) => operationName(doc))
      .sort();
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect([...ran].sort()).toEqual(all);
  });
});
