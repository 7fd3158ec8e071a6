// @module-tag redis
/**
 * Live market data end to end: gateway (SSE and graphql-ws on /graphql) → the replica's one
 * public upstream connection and local books → the sandbox's public topics, over real HTTP
 * and WebSocket on port 0.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import {
  connections,
  type LiveHarness,
  type Result,
  sseSubscribe,
  startLive,
  wsClient,
  wsSubscribe,
} from './gateway-harness.ts';
import { RawStream } from './raw-client.ts';

const SYMBOL = 'PERP_ETH_USDC';
const BOOK = `subscription($symbol: String!, $depth: Int) {
  orderBook(symbol: $symbol, depth: $depth) { symbol timestamp asks { price quantity } bids { price quantity } }
}`;

type Level = { price: number; quantity: number };
type Frame = { symbol: string; timestamp: number; asks: Level[]; bids: Level[] };
type Pair = [number, number];

/** Asks ascending, bids descending, best bid below best ask: what every frame must be. */
function wellFormed(f: Frame): boolean {
  const up = f.asks.every((l, i) => i === 0 || l.price > f.asks[i - 1]!.price);
  const down = f.bids.every((l, i) => i === 0 || l.price < f.bids[i - 1]!.price);
  const uncrossed = !f.asks[0] || !f.bids[0] || f.bids[0].price < f.asks[0].price;
  return up && down && uncrossed;
}

const framesOf = (results: Result[]): Frame[] =>
  results.flatMap((r) => (r.data?.orderBook ? [r.data.orderBook as Frame] : []));

// Both lanes: shared results handed over in the hub's loop, and every result pulled through
// yoga's iterators (SUBSCRIPTION_DIRECT_LANE=off).
describe.each(['on', 'off'])('market subscriptions, SUBSCRIPTION_DIRECT_LANE=%s', (lane) => {
  let h: LiveHarness;

  beforeAll(async () => {
    h = await startLive({
      env: { SUBSCRIPTION_DIRECT_LANE: lane },
      sandbox: { stream: { market: { orderbookUpdateMs: 20, markPriceMs: 20, klineMs: 20 } } },
    });
  });
  afterAll(() => h.close());

  const books = () => h.replicas[0]!.gateway.live.hub.books;

  /** The sandbox's own book as of its latest update (a one-shot request on a raw connection). */
  async function upstreamBook(depth: number): Promise<Frame> {
    const raw = await RawStream.open(`${h.sandbox.url}/ws/stream/probe`);
    try {
      const answer = await raw.request({
        event: 'request',
        params: { type: 'orderbook', symbol: SYMBOL },
      });
      const level = ([price, quantity]: Pair) => ({ price, quantity });
      return {
        symbol: SYMBOL,
        timestamp: answer.data.ts,
        asks: answer.data.asks.slice(0, depth).map(level),
        bids: answer.data.bids.slice(0, depth).map(level),
      };
    } finally {
      await new Promise((resolve) => {
        raw.ws.once('close', resolve);
        raw.ws.close();
      });
    }
  }

  /** The sandbox's book by REST (`GET /v1/orderbook/{symbol}`, signed as alice). */
  async function restBook(depth: number): Promise<Pick<Frame, 'asks' | 'bids'>> {
    const { entry } = h.callers.alice;
    const client = new SandboxClient(h.sandbox.url, {
      accountId: entry.accountId,
      secret: entry.secret as string,
      tradingSecret: entry.tradingSecret as string,
    });
    const r = await client.get(`/v1/orderbook/${SYMBOL}?max_level=${depth}`);
    expect(r.status).toBe(200);
    const { asks, bids } = (r.body as { data: Frame }).data;
    return { asks, bids };
  }

  /** Waits until the subscriber's latest frame is the sandbox's current book. */
  const caughtUp = (results: Result[], depth: number) =>
    vi.waitFor(
      async () => {
        expect(framesOf(results).at(-1)).toEqual(await upstreamBook(depth));
      },
      { timeout: 5_000, interval: 20 },
    );

  it('delivers the book at once over SSE, anonymous, then each change', async () => {
    const sub = sseSubscribe(h.replicas[0]!, BOOK, { variables: { symbol: SYMBOL, depth: 3 } });
    expect(await sub.status).toBe(200);
    const first = (await sub.next((r) => r.data?.orderBook)).data.orderBook as Frame;
    expect(first.symbol).toBe(SYMBOL);
    expect(first.asks).toHaveLength(3);
    expect(first.bids).toHaveLength(3);
    h.sandbox.setMidPrice(SYMBOL, 3_010);
    await sub.next((r) => r.data?.orderBook?.timestamp > first.timestamp);
    await caughtUp(sub.results, 3);
    expect(framesOf(sub.results).every(wellFormed)).toBe(true);
    sub.stop();
  });

  it('delivers over graphql-ws on the same one upstream connection', async () => {
    const client = wsClient(h.replicas[0]!);
    const deep = wsSubscribe(client, BOOK, { symbol: SYMBOL, depth: 5 });
    const shallow = wsSubscribe(client, BOOK, { symbol: SYMBOL, depth: 1 });
    const sse = sseSubscribe(h.replicas[0]!, BOOK, { variables: { symbol: SYMBOL } });
    await deep.next((r) => r.data?.orderBook);
    await shallow.next((r) => r.data?.orderBook);
    await sse.next((r) => r.data?.orderBook);
    h.sandbox.setMidPrice(SYMBOL, 3_020);
    await caughtUp(deep.results, 5);
    await caughtUp(shallow.results, 1);
    // One public connection for every subscriber (the test's own probes close first).
    await vi.waitFor(async () => expect((await connections(h.sandbox)).public).toBe(1));
    for (const sub of [deep, shallow, sse])
      expect(framesOf(sub.results).every(wellFormed)).toBe(true);
    deep.stop();
    shallow.stop();
    sse.stop();
    await client.dispose();
  });

  it('resyncs from a snapshot when the chain breaks, never showing the crossed book a naive client would', async () => {
    h.sandbox.setMidPrice(SYMBOL, 3_000);
    // A client that applies every update as it comes, ignoring the chain: what the gap does.
    const naive = await RawStream.open(`${h.sandbox.url}/ws/stream/naive`);
    naive.send({ id: 's', event: 'subscribe', topic: `${SYMBOL}@orderbookupdate` });
    await naive.next((f) => f.id === 's');
    const snap = await naive.request({
      event: 'request',
      params: { type: 'orderbook', symbol: SYMBOL },
    });
    const sub = sseSubscribe(h.replicas[0]!, BOOK, { variables: { symbol: SYMBOL, depth: 5 } });
    await sub.next((r) => r.data?.orderBook);
    const before = books().stats(SYMBOL)!;

    const broken = await fetch(`${h.sandbox.url}/sandbox/markets/${SYMBOL}/book-gap`, {
      method: 'POST',
    });
    expect(broken.status).toBe(200);
    const gap = ((await broken.json()) as { data: { ts: number } }).data;
    h.sandbox.setMidPrice(SYMBOL, 2_000); // this update is withheld
    await vi.waitFor(async () => expect((await upstreamBook(1)).timestamp).toBeGreaterThan(gap.ts));
    h.sandbox.setMidPrice(SYMBOL, 2_500); // its prevTs names the withheld one
    await caughtUp(sub.results, 5);
    // What the client shows after the resync is the sandbox's book as REST reads it.
    const shown = framesOf(sub.results).at(-1)!;
    expect({ asks: shown.asks, bids: shown.bids }).toEqual(await restBook(5));

    expect(books().stats(SYMBOL)!.breaks).toBeGreaterThan(before.breaks);
    expect(books().stats(SYMBOL)!.snapshots).toBeGreaterThan(before.snapshots);
    const metrics = await h.replicas[0]!.gateway.metrics.render();
    expect(metrics).toMatch(/^svc_graphql_order_book_events_total\{event="breaks"\} [1-9]/m);
    expect(metrics).toMatch(/^svc_graphql_order_books 1$/m);
    expect(framesOf(sub.results).every(wellFormed)).toBe(true);
    // The upstream's pushes applied without the chain check would have crossed the book.
    const asks = new Map<number, number>(snap.data.asks);
    const bids = new Map<number, number>(snap.data.bids);
    for (const f of naive.frames.filter((x) => x.topic === `${SYMBOL}@orderbookupdate`)) {
      for (const [p, q] of f.data.asks as Pair[]) q === 0 ? asks.delete(p) : asks.set(p, q);
      for (const [p, q] of f.data.bids as Pair[]) q === 0 ? bids.delete(p) : bids.set(p, q);
    }
    expect(Math.max(...bids.keys())).toBeGreaterThanOrEqual(Math.min(...asks.keys()));
    naive.ws.close();
    sub.stop();
    h.sandbox.setMidPrice(SYMBOL, 3_000);
  });

  it('coalesces frames to at most 10 a second under faster upstream updates', async () => {
    h.sandbox.setMidPrice(SYMBOL, 3_000);
    const counter = await RawStream.open(`${h.sandbox.url}/ws/stream/counter`);
    counter.send({ id: 's', event: 'subscribe', topic: `${SYMBOL}@orderbookupdate` });
    await counter.next((f) => f.id === 's');
    const pushes = () => counter.frames.filter((f) => f.topic === `${SYMBOL}@orderbookupdate`);
    const sub = sseSubscribe(h.replicas[0]!, BOOK, { variables: { symbol: SYMBOL, depth: 20 } });
    await sub.next((r) => r.data?.orderBook);
    const activity = (bookUpdatesPerSecond: number) =>
      fetch(`${h.sandbox.url}/sandbox/markets/${SYMBOL}/activity`, {
        method: 'POST',
        body: JSON.stringify({ bookUpdatesPerSecond }),
      });
    expect((await activity(50)).status).toBe(200);
    try {
      // Measured over a window of 60 upstream updates, once they flow.
      await vi.waitFor(() => expect(pushes().length).toBeGreaterThan(5), { timeout: 10_000 });
      const from = { at: Date.now(), pushes: pushes().length, ...books().stats(SYMBOL)! };
      await vi.waitFor(() => expect(pushes().length).toBeGreaterThan(from.pushes + 60), {
        timeout: 20_000,
      });
      const to = { at: Date.now(), pushes: pushes().length, ...books().stats(SYMBOL)! };
      const frames = to.emissions - from.emissions;
      expect(frames).toBeLessThanOrEqual(Math.floor((to.at - from.at) / 100) + 1);
      expect(frames).toBeLessThan(to.pushes - from.pushes); // merged, not one per update
      expect(frames).toBeGreaterThan(0);
    } finally {
      await activity(0);
    }
    // The last state always comes through.
    await caughtUp(sub.results, 20);
    expect(framesOf(sub.results).every(wellFormed)).toBe(true);
    counter.ws.close();
    sub.stop();
  });

  it('recovers after the upstream connection drops: resubscribes and resnapshots', async () => {
    const sub = sseSubscribe(h.replicas[0]!, BOOK, { variables: { symbol: SYMBOL, depth: 5 } });
    await sub.next((r) => r.data?.orderBook);
    const before = books().stats(SYMBOL)!;
    const dropped = await fetch(`${h.sandbox.url}/sandbox/connections/drop`, { method: 'POST' });
    expect(dropped.status).toBe(200);
    await vi.waitFor(() =>
      expect(books().stats(SYMBOL)!.snapshots).toBeGreaterThan(before.snapshots),
    );
    h.sandbox.setMidPrice(SYMBOL, 3_030);
    await caughtUp(sub.results, 5);
    expect(framesOf(sub.results).every(wellFormed)).toBe(true);
    expect(sub.done).toBe(false);
    sub.stop();
  });

  it('ends an unknown symbol with BAD_USER_INPUT and refuses a bad depth', async () => {
    const sub = sseSubscribe(h.replicas[0]!, BOOK, { variables: { symbol: 'PERP_NOPE_USDC' } });
    const ended = await sub.next((r) => r.errors !== undefined);
    expect(ended.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'symbol',
    });
    await vi.waitFor(() => expect(sub.done).toBe(true));
    const deep = sseSubscribe(h.replicas[0]!, BOOK, { variables: { symbol: SYMBOL, depth: 101 } });
    const refused = await deep.next((r) => r.errors !== undefined);
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'depth',
    });
    await vi.waitFor(() => expect(books().stats('PERP_NOPE_USDC')).toBeUndefined());
  });

  it('ends a trades subscription of an unknown symbol with BAD_USER_INPUT', async () => {
    const client = wsClient(h.replicas[0]!);
    const sub = wsSubscribe(
      client,
      'subscription { marketTrades(symbol: "PERP_NOPE_USDC") { price } }',
    );
    const ended = await sub.next((r) => r.errors !== undefined);
    expect(ended.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'symbol',
    });
    expect(ended.errors?.[0]?.message).toContain('invalid symbol PERP_NOPE_USDC');
    await vi.waitFor(() => expect(sub.done).toBe(true));
    await client.dispose();
  });

  /** A GraphQL request to the replica as `token`'s caller. */
  async function gql(query: string, variables: Record<string, unknown>, token: string) {
    const r = await fetch(h.replicas[0]!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await r.json()) as Result;
  }
  const PLACE = `mutation($input: PlaceOrderInput!) {
    placeOrder(input: $input) { __typename ... on Error { code message } }
  }`;

  it('shows a resting order placed through the gateway in the subscribed book', async () => {
    h.sandbox.setMidPrice(SYMBOL, 3_000);
    const sub = sseSubscribe(h.replicas[0]!, BOOK, { variables: { symbol: SYMBOL, depth: 5 } });
    await sub.next((r) => r.data?.orderBook);
    const atPrice = (r: Result) =>
      r.data?.orderBook?.bids.some((l: Level) => l.price === 2_999.95 && l.quantity === 0.5);
    expect(framesOf(sub.results).some((f) => atPrice({ data: { orderBook: f } }))).toBe(false);
    const input = {
      symbol: SYMBOL,
      orderType: 'LIMIT',
      side: 'BUY',
      orderPrice: 2_999.95,
      orderQuantity: 0.5,
    };
    const placed = await gql(PLACE, { input }, h.callers.alice.token);
    expect(placed.data?.placeOrder).toEqual({ __typename: 'PlaceOrderSuccess' });
    const shown = (await sub.next(atPrice)).data.orderBook as Frame;
    // The best bid now: above the synthetic levels, below the best ask.
    expect(shown.bids[0]).toEqual({ price: 2_999.95, quantity: 0.5 });
    expect(framesOf(sub.results).every(wellFormed)).toBe(true);
    sub.stop();
  });

  it('prints a fill as a marketTrades event', async () => {
    h.sandbox.setMidPrice(SYMBOL, 3_000);
    const client = wsClient(h.replicas[0]!);
    const TRADES = `subscription($symbol: String!) { marketTrades(symbol: $symbol) { symbol side price quantity timestamp } }`;
    const sub = wsSubscribe(client, TRADES, { symbol: SYMBOL });
    // The upstream confirmed the topic: the trade cannot be missed.
    const hub = h.replicas[0]!.gateway.live.hub;
    await vi.waitFor(() => expect(hub.publicSubscribed(`${SYMBOL}@trade`)).toBe(true));
    const input = { symbol: SYMBOL, orderType: 'MARKET', side: 'SELL', orderQuantity: 0.2 };
    const before = Date.now();
    const placed = await gql(PLACE, { input }, h.callers.bob.token);
    expect(placed.data?.placeOrder).toEqual({ __typename: 'PlaceOrderSuccess' });
    const trade = (await sub.next((r) => r.data?.marketTrades)).data.marketTrades;
    expect(trade).toMatchObject({ symbol: SYMBOL, side: 'SELL', quantity: 0.2 });
    expect(trade.price).toBeLessThan(3_000);
    expect(trade.timestamp).toBeGreaterThanOrEqual(before - 1_000);
    sub.stop();
    await client.dispose();
  });

  it('delivers the best bid and offer and the current candle', async () => {
    h.sandbox.setMidPrice(SYMBOL, 3_000);
    const client = wsClient(h.replicas[0]!);
    const bbo = wsSubscribe(
      client,
      'subscription($s: String!) { bbo(symbol: $s) { symbol bidPrice askPrice timestamp } }',
      { s: SYMBOL },
    );
    const candle = wsSubscribe(
      client,
      'subscription($s: String!) { klines(symbol: $s, interval: MONTH_1) { interval open close startTime endTime } }',
      { s: SYMBOL },
    );
    const best = (await bbo.next((r) => r.data?.bbo)).data.bbo;
    const book = await restBook(1);
    expect(best).toMatchObject({
      symbol: SYMBOL,
      bidPrice: book.bids[0]!.price,
      askPrice: book.asks[0]!.price,
    });
    const k = (await candle.next((r) => r.data?.klines)).data.klines;
    expect(k.interval).toBe('MONTH_1');
    expect(k.endTime).toBeGreaterThan(k.startTime);
    bbo.stop();
    candle.stop();
    await client.dispose();
  });

  it('follows the mark: a mid move reaches markPrices', async () => {
    const client = wsClient(h.replicas[0]!);
    const sub = wsSubscribe(client, 'subscription { markPrices { symbol price } }');
    await sub.next((r) => r.data?.markPrices?.length > 0);
    h.sandbox.setMidPrice(SYMBOL, 3_044);
    const moved = await sub.next((r) =>
      r.data?.markPrices?.some(
        (m: { symbol: string; price: number }) => m.symbol === SYMBOL && m.price === 3_044,
      ),
    );
    expect(moved.data.markPrices.length).toBeGreaterThan(1);
    sub.stop();
    await client.dispose();
  });
});
