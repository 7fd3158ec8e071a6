/**
 * The sandbox's public market topics over a real WebSocket: refusals in the facts' words, the
 * one-shot requests, every topic's push, trades and the mark, and timers that stop when idle.
 */
import { describe, expect, it, vi } from 'vitest';
import { ETH, marketStreamFixture, request } from './market-stream.ts';

const f = marketStreamFixture();
let sequence = 0;

const taker = (side: 'BUY' | 'SELL', quantity: number) => ({
  symbol: ETH,
  order_type: 'MARKET',
  side,
  order_quantity: quantity,
  client_order_id: `mt${++sequence}`,
});

describe('subscribe and request refusals', () => {
  it('names the unknown symbol, the unknown topic and the missing parameter', async () => {
    const s = await f.open();
    expect(await s.subscribe('PERP_DOGE_USDC@trade')).toMatchObject({
      event: 'subscribe',
      success: false,
      errorMsg: 'invalid symbol PERP_DOGE_USDC',
    });
    for (const topic of [`${ETH}@nothing`, `${ETH}@kline_2m`, 'executionreport']) {
      expect((await s.subscribe(topic)).errorMsg).toBe(`invalid topic ${topic}`);
    }
    expect((await s.request({ event: 'subscribe' })).errorMsg).toBe(
      'missing required parameter topic',
    );
    const cases: [unknown, string][] = [
      [{ symbol: ETH }, 'missing required parameter type'],
      [{ type: 'orderbook' }, 'missing required parameter symbol'],
      [{ type: 'orderbook', symbol: 'PERP_DOGE_USDC' }, 'invalid symbol PERP_DOGE_USDC'],
      [{ type: 'ticker', symbol: ETH }, 'invalid topic ticker'],
      [
        { type: 'trade', symbol: ETH, limit: 0 },
        'invalid parameter limit: an integer from 1 to 500',
      ],
    ];
    for (const [params, errorMsg] of cases) {
      const answer = await request(s, params as Record<string, unknown>);
      expect(answer).toMatchObject({ event: 'request', success: false, errorMsg });
    }
  });

  it('echoes the id of a one-shot request (the SDK matches answers by it)', async () => {
    const s = await f.open();
    s.send({
      id: `${ETH}@orderbook`,
      event: 'request',
      params: { type: 'orderbook', symbol: ETH },
    });
    const answer = await s.next((m) => m.id === `${ETH}@orderbook`);
    expect(answer).toMatchObject({ event: 'request', success: true, data: { symbol: ETH } });
    expect(answer.data.ts).toEqual(expect.any(Number));
    expect(answer.data.asks.length).toBeGreaterThan(0);
  });
});

describe('every topic pushes', () => {
  it('periodic topics push their payloads', async () => {
    const s = await f.open();
    const topics = [
      `${ETH}@orderbook`,
      'bbos',
      `${ETH}@markprice`,
      'markprices',
      `${ETH}@kline_1m`,
      `${ETH}@kline_1M`,
      `${ETH}@estfundingrate`,
      `${ETH}@openinterest`,
    ];
    for (const topic of topics) expect((await s.subscribe(topic)).success, topic).toBe(true);
    const push = (topic: string) => s.next((m) => m.topic === topic);
    const book = (await push(`${ETH}@orderbook`)).data;
    expect(book.symbol).toBe(ETH);
    expect(book.asks[0][0]).toBeGreaterThan(book.bids[0][0]);
    const bbos = (await push('bbos')).data;
    expect(bbos.map((b: { symbol: string }) => b.symbol)).toContain(ETH);
    const eth = bbos.find((b: { symbol: string }) => b.symbol === ETH);
    expect(eth).toEqual({
      symbol: ETH,
      ask: book.asks[0][0],
      askSize: book.asks[0][1],
      bid: book.bids[0][0],
      bidSize: book.bids[0][1],
    });
    const mid = f.sandbox.book(ETH).mid;
    expect((await push(`${ETH}@markprice`)).data).toEqual({ symbol: ETH, price: mid });
    expect((await push('markprices')).data).toContainEqual({ symbol: ETH, price: mid });
    expect((await push(`${ETH}@kline_1m`)).data).toMatchObject({ symbol: ETH, type: '1m' });
    const month = (await push(`${ETH}@kline_1M`)).data;
    expect(month).toMatchObject({ symbol: ETH, type: '1M' });
    expect(month.endTime).toBeGreaterThan(month.startTime);
    expect((await push(`${ETH}@estfundingrate`)).data).toEqual({
      symbol: ETH,
      fundingRate: expect.any(Number),
      fundingTs: expect.any(Number),
    });
    expect((await push(`${ETH}@openinterest`)).data).toEqual({
      symbol: ETH,
      openInterest: expect.any(Number),
    });
  });

  it('open interest is pushed on change and forced again without one', async () => {
    const s = await f.open();
    await s.subscribe(`${ETH}@openinterest`);
    const pushes = () => s.pushes(`${ETH}@openinterest`);
    await s.next((m) => m.topic === `${ETH}@openinterest`);
    // Forced every 60 ms while checked every 10 ms: a second push without a change.
    await vi.waitFor(() => expect(pushes().length).toBeGreaterThanOrEqual(2));
    const before = pushes().at(-1).data.openInterest;
    expect((await f.client.order(taker('BUY', 0.5))).status).toBe(200);
    await s.next((m) => m.topic === `${ETH}@openinterest` && m.data.openInterest !== before);
    // Checked 6 times per forced push: unchanged values are not pushed each check.
    const times = pushes().map((m) => m.ts);
    expect(times.length).toBeLessThan(2 + (times.at(-1) - times[0]) / 10);
  });

  it('a taker fill prints on @trade and in the one-shot trade request', async () => {
    const s = await f.open();
    await s.subscribe(`${ETH}@trade`);
    expect((await f.client.order(taker('SELL', 0.25))).status).toBe(200);
    const trade = await s.next((m) => m.topic === `${ETH}@trade`);
    expect(trade.data).toEqual({
      symbol: ETH,
      price: expect.any(Number),
      size: 0.25,
      side: 'SELL',
    });
    expect(trade.data.price).toBeLessThan(f.sandbox.book(ETH).mid);
    const answer = await request(s, { type: 'trade', symbol: ETH, limit: 1 });
    expect(answer.data).toEqual([{ ...trade.data, ts: expect.any(Number) }]);
  });

  it('a mid move shows on @markprice and on @bbo', async () => {
    const s = await f.open();
    await s.subscribe(`${ETH}@markprice`);
    await s.subscribe(`${ETH}@bbo`);
    const first = await s.next((m) => m.topic === `${ETH}@bbo`);
    const mid = f.sandbox.book(ETH).mid + 25;
    expect((await f.control(`/sandbox/markets/${ETH}/mid`, { price: mid })).success).toBe(true);
    await s.next((m) => m.topic === `${ETH}@markprice` && m.data.price === mid);
    const moved = await s.next((m) => m.topic === `${ETH}@bbo` && m.data.bid !== first.data.bid);
    expect(moved.data.bid).toBeLessThan(mid);
    expect(moved.data.ask).toBeGreaterThan(mid);
  });
});

describe('idle costs nothing', () => {
  it("stops a topic's timer after its last follower leaves, and listens to nothing", async () => {
    const activity = () => f.sandbox.stream.marketTopicTimers();
    // The previous tests' connections close asynchronously.
    await vi.waitFor(() => expect(activity()).toEqual({ timers: [], listening: false }));
    const a = await f.open();
    const b = await f.open();
    await a.subscribe(`${ETH}@markprice`);
    await b.subscribe(`${ETH}@markprice`);
    await b.subscribe(`${ETH}@trade`);
    expect(activity()).toEqual({ timers: [`${ETH}@markprice`], listening: true });
    await a.request({ event: 'unsubscribe', topic: `${ETH}@markprice` });
    expect(activity().timers).toEqual([`${ETH}@markprice`]);
    await b.request({ event: 'unsubscribe', topic: `${ETH}@markprice` });
    expect(activity()).toEqual({ timers: [], listening: true });
    const pushed = a.pushes(`${ETH}@markprice`).length;
    b.close();
    await vi.waitFor(() => expect(activity()).toEqual({ timers: [], listening: false }));
    // The unsubscribed client gets nothing more (a later timer would have pushed by now).
    await a.subscribe(`${ETH}@kline_1m`);
    await a.next((m) => m.topic === `${ETH}@kline_1m`);
    expect(a.pushes(`${ETH}@markprice`).length).toBe(pushed);
  });

  it('POST /sandbox/connections/drop closes public connections and their timers', async () => {
    const s = await f.open();
    await s.subscribe('markprices');
    expect(f.sandbox.stream.marketTopicTimers().timers).toEqual(['markprices']);
    const dropped = await f.control('/sandbox/connections/drop');
    expect(dropped.data.dropped).toBeGreaterThanOrEqual(1);
    await s.waitClosed();
    expect(f.sandbox.stream.marketTopicTimers()).toEqual({ timers: [], listening: false });
  });
});
