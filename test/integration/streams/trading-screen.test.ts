// @module-tag redis
/**
 * Subscription.tradingScreen end to end: gateway (SSE and graphql-ws on /graphql) → the
 * replica's screens → the account's private stream, the local book and the live marks → the
 * sandbox, over real HTTP, WebSocket and Redis. Orders and positions are made through the
 * gateway's mutations; the market moves through the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fencedBlocks, readDoc } from '../../unit/docs/markdown.ts';
import { callerPool, type TestCaller } from '../server/harness.ts';
import {
  type LiveHarness,
  type Result,
  type Sub,
  sseSubscribe,
  startLive,
  wsClient,
  wsSubscribe,
} from './gateway-harness.ts';

const SYMBOL = 'PERP_ETH_USDC';
const SCREEN = `subscription Screen($symbol: String!, $depth: Int) {
  tradingScreen(symbol: $symbol, depth: $depth) {
    symbol depth sequence timestamp coherent markPrice
    book { timestamp asks { price quantity } bids { price quantity } }
    openOrders { orderId side price quantity remainingQuantity status }
    algoOrders { algoOrderId algoType triggerPrice }
    positions { marginMode quantity averageOpenPrice markPrice unrealizedPnl notional estLiquidationPrice }
    balances { token holding }
    funding { estFundingRate nextFundingTime fundingInMs fundingPeriodHours }
  }
}`;

type Level = { price: number; quantity: number };
type Order = { orderId: string; side: string; price: number; remainingQuantity: number };
type Position = {
  quantity: number;
  averageOpenPrice: number;
  markPrice: number;
  unrealizedPnl: number;
};
type Frame = {
  sequence: number;
  timestamp: number;
  coherent: boolean;
  markPrice: number | null;
  book: { timestamp: number; asks: Level[]; bids: Level[] };
  openOrders: Order[];
  algoOrders: unknown[];
  positions: Position[];
  balances: { token: string; holding: number }[];
  funding: { nextFundingTime: number; fundingInMs: number; fundingPeriodHours: number } | null;
};

const framesOf = (sub: Sub): Frame[] =>
  sub.results.flatMap((r) => (r.data?.tradingScreen ? [r.data.tradingScreen as Frame] : []));
const uncrossed = (f: Frame) =>
  !f.book.asks[0] || !f.book.bids[0] || f.book.bids[0].price < f.book.asks[0].price;
const bidAt = (f: Frame, price: number) =>
  f.book.bids.find((l) => l.price === price)?.quantity ?? 0;

let h: LiveHarness;
const pool = callerPool('screen', 8);

beforeAll(async () => {
  h = await startLive({
    extra: pool.all,
    env: { SCREEN_MAX_PER_ACCOUNT: '2', UPSTREAM_LIMIT_SCALE: '50' },
    sandbox: { stream: { market: { orderbookUpdateMs: 20, markPriceMs: 20 } } },
  });
});
afterAll(() => h.close());

const replica = () => h.replicas[0]!;
const screens = () => replica().gateway.live.screens;

async function gql(caller: TestCaller, query: string, variables: Record<string, unknown>) {
  const r = await fetch(replica().url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${caller.token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await r.json()) as Result;
}

const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) { __typename ... on PlaceOrderSuccess { receipt { orderId } } ... on Error { code message } }
}`;
const PLACE_ALGO = `mutation($input: PlaceAlgoOrderInput!) {
  placeAlgoOrder(input: $input) { ... on PlaceAlgoOrderSuccess { algoOrderId } ... on Error { code message } }
}`;
const CANCEL = `mutation($input: CancelOrderInput!) { cancelOrder(input: $input) { __typename } }`;

async function place(caller: TestCaller, input: Record<string, unknown>): Promise<string> {
  const r = await gql(caller, PLACE, { input: { symbol: SYMBOL, ...input } });
  expect(r.data?.placeOrder?.__typename, JSON.stringify(r)).toBe('PlaceOrderSuccess');
  return String(r.data.placeOrder.receipt.orderId);
}

const sse = (caller: TestCaller, depth = 10) =>
  sseSubscribe(replica(), SCREEN, { token: caller.token, variables: { symbol: SYMBOL, depth } });

describe('tradingScreen', () => {
  it('starts from the REST state, then shows a placed and a cancelled order in the book and the orders of the same frames', async () => {
    h.sandbox.setMidPrice(SYMBOL, 3_000);
    const trader = pool.next();
    const early = await place(trader, {
      orderType: 'LIMIT',
      side: 'SELL',
      orderPrice: 3_200,
      orderQuantity: 0.3,
    });
    await place(trader, { orderType: 'MARKET', side: 'BUY', orderQuantity: 1 });
    const sub = sse(trader);
    expect(await sub.status).toBe(200);
    const first = (await sub.next((r) => r.data?.tradingScreen)).data.tradingScreen as Frame;
    expect(first.openOrders.map((o) => String(o.orderId))).toContain(early);
    expect(first.positions[0]).toMatchObject({ quantity: 1 });
    expect(first.balances.some((b) => b.token === 'USDC' && b.holding > 0)).toBe(true);
    expect(first.funding?.nextFundingTime).toBeGreaterThan(Date.now() - 1_000);
    expect(first.markPrice).toBeGreaterThan(0);

    const id = await place(trader, {
      orderType: 'LIMIT',
      side: 'BUY',
      orderPrice: 2_999.95,
      orderQuantity: 0.5,
    });
    const shows = (f: Frame) => f.openOrders.some((o) => String(o.orderId) === id);
    const withIt = (await sub.next((r) => r.data?.tradingScreen && shows(r.data.tradingScreen)))
      .data.tradingScreen as Frame;
    expect(bidAt(withIt, 2_999.95)).toBeGreaterThanOrEqual(0.5);
    expect(withIt.coherent).toBe(true);
    const cancelled = await gql(trader, CANCEL, { input: { symbol: SYMBOL, orderId: id } });
    expect(cancelled.data?.cancelOrder?.__typename).toBe('CancelOrderSuccess');
    await sub.next(
      (r) =>
        r.data?.tradingScreen &&
        !shows(r.data.tradingScreen) &&
        r.data.tradingScreen.sequence > withIt.sequence,
    );
    await vi.waitFor(() => expect(bidAt(framesOf(sub).at(-1)!, 2_999.95)).toBe(0));
    const frames = framesOf(sub);
    expect(frames.every(uncrossed)).toBe(true);
    // From the frame that lists the order on, it is in the frame's orders exactly when its
    // level is in the frame's book: placed, then cancelled, in both at once. (Before, the
    // public book may show the level a moment before the account's stream reports the order.)
    for (const f of frames.slice(frames.findIndex(shows))) {
      expect(shows(f), `frame ${f.sequence}`).toBe(bidAt(f, 2_999.95) >= 0.5);
    }
    sub.stop();
  });

  it('moves the position PnL with the mark', async () => {
    h.sandbox.setMidPrice(SYMBOL, 3_000);
    const trader = pool.next();
    await place(trader, { orderType: 'MARKET', side: 'BUY', orderQuantity: 2 });
    const client = wsClient(replica(), trader.token);
    const sub = wsSubscribe(client, SCREEN, { symbol: SYMBOL, depth: 5 });
    const first = (await sub.next((r) => r.data?.tradingScreen?.positions.length > 0)).data
      .tradingScreen as Frame;
    const { averageOpenPrice: open } = first.positions[0]!;
    for (const mark of [3_100, 2_900]) {
      h.sandbox.setMidPrice(SYMBOL, mark);
      const moved = (await sub.next((r) => r.data?.tradingScreen?.markPrice === mark)).data
        .tradingScreen as Frame;
      expect(moved.positions[0]!.markPrice).toBe(mark);
      expect(moved.positions[0]!.unrealizedPnl).toBeCloseTo(2 * (mark - open), 6);
    }
    sub.stop();
    await client.dispose();
    h.sandbox.setMidPrice(SYMBOL, 3_000);
  });

  it('computes once for every subscriber of an account, and stops with the last', async () => {
    await vi.waitFor(() => expect(screens().stats().screens).toBe(0), { timeout: 10_000 });
    const base = screens().stats().frames;
    const trader = pool.next();
    const client = wsClient(replica(), trader.token);
    const ws = wsSubscribe(client, SCREEN, { symbol: SYMBOL, depth: 7 });
    const viaSse = sse(trader, 7);
    await ws.next((r) => r.data?.tradingScreen);
    await viaSse.next((r) => r.data?.tradingScreen);
    expect(screens().stats()).toMatchObject({ screens: 1, subscribers: 2 });
    const metrics = await replica().gateway.metrics.render();
    expect(metrics).toMatch(/^svc_graphql_trading_screens\{kind="screens"\} 1$/m);
    expect(metrics).toMatch(/^svc_graphql_trading_screens\{kind="subscribers"\} 2$/m);

    h.sandbox.setMidPrice(SYMBOL, 3_005);
    await ws.next((r) => r.data?.tradingScreen?.markPrice === 3_005);
    await viaSse.next((r) => r.data?.tradingScreen?.markPrice === 3_005);
    // One computation: both subscribers got the same frames (numbered by the screen), and
    // the replica computed each of them once, not once per subscriber.
    const last = (s: Sub) => framesOf(s).at(-1)!.sequence;
    await vi.waitFor(() => {
      expect(last(viaSse)).toBe(last(ws));
      expect(screens().stats().frames - base).toBe(last(ws));
    });
    expect(last(ws)).toBeGreaterThan(1);

    ws.stop();
    await vi.waitFor(() => expect(screens().stats()).toMatchObject({ screens: 1, subscribers: 1 }));
    viaSse.stop();
    await vi.waitFor(() => expect(screens().stats()).toMatchObject({ screens: 0, subscribers: 0 }));
    await client.dispose();
    h.sandbox.setMidPrice(SYMBOL, 3_000);
  });

  it('sends at most 10 frames a second under a burst of book and mark updates', async () => {
    const trader = pool.next();
    const sub = sse(trader, 20);
    await sub.next((r) => r.data?.tradingScreen);
    const activity = (bookUpdatesPerSecond: number) =>
      fetch(`${h.sandbox.url}/sandbox/markets/${SYMBOL}/activity`, {
        method: 'POST',
        body: JSON.stringify({ bookUpdatesPerSecond }),
      });
    expect((await activity(50)).status).toBe(200);
    try {
      const from = framesOf(sub).length;
      const start = Date.now();
      await vi.waitFor(() => expect(Date.now() - start).toBeGreaterThan(1_500), { timeout: 5_000 });
      const frames = framesOf(sub).slice(from);
      const span = frames.at(-1)!.timestamp - frames[0]!.timestamp;
      expect(frames.length).toBeGreaterThan(3);
      // Frames are 100 ms apart by the channel's clock, give or take its timer's 2 ms, but for
      // the one book frame that follows a tick of its own at once (src/screen/tick-clock.ts):
      // unthrottled, the 50 updates a second would send about 75 frames here.
      expect(frames.length).toBeLessThanOrEqual(Math.floor(span / 98) + 2);
      expect(frames.every(uncrossed)).toBe(true);
    } finally {
      await activity(0);
      // Also when an assertion failed: a screen left open would count in the next test.
      sub.stop();
    }
  });

  it('reads the algo orders again after the account stream reconnects (the upstream has no replay)', async () => {
    const trader = pool.next();
    const sub = sse(trader, 3);
    expect((await sub.next((r) => r.data?.tradingScreen)).data.tradingScreen.algoOrders).toEqual(
      [],
    );
    const control = (path: string, body: unknown = {}) =>
      fetch(`${h.sandbox.url}/sandbox/connections/${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    expect((await control('drop', { refuse: true })).status).toBe(200);
    await vi.waitFor(() =>
      expect(replica().gateway.live.hub.accountReady(trader.entry.accountId)).toBe(false),
    );
    // Placed while the stream is down: its algoexecutionreport is never seen.
    const input = {
      symbol: SYMBOL,
      algoType: 'STOP',
      side: 'SELL',
      type: 'MARKET',
      quantity: 0.5,
      triggerPrice: 2_500,
    };
    const placed = await gql(trader, PLACE_ALGO, { input });
    const id = placed.data?.placeAlgoOrder?.algoOrderId;
    expect(id, JSON.stringify(placed)).toBeDefined();
    expect((await control('accept')).ok).toBe(true);
    const shown = await sub.next(
      (r) =>
        r.data?.tradingScreen?.algoOrders.some(
          (a: { algoOrderId: unknown }) => a.algoOrderId === id,
        ),
      10_000,
    );
    expect(shown.data.tradingScreen.algoOrders[0]).toMatchObject({
      algoType: 'STOP',
      triggerPrice: 2_500,
    });
    sub.stop();
  });

  it("runs docs/subscriptions.md's example", async () => {
    const doc = readDoc('docs/subscriptions.md');
    const section = doc.slice(doc.indexOf('## Trading screen'));
    const example = fencedBlocks(section, 'graphql')[0]!;
    const trader = pool.next();
    await place(trader, { orderType: 'MARKET', side: 'SELL', orderQuantity: 0.5 });
    const sub = sseSubscribe(replica(), example, {
      token: trader.token,
      variables: { symbol: SYMBOL, depth: 5 },
    });
    const frame = (await sub.next((r) => r.data?.tradingScreen)).data.tradingScreen;
    expect(frame.book.bids.length).toBeLessThanOrEqual(5);
    expect(frame.positions).toMatchObject([{ marginMode: 'CROSS', quantity: -0.5 }]);
    expect(frame.positions[0].estLiquidationPrice).toBeGreaterThan(3_000);
    expect(frame.funding.fundingInMs).toBeGreaterThan(0);
    sub.stop();
  });

  it('refuses what it cannot serve before making a screen', async () => {
    const trader = pool.next();
    const unknown = sseSubscribe(replica(), SCREEN, {
      token: trader.token,
      variables: { symbol: 'PERP_NOPE_USDC' },
    });
    const refused = await unknown.next((r) => r.errors !== undefined);
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'symbol',
    });
    const deep = sse(trader, 51);
    expect((await deep.next((r) => r.errors !== undefined)).errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'depth',
    });
    const anonymous = sseSubscribe(replica(), SCREEN, { variables: { symbol: SYMBOL } });
    expect(
      (await anonymous.next((r) => r.errors !== undefined)).errors?.[0]?.extensions,
    ).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    // SCREEN_MAX_PER_ACCOUNT=2: a third depth of one account is refused.
    const a = sse(trader, 1);
    const b = sse(trader, 2);
    await a.next((r) => r.data?.tradingScreen);
    await b.next((r) => r.data?.tradingScreen);
    const c = sse(trader, 3);
    expect((await c.next((r) => r.errors !== undefined)).errors?.[0]?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'SCREEN_LIMIT',
    });
    expect(screens().stats().screens).toBe(2);
    for (const s of [unknown, deep, anonymous, a, b, c]) s.stop();
    await vi.waitFor(() => expect(screens().stats().screens).toBe(0));
  });
});
