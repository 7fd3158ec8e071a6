/**
 * One market model behind the REST reads, over real HTTP: a resting order shows in the book at
 * its price; a fill removes it and prints a public trade and a candle; a mid move moves the
 * mark, the index after it and the funding estimate; the symbol rules refuse prices out of
 * range or scope of the mark; the activity control prints trades and changes the book.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookView } from '../../../src/sandbox/index.ts';
import { reply } from '../../helpers/sandbox-client.ts';
import { cid, type Fixture, startFixture } from './fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

const publicGet = async (path: string) => reply(await fetch(f.sandbox.url + path));
const book = async (symbol: string) => (await f.client.get(`/v1/orderbook/${symbol}`)).body.data;
const limit = (over: Record<string, unknown>) => ({
  order_type: 'LIMIT',
  order_quantity: 1,
  client_order_id: cid('mm'),
  ...over,
});
const crossed = (b: Pick<BookView, 'asks' | 'bids'>) =>
  b.bids.length > 0 && b.asks.length > 0 && b.bids[0]![0] >= b.asks[0]![0];

describe('the book', () => {
  it('shows a resting order at its price, aggregated with the synthetic level there', async () => {
    const symbol = 'PERP_ETH_USDC';
    const bid = limit({ symbol, side: 'BUY', order_price: 2995.55, order_quantity: 1.5 });
    const ask = limit({ symbol, side: 'SELL', order_price: 3000.2, order_quantity: 0.5 });
    expect((await f.otherClient.order(bid)).status).toBe(200);
    expect((await f.otherClient.order(ask)).status).toBe(200);
    const b = await book(symbol);
    expect(b.bids).toContainEqual({ price: 2995.55, quantity: 1.5 });
    expect(b.asks.slice(0, 2)).toEqual([
      { price: 3000.1, quantity: 10 },
      { price: 3000.2, quantity: 20.5 },
    ]);
    const prices = b.bids.map((l: { price: number }) => l.price);
    expect(prices).toEqual([...prices].sort((x, y) => y - x));
    // A cancel takes it out again.
    const r = await f.otherClient.cancel('/v1/client/order', {
      client_order_id: bid.client_order_id as string,
      symbol,
    });
    expect(r.status, r.text).toBe(200);
    expect((await book(symbol)).bids).not.toContainEqual({ price: 2995.55, quantity: 1.5 });
  });

  it('a taker meets the synthetic level, then the resting order: it fills, leaves the book and prints trades', async () => {
    const symbol = 'PERP_SOL_USDC';
    const events: string[] = [];
    const offBook = f.sandbox.market.on('book', (e) => {
      if (e.symbol === symbol)
        events.push(crossed(f.sandbox.market.book(symbol, 5)) ? 'X' : 'book');
    });
    const maker = limit({ symbol, side: 'SELL', order_price: 150.015, order_quantity: 20 });
    expect((await f.otherClient.order(maker)).status).toBe(200);
    expect((await book(symbol)).asks[1]).toEqual({ price: 150.015, quantity: 20 });
    const taker = limit({ symbol, side: 'BUY', order_price: 150.015, order_quantity: 120 });
    expect((await f.client.order(taker)).status).toBe(200);
    offBook();
    expect(events).toEqual(['book', 'book']);
    const makerRecord = await f.otherClient.get(`/v1/client/order/${maker.client_order_id}`);
    expect(makerRecord.body.data).toMatchObject({ status: 'FILLED', total_executed_quantity: 20 });
    const b = await book(symbol);
    expect(b.asks[0]).toEqual({ price: 150.01, quantity: 100 });
    expect(b.asks.map((l: { price: number }) => l.price)).not.toContain(150.015);
    const trades = await publicGet(`/v1/public/market_trades?symbol=${symbol}&limit=5`);
    expect(trades.body.data.rows).toEqual([
      expect.objectContaining({ side: 'BUY', executed_price: 150.015, executed_quantity: 20 }),
      expect.objectContaining({ side: 'BUY', executed_price: 150.01, executed_quantity: 100 }),
    ]);
    expect(trades.body.data.rows[0].executed_timestamp).toBe(f.clock.now);
    const kline = await f.client.get(`/v1/kline?symbol=${symbol}&type=1m&limit=1`);
    expect(kline.body.data.rows[0]).toMatchObject({
      open: 150.01,
      close: 150.015,
      high: 150.015,
      low: 150.01,
      volume: 120,
    });
    expect(kline.body.data.rows[0].amount).toBeCloseTo(100 * 150.01 + 20 * 150.015, 6);
    const futures = (await publicGet(`/v1/public/futures/${symbol}`)).body.data;
    expect(futures).toMatchObject({ '24h_volume': 120, '24h_high': 150.015, open_interest: 120 });
  });

  it('a mid move fills the resting order it crosses: the trade is the other side’s', async () => {
    const symbol = 'PERP_NEAR_USDC';
    const order = limit({ symbol, side: 'BUY', order_price: 4.99, order_quantity: 10 });
    expect((await f.client.order(order)).status).toBe(200);
    expect((await book(symbol)).bids[0]).toEqual({ price: 4.999, quantity: 2000 });
    f.sandbox.setMidPrice(symbol, 4.98);
    const b = await book(symbol);
    expect(b.bids.map((l: { price: number }) => l.price)).not.toContain(4.99);
    expect(crossed(f.sandbox.market.book(symbol, 5))).toBe(false);
    const trades = (await publicGet(`/v1/public/market_trades?symbol=${symbol}`)).body.data.rows;
    expect(trades[0]).toMatchObject({ side: 'SELL', executed_price: 4.99, executed_quantity: 10 });
    f.sandbox.setMidPrice(symbol, 5);
  });
});

describe('mark, index and funding', () => {
  it('a mid move moves the mark at once, the index after it, and the funding estimate', async () => {
    const symbol = 'PERP_BTC_USDC';
    const marks: number[] = [];
    const off = f.sandbox.market.on('mark', (e) => {
      if (e.symbol === symbol) marks.push(e.price);
    });
    const before = (await publicGet(`/v1/public/futures/${symbol}`)).body.data;
    const r = await fetch(`${f.sandbox.url}/sandbox/markets/${symbol}/mid`, {
      method: 'POST',
      body: JSON.stringify({ price: 61_000 }),
    });
    expect(r.status).toBe(200);
    off();
    expect(marks).toEqual([61_000]);
    const after = (await publicGet(`/v1/public/futures/${symbol}`)).body.data;
    expect(after.mark_price).toBe(61_000);
    expect(after.index_price).toBe(before.index_price);
    expect(after.est_funding_rate).toBeGreaterThan(before.est_funding_rate);
    expect(after.est_funding_rate).toBe(0.000375);
    const start = f.clock.now;
    f.clock.now = start + 10 * 60_000;
    try {
      const later = (await publicGet(`/v1/public/futures/${symbol}`)).body.data;
      expect(later.index_price).toBeGreaterThan(60_000);
      expect(later.index_price).toBeLessThan(61_000);
      // 16:00 UTC: the period's samples settle; sum_unitary_funding grows by rate × mark.
      f.clock.now = Date.UTC(2024, 5, 1, 16, 0, 1);
      const settled = (await publicGet(`/v1/public/funding_rate/${symbol}`)).body.data;
      expect(settled.last_funding_rate_timestamp).toBe(Date.UTC(2024, 5, 1, 16));
      expect(settled.last_funding_rate).toBeGreaterThan(0.0001);
      expect(settled.sum_unitary_funding).toBeCloseTo(settled.last_funding_rate * 61_000, 8);
      expect(settled.next_funding_time).toBe(Date.UTC(2024, 5, 2, 0));
    } finally {
      f.clock.now = start;
    }
  });
});

describe('symbol rules at admission', () => {
  it('refuse a limit price out of price_range (-1103) or price_scope (-1105) of the mark', async () => {
    const symbol = 'PERP_ETH_USDC';
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [
        { side: 'BUY', order_price: 3090.01 },
        -1103,
        /a BUY must be at most .* = 3090 \(mark 3000\)/,
      ],
      [{ side: 'SELL', order_price: 2909.99 }, -1103, /a SELL must be at least .* = 2910/],
      [{ side: 'BUY', order_price: 1799.99 }, -1105, /a BUY must be at least .* = 1800/],
      [{ side: 'SELL', order_price: 4200.01 }, -1105, /a SELL must be at most .* = 4200/],
      [{ side: 'SELL', order_price: 100_000.01 }, -1103, /quote_max 100000/],
      [{ side: 'BUY', order_price: 2900, order_quantity: 2000.0001 }, -1104, /base_max 2000/],
      [{ side: 'BUY', order_type: 'IOC', order_price: 3090.01 }, -1103, /price_range/],
      [{ side: 'BUY', order_type: 'POST_ONLY', order_price: 1700 }, -1105, /price_scope/],
    ];
    for (const [over, code, message] of cases) {
      const r = await f.client.order(limit({ symbol, ...over }));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.code, JSON.stringify(over)).toBe(code);
      expect(r.body.message).toMatch(/^order_(price|quantity): /);
      expect(r.body.message).toMatch(message);
    }
    // The edges themselves pass; a MARKET order has no price to check.
    for (const over of [
      { side: 'BUY', order_price: 1800 },
      { side: 'SELL', order_price: 4200 },
    ]) {
      const r = await f.client.order(limit({ symbol, ...over }));
      expect(r.status, r.text).toBe(200);
    }
  });

  it('checks an edit’s new price too, and follows the mark when it moves', async () => {
    const symbol = 'PERP_XAU_USDC';
    const order = limit({ symbol, side: 'BUY', order_price: 2300 });
    const placed = await f.client.order(order);
    expect(placed.status).toBe(200);
    const edit = (price: number) =>
      f.client.put(
        '/v1/order',
        f.client.signed({
          order_id: placed.body.data.order_id,
          symbol,
          side: 'BUY',
          order_type: 'LIMIT',
          order_price: price,
          order_quantity: 1,
        }),
      );
    const far = await edit(1400);
    expect(far.body).toMatchObject({ success: false, code: -1105 });
    expect((await edit(1500)).status).toBe(200);
    f.sandbox.setMidPrice(symbol, 2000);
    const r = await f.client.order(limit({ symbol, side: 'BUY', order_price: 1200 }));
    expect(r.status, r.text).toBe(200);
    f.sandbox.setMidPrice(symbol, 2400);
  });
});

describe('POST /sandbox/markets/{symbol}/activity', () => {
  const control = async (symbol: string, body: unknown) =>
    reply(
      await fetch(`${f.sandbox.url}/sandbox/markets/${symbol}/activity`, {
        method: 'POST',
        body: JSON.stringify(body),
      }),
    );

  it('prints synthetic trades and changes synthetic levels until stopped', async () => {
    const symbol = 'PERP_XAU_USDC';
    let books = 0;
    let crossings = 0;
    const off = f.sandbox.market.on('book', (e) => {
      if (e.symbol !== symbol) return;
      books++;
      if (crossed(f.sandbox.market.book(symbol, 1))) crossings++;
    });
    const trades = () => f.sandbox.market.recentTrades(symbol, 1000).length;
    const before = trades();
    const on = await control(symbol, { bookUpdatesPerSecond: 200, tradesPerSecond: 100 });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toMatchObject({
      success: true,
      data: { symbol, bookUpdatesPerSecond: 200, tradesPerSecond: 100 },
    });
    try {
      await expect.poll(trades, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 10);
      await expect.poll(() => books, { timeout: 10_000 }).toBeGreaterThanOrEqual(10);
    } finally {
      const off2 = await control(symbol, { bookUpdatesPerSecond: 0, tradesPerSecond: 0 });
      expect(off2.body.data).toEqual({ symbol, bookUpdatesPerSecond: 0, tradesPerSecond: 0 });
      off();
    }
    expect(crossings).toBe(0);
    const last = await publicGet(`/v1/public/market_trades?symbol=${symbol}&limit=1`);
    expect(['BUY', 'SELL']).toContain(last.body.data.rows[0].side);
  });

  it('validates the rates, the symbol and the body', async () => {
    const cases: [string, unknown, number, RegExp][] = [
      ['PERP_XAU_USDC', { tradesPerSecond: -1 }, -1005, /^tradesPerSecond: must be at least 0/],
      [
        'PERP_XAU_USDC',
        { bookUpdatesPerSecond: 1001 },
        -1005,
        /^bookUpdatesPerSecond: must be at most 1000/,
      ],
      ['PERP_XAU_USDC', { tradesPerSecond: '5' }, -1005, /^tradesPerSecond: must be a number/],
      ['PERP_XAU_USDC', {}, -1005, /^body: give bookUpdatesPerSecond or tradesPerSecond/],
      ['PERP_XAU_USDC', { trades: 1 }, -1004, /^trades: unknown parameter/],
      ['PERP_DOGE_USDC', { tradesPerSecond: 1 }, -1005, /^symbol: unknown symbol/],
    ];
    for (const [symbol, body, code, message] of cases) {
      const r = await control(symbol, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ success: false, code });
      expect(r.body.message).toMatch(message);
    }
  });
});
