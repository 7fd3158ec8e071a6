/**
 * The market queries end to end (GraphQL → upstream client → the sandbox over real HTTP):
 * each answers what the sandbox's own REST answers, mapped field by field; bounds and
 * unknown symbols are refused before any upstream call; the signed book needs a caller.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  errorCodes,
  type GraphQLResult,
  type Harness,
  startHarness,
} from '../../helpers/graphql-harness.ts';
import { SandboxClient } from '../../helpers/sandbox-client.ts';

let h: Harness;
let rest: SandboxClient;
beforeAll(async () => {
  h = await startHarness();
  rest = new SandboxClient(h.sandbox.url, h.sandbox.demo!.trader);
});
afterAll(() => h?.close());
beforeEach(() => {
  // Past the market TTL (1 s on the harness's clock): each test reads fresh prices.
  h.advance(1_001);
  h.sandbox.resetLimits();
  h.sandbox.resetRequestLog();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON
type Any = any;
const gql = (who: 'anonymous' | 'trader', query: string, variables?: Record<string, unknown>) =>
  h.exec<Any>(who, query, variables) as Promise<GraphQLResult<Any>>;
/** A public REST read of the sandbox: its `data`. */
const publicData = async (path: string): Promise<Any> =>
  ((await (await fetch(h.sandbox.url + path)).json()) as Any).data;

const ETH = 'PERP_ETH_USDC';
const MARKET_FIELDS = `symbol status baseMin baseMax baseTick quoteMin quoteMax quoteTick
  minNotional priceRange priceScope baseImr baseMmr maxLeverage fundingPeriodHours markPrice
  indexPrice estFundingRate lastFundingRate nextFundingTime openInterest high24h low24h
  volume24h amount24h`;

/** What `Market` must show for a symbol, from the sandbox's three REST tables. */
function expectedMarket(info: Any, futures: Any, funding: Any) {
  return {
    symbol: info.symbol,
    status: info.status,
    baseMin: info.base_min,
    baseMax: info.base_max,
    baseTick: info.base_tick,
    quoteMin: info.quote_min,
    quoteMax: info.quote_max,
    quoteTick: info.quote_tick,
    minNotional: info.min_notional,
    priceRange: info.price_range,
    priceScope: info.price_scope,
    baseImr: info.base_imr,
    baseMmr: info.base_mmr,
    maxLeverage: 1 / info.base_imr,
    fundingPeriodHours: info.funding_period,
    markPrice: futures.mark_price,
    indexPrice: futures.index_price,
    estFundingRate: funding.est_funding_rate,
    lastFundingRate: funding.last_funding_rate,
    nextFundingTime: funding.next_funding_time,
    openInterest: futures.open_interest,
    high24h: futures['24h_high'],
    low24h: futures['24h_low'],
    volume24h: futures['24h_volume'],
    amount24h: futures['24h_amount'],
  };
}

describe('markets and market', () => {
  it('combine the rules, prices and funding the sandbox publishes, for anyone', async () => {
    const r = await gql('anonymous', `{ markets { ${MARKET_FIELDS} } }`);
    expect(r.errors).toBeUndefined();
    // One read of each table for the whole list.
    for (const path of ['/v1/public/info', '/v1/public/futures', '/v1/public/funding_rates']) {
      expect(h.upstreamCalls({ path })).toBe(1);
    }
    const [info, futures, funding] = await Promise.all([
      publicData('/v1/public/info'),
      publicData('/v1/public/futures'),
      publicData('/v1/public/funding_rates'),
    ]);
    const row = (table: Any, symbol: string) => table.rows.find((x: Any) => x.symbol === symbol);
    const symbols = info.rows.map((x: Any) => x.symbol).sort();
    expect(r.data.markets.map((m: Any) => m.symbol)).toEqual(symbols);
    for (const market of r.data.markets) {
      const { symbol } = market;
      expect(market).toEqual(
        expectedMarket(row(info, symbol), row(futures, symbol), row(funding, symbol)),
      );
    }
  });

  it('reads only the tables the selection needs; one symbol, or null when unknown', async () => {
    const r = await gql(
      'anonymous',
      `{ market(symbol: "${ETH}") { symbol quoteTick maxLeverage } }`,
    );
    expect(r.data.market).toMatchObject({ symbol: ETH, quoteTick: 0.01 });
    expect(h.upstreamCalls({ path: '/v1/public/futures' })).toBe(0);
    expect(h.upstreamCalls({ path: '/v1/public/funding_rates' })).toBe(0);
    const unknown = await gql('anonymous', '{ market(symbol: "PERP_NOPE_USDC") { symbol } }');
    expect(unknown).toEqual({ data: { market: null } });
    const bad = await gql('anonymous', '{ market(symbol: "ETH-USDC") { symbol } }');
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'symbol',
      rule: 'symbol',
    });
  });

  it('follows the mark when the mid moves', async () => {
    h.sandbox.setMidPrice(ETH, 3_120);
    const r = await gql('anonymous', `{ market(symbol: "${ETH}") { markPrice } }`);
    expect(r.data.market.markPrice).toBe(
      (await publicData(`/v1/public/futures/${ETH}`)).mark_price,
    );
    expect(r.data.market.markPrice).toBe(3_120);
    h.sandbox.setMidPrice(ETH, 3_000);
  });
});

describe('orderBook', () => {
  const BOOK = `query($depth: Int) { orderBook(symbol: "${ETH}", depth: $depth) {
    symbol asks { price quantity } bids { price quantity } timestamp } }`;

  it('answers the signed REST book cut to depth: asks ascending, bids descending, not crossed', async () => {
    const r = await gql('trader', BOOK, { depth: 3 });
    expect(r.errors).toBeUndefined();
    const snapshot = (await rest.get(`/v1/orderbook/${ETH}?max_level=3`)).body.data;
    expect(r.data.orderBook).toEqual({ symbol: ETH, ...snapshot });
    const { asks, bids } = r.data.orderBook;
    expect(asks).toHaveLength(3);
    expect(asks.map((l: Any) => l.price)).toEqual(
      [...asks.map((l: Any) => l.price)].sort((a, b) => a - b),
    );
    expect(bids.map((l: Any) => l.price)).toEqual(
      [...bids.map((l: Any) => l.price)].sort((a, b) => b - a),
    );
    expect(bids[0].price).toBeLessThan(asks[0].price);
  });

  it('defaults to 20 levels and refuses depths outside 1..100 before any upstream call', async () => {
    const r = await gql('trader', BOOK, {});
    expect(r.errors).toBeUndefined();
    expect(h.upstreamCalls({ path: /^\/v1\/orderbook\// })).toBe(1);
    h.sandbox.resetRequestLog();
    for (const depth of [0, 101, -1]) {
      const refused = await gql('trader', BOOK, { depth });
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'depth',
        rule: 'range',
      });
    }
    expect(h.upstreamCalls()).toBe(0);
  });

  it('is UNAUTHENTICATED for anonymous callers and refuses symbols the upstream does not list', async () => {
    const anonymous = await gql('anonymous', BOOK, { depth: 5 });
    expect(errorCodes(anonymous)).toEqual(['UNAUTHENTICATED']);
    expect(anonymous.errors?.[0]?.message).toMatch(/orderBook needs an authenticated caller/);
    expect(h.upstreamCalls({ path: /^\/v1\/orderbook\// })).toBe(0);
    const unknown = await gql('trader', '{ orderBook(symbol: "PERP_NOPE_USDC") { symbol } }');
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'symbol',
      rule: 'unknownSymbol',
    });
    expect(h.upstreamCalls({ path: /^\/v1\/orderbook\// })).toBe(0);
  });
});

describe('marketTrades', () => {
  const TRADES = `query($first: Int) { marketTrades(symbol: "${ETH}", first: $first) {
    symbol side price quantity timestamp } }`;

  it('answers the REST tape newest first, mapped field by field', async () => {
    // A taker order prints trades on the tape.
    const taker = { symbol: ETH, order_type: 'MARKET', side: 'BUY', order_quantity: 0.5 };
    expect((await rest.order(taker)).status).toBe(200);
    const r = await gql('anonymous', TRADES, { first: 2 });
    expect(r.errors).toBeUndefined();
    const { rows } = await publicData(`/v1/public/market_trades?symbol=${ETH}&limit=2`);
    expect(rows.length).toBeGreaterThan(0);
    expect(r.data.marketTrades).toEqual(
      rows.map((t: Any) => ({
        symbol: t.symbol,
        side: t.side,
        price: t.executed_price,
        quantity: t.executed_quantity,
        timestamp: t.executed_timestamp,
      })),
    );
  });

  it('refuses first outside 1..1000', async () => {
    for (const first of [0, 1_001]) {
      const r = await gql('anonymous', TRADES, { first });
      expect(r.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'first',
        rule: 'range',
      });
    }
    expect(h.upstreamCalls()).toBe(0);
  });
});

describe('klines', () => {
  // A few idle minutes: candles flat at the mid (the signed test reads stay within ±300 s).
  beforeAll(() => h.advance(150_000));
  const KLINES = `query($interval: KlineInterval!, $first: Int) { klines(symbol: "${ETH}", interval: $interval, first: $first) {
    interval open high low close volume amount startTime endTime } }`;
  const fromRow = (k: Any) => ({
    interval: '1m',
    open: k.open,
    high: k.high,
    low: k.low,
    close: k.close,
    volume: k.volume,
    amount: k.amount,
    startTime: k.start_timestamp,
    endTime: k.end_timestamp,
  });

  it("answers a caller's candles from the signed REST read, newest first", async () => {
    const r = await gql('trader', KLINES, { interval: 'MIN_1', first: 3 });
    expect(r.errors).toBeUndefined();
    expect(h.upstreamCalls({ path: '/v1/kline' })).toBe(1);
    const { rows } = (await rest.get(`/v1/kline?symbol=${ETH}&type=1m&limit=3`)).body.data;
    expect(r.data.klines.map((k: Any) => ({ ...k, interval: '1m' }))).toEqual(rows.map(fromRow));
    expect(r.data.klines[0].interval).toBe('MIN_1');
  });

  it("answers an anonymous caller's from the public TradingView read: the same candles", async () => {
    const anonymous = await gql('anonymous', KLINES, { interval: 'MIN_1', first: 3 });
    expect(anonymous.errors).toBeUndefined();
    expect(h.upstreamCalls({ path: '/v1/tv/kline_history' })).toBe(1);
    expect(h.upstreamCalls({ path: '/v1/kline' })).toBe(0);
    const trader = await gql('trader', KLINES, { interval: 'MIN_1', first: 3 });
    expect(anonymous.data.klines).toEqual(trader.data.klines);
    expect(anonymous.data.klines).toHaveLength(3);
  });

  it('refuses first outside 1..1000 and intervals outside the enum', async () => {
    const r = await gql('anonymous', KLINES, { interval: 'MIN_1', first: 1_001 });
    expect(r.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'first',
      rule: 'range',
    });
    const year = await gql('anonymous', KLINES, { interval: 'YEAR_1' });
    expect(errorCodes(year)).toEqual(['BAD_USER_INPUT']);
    expect(h.upstreamCalls()).toBe(0);
  });
});
