/**
 * The market-data REST endpoints over real HTTP: their shapes, bounds and refusals (the same
 * codes as every other sandbox route: -1004 unknown parameter, -1005 bad value, 401 unsigned).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Reply, reply } from '../../helpers/sandbox-client.ts';
import { type Fixture, startFixture } from './fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

const SYMBOLS = [
  'PERP_BTC_USDC',
  'PERP_ETH_USDC',
  'PERP_SOL_USDC',
  'PERP_NEAR_USDC',
  'PERP_XAU_USDC',
];
const publicGet = async (path: string) => reply(await fetch(f.sandbox.url + path));

/** Each path answers 400 with `code` and a message naming the field. */
async function refuses(get: (path: string) => Promise<Reply>, cases: [string, number, RegExp][]) {
  for (const [path, code, message] of cases) {
    const r = await get(path);
    expect(r.status, path).toBe(400);
    expect(r.body.code, path).toBe(code);
    expect(r.body.message, path).toMatch(message);
  }
}

describe('GET /v1/public/info', () => {
  it('lists every symbol with its order rules; one symbol answers one object', async () => {
    const all = await publicGet('/v1/public/info');
    expect(all.status).toBe(200);
    expect(all.body.data.rows.map((r: { symbol: string }) => r.symbol)).toEqual(SYMBOLS);
    const eth = await publicGet('/v1/public/info/PERP_ETH_USDC');
    expect(eth.body.data).toEqual(all.body.data.rows[1]);
    expect(eth.body.data).toMatchObject({
      symbol: 'PERP_ETH_USDC',
      quote_min: 0,
      quote_max: 100_000,
      quote_tick: 0.01,
      base_min: 0.0001,
      base_max: 2_000,
      base_tick: 0.0001,
      min_notional: 10,
      price_range: 0.03,
      price_scope: 0.4,
      funding_period: 8,
      cap_funding: 0.000375,
      floor_funding: -0.000375,
      interest_rate: 0.0001,
      base_imr: 0.05,
      base_mmr: 0.025,
      status: 'ACTIVE',
      created_time: f.clock.now,
    });
    expect((await publicGet('/v1/public/info/PERP_NEAR_USDC')).body.data.funding_period).toBe(1);
  });

  it('refuses unknown symbols, a malformed one and unknown parameters', async () => {
    await refuses(publicGet, [
      ['/v1/public/info/PERP_DOGE_USDC', -1005, /^symbol: unknown symbol PERP_DOGE_USDC/],
      ['/v1/public/info/eth', -1005, /^symbol: must have the form PERP_<BASE>_<QUOTE>/],
      ['/v1/public/info?symbol=PERP_ETH_USDC', -1004, /^symbol: unknown parameter/],
      ['/v1/public/futures/PERP_DOGE_USDC', -1005, /unknown symbol/],
      ['/v1/public/funding_rate/PERP_DOGE_USDC', -1005, /unknown symbol/],
      ['/v1/public/funding_rates?x=1', -1004, /^x: unknown parameter/],
    ]);
  });
});

describe('GET /v1/public/futures', () => {
  it('answers mark, index, funding, open interest and 24 h figures; one symbol is one object', async () => {
    const all = await publicGet('/v1/public/futures');
    expect(all.body.data.rows).toHaveLength(5);
    const btc = await publicGet('/v1/public/futures/PERP_BTC_USDC');
    expect(btc.status).toBe(200);
    expect(btc.body.data).toEqual({
      symbol: 'PERP_BTC_USDC',
      index_price: 60_000,
      mark_price: 60_000,
      sum_unitary_funding: 0,
      est_funding_rate: 0.0001,
      last_funding_rate: 0.0001,
      next_funding_time: Date.UTC(2024, 5, 1, 16),
      open_interest: 0,
      '24h_open': 60_000,
      '24h_close': 60_000,
      '24h_high': 60_000,
      '24h_low': 60_000,
      '24h_amount': 0,
      '24h_volume': 0,
    });
    // 4 h funding for SOL, 1 h for NEAR: the next UTC boundary of each.
    const sol = await publicGet('/v1/public/futures/PERP_SOL_USDC');
    expect(sol.body.data.next_funding_time).toBe(Date.UTC(2024, 5, 1, 16));
    const near = await publicGet('/v1/public/funding_rate/PERP_NEAR_USDC');
    expect(near.body.data).toEqual({
      symbol: 'PERP_NEAR_USDC',
      est_funding_rate: 0.0000125,
      est_funding_rate_timestamp: f.clock.now,
      last_funding_rate: 0.0000125,
      last_funding_rate_timestamp: Date.UTC(2024, 5, 1, 12),
      next_funding_time: Date.UTC(2024, 5, 1, 13),
      sum_unitary_funding: 0,
    });
    const rates = await publicGet('/v1/public/funding_rates');
    expect(rates.body.data.rows.map((r: { symbol: string }) => r.symbol)).toEqual(SYMBOLS);
  });
});

describe('GET /v1/public/market_trades', () => {
  it('answers the latest trades newest first, 50 by default, at most 1000', async () => {
    f.sandbox.setActivity('PERP_XAU_USDC', { bookUpdatesPerSecond: 0, tradesPerSecond: 1000 });
    try {
      await expect
        .poll(async () => f.sandbox.market.recentTrades('PERP_XAU_USDC', 100).length, {
          timeout: 10_000,
        })
        .toBeGreaterThanOrEqual(60);
    } finally {
      f.sandbox.setActivity('PERP_XAU_USDC', { bookUpdatesPerSecond: 0, tradesPerSecond: 0 });
    }
    const r = await publicGet('/v1/public/market_trades?symbol=PERP_XAU_USDC');
    expect(r.status).toBe(200);
    const rows = r.body.data.rows;
    expect(rows).toHaveLength(50);
    expect(Object.keys(rows[0]).sort()).toEqual([
      'executed_price',
      'executed_quantity',
      'executed_timestamp',
      'side',
      'symbol',
    ]);
    const newest = f.sandbox.market.recentTrades('PERP_XAU_USDC', 3);
    expect(rows[0].executed_price).toBe(newest[0]!.price);
    const three = await publicGet('/v1/public/market_trades?symbol=PERP_XAU_USDC&limit=3');
    expect(three.body.data.rows).toEqual(rows.slice(0, 3));
    const none = await publicGet('/v1/public/market_trades?symbol=PERP_NEAR_USDC&limit=1000');
    expect(none.body.data.rows).toEqual([]);
  });

  it('refuses a missing or unknown symbol and a limit out of bounds', async () => {
    await refuses(publicGet, [
      ['/v1/public/market_trades', -1005, /^symbol: is required/],
      ['/v1/public/market_trades?symbol=PERP_DOGE_USDC', -1005, /unknown symbol/],
      [
        '/v1/public/market_trades?symbol=PERP_ETH_USDC&limit=0',
        -1005,
        /^limit: must be at least 1/,
      ],
      [
        '/v1/public/market_trades?symbol=PERP_ETH_USDC&limit=1001',
        -1005,
        /^limit: must be at most 1000/,
      ],
      [
        '/v1/public/market_trades?symbol=PERP_ETH_USDC&limit=2.5',
        -1005,
        /^limit: must be an integer/,
      ],
      [
        '/v1/public/market_trades?symbol=PERP_ETH_USDC&limit=x',
        -1005,
        /^limit: must be an integer/,
      ],
      ['/v1/public/market_trades?symbol=PERP_ETH_USDC&side=BUY', -1004, /^side: unknown parameter/],
    ]);
  });
});

describe('GET /v1/orderbook/{symbol}', () => {
  it('is signed; asks ascending and bids descending, 100 levels by default, max_level a side', async () => {
    expect((await publicGet('/v1/orderbook/PERP_SOL_USDC')).status).toBe(401);
    const r = await f.client.get('/v1/orderbook/PERP_SOL_USDC');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      asks: [150.01, 150.02, 150.03, 150.04, 150.05].map((price, i) => ({
        price,
        quantity: 100 * (i + 1),
      })),
      bids: [149.99, 149.98, 149.97, 149.96, 149.95].map((price, i) => ({
        price,
        quantity: 100 * (i + 1),
      })),
      timestamp: f.clock.now,
    });
    const two = await f.client.get('/v1/orderbook/PERP_SOL_USDC?max_level=2');
    expect(two.body.data.asks.map((l: { price: number }) => l.price)).toEqual([150.01, 150.02]);
    expect(two.body.data.bids.map((l: { price: number }) => l.price)).toEqual([149.99, 149.98]);
  });

  it('refuses a max_level out of bounds and an unknown symbol', async () => {
    await refuses(
      (p) => f.client.get(p),
      [
        ['/v1/orderbook/PERP_SOL_USDC?max_level=0', -1005, /^max_level: must be at least 1/],
        ['/v1/orderbook/PERP_SOL_USDC?max_level=1001', -1005, /^max_level: must be at most 1000/],
        ['/v1/orderbook/PERP_SOL_USDC?max_level=-1', -1005, /^max_level: must be at least 1/],
        ['/v1/orderbook/PERP_SOL_USDC?depth=5', -1004, /^depth: unknown parameter/],
        ['/v1/orderbook/PERP_DOGE_USDC', -1005, /unknown symbol/],
      ],
    );
  });
});

describe('GET /v1/kline and /v1/tv/kline_history', () => {
  it('kline is signed and answers candles newest first, from the market’s creation', async () => {
    expect((await publicGet('/v1/kline?symbol=PERP_BTC_USDC&type=1m')).status).toBe(401);
    const start = f.clock.now;
    f.clock.now = start + 150_000;
    try {
      const r = await f.client.get('/v1/kline?symbol=PERP_BTC_USDC&type=1m');
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.rows.map((k: { start_timestamp: number }) => k.start_timestamp)).toEqual([
        start + 120_000,
        start + 60_000,
        start,
      ]);
      expect(r.body.data.rows[0]).toEqual({
        symbol: 'PERP_BTC_USDC',
        type: '1m',
        open: 60_000,
        close: 60_000,
        low: 60_000,
        high: 60_000,
        volume: 0,
        amount: 0,
        start_timestamp: start + 120_000,
        end_timestamp: start + 180_000,
      });
      const one = await f.client.get('/v1/kline?symbol=PERP_BTC_USDC&type=1y&limit=1');
      expect(one.body.data.rows[0].start_timestamp).toBe(Date.UTC(2024, 0, 1));
      expect(one.body.data.rows[0].end_timestamp).toBe(Date.UTC(2025, 0, 1));
    } finally {
      f.clock.now = start;
    }
  });

  it('kline_history is public, without the envelope, bars oldest first in seconds', async () => {
    const start = f.clock.now;
    f.clock.now = start + 3 * 3_600_000;
    try {
      const to = Math.floor(f.clock.now / 1000);
      const from = to - 86_400;
      const q = `symbol=PERP_BTC_USDC&resolution=1h&from=${from}&to=${to}`;
      const r = await publicGet(`/v1/tv/kline_history?${q}`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.success).toBeUndefined();
      const hours = [0, 1, 2, 3].map((h) => (start + h * 3_600_000) / 1000);
      expect(r.body).toEqual({
        s: 'ok',
        o: [60_000, 60_000, 60_000, 60_000],
        c: [60_000, 60_000, 60_000, 60_000],
        h: [60_000, 60_000, 60_000, 60_000],
        l: [60_000, 60_000, 60_000, 60_000],
        v: [0, 0, 0, 0],
        a: [0, 0, 0, 0],
        t: hours,
      });
      const last2 = await publicGet(`/v1/tv/kline_history?${q}&limit=2`);
      expect(last2.body.t).toEqual(hours.slice(2));
      // A `to` in the future ends at the current bar.
      const future = await publicGet(
        `/v1/tv/kline_history?symbol=PERP_BTC_USDC&resolution=1h&from=${from}&to=4000000000`,
      );
      expect(future.body.t).toEqual(hours);
      const before = await publicGet(
        `/v1/tv/kline_history?symbol=PERP_BTC_USDC&resolution=1d&from=0&to=86400`,
      );
      expect(before.body).toMatchObject({ s: 'no_data', t: [] });
    } finally {
      f.clock.now = start;
    }
  });

  it('refuse a bad type, resolution, range or limit', async () => {
    await refuses(
      (p) => f.client.get(p),
      [
        ['/v1/kline?symbol=PERP_BTC_USDC', -1005, /^type: is required/],
        ['/v1/kline?symbol=PERP_BTC_USDC&type=2m', -1005, /^type: must be one of 1m, 5m/],
        ['/v1/kline?type=1m', -1005, /^symbol: is required/],
        [
          '/v1/kline?symbol=PERP_BTC_USDC&type=1m&limit=1001',
          -1005,
          /^limit: must be at most 1000/,
        ],
      ],
    );
    const tv = '/v1/tv/kline_history?symbol=PERP_BTC_USDC';
    await refuses(publicGet, [
      [`${tv}&resolution=1y&from=0&to=1`, -1005, /^resolution: must be one of .*1mon$/],
      [`${tv}&resolution=1h&to=1`, -1005, /^from: is required/],
      [`${tv}&resolution=1h&from=10&to=1`, -1005, /^from: must not be after to/],
      [`${tv}&resolution=1h&from=1.5&to=2`, -1005, /^from: must be an integer/],
      [`${tv}&resolution=1h&from=0&to=1&limit=1001`, -1005, /^limit: must be at most 1000/],
      [`${tv}&resolution=1h&from=0&to=1&type=1m`, -1004, /^type: unknown parameter/],
    ]);
  });
});
