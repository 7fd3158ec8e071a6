/**
 * The order book update chain over a real WebSocket: every push continues the previous one,
 * the one-shot snapshot joins the chain (a local book kept the SDK's way equals the sandbox's
 * book), resting orders come and go in the updates, and the gap control breaks it once.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Frame } from '../streams/raw-client.ts';
import {
  bookNow,
  converges,
  ETH,
  followBook,
  marketStreamFixture,
  request,
} from './market-stream.ts';

const f = marketStreamFixture();
let sequence = 0;

const order = (over: Record<string, unknown>) => ({
  symbol: ETH,
  order_type: 'LIMIT',
  side: 'BUY',
  order_quantity: 1,
  client_order_id: `mb${++sequence}`,
  ...over,
});

const mid = () => f.sandbox.book(ETH).mid;
const setMid = (price: number) => f.control(`/sandbox/markets/${ETH}/mid`, { price });

/** Every push's prevTs equals the previous push's ts; the number of breaks. */
function breaks(pushes: Frame[]): number {
  let n = 0;
  for (let i = 1; i < pushes.length; i++) if (pushes[i].data.prevTs !== pushes[i - 1].ts) n++;
  return n;
}

describe('{symbol}@orderbookupdate', () => {
  it('chains across many updates and the snapshot joins it', async () => {
    const s = await f.open();
    const follow = await followBook(s, ETH);
    const start = mid();
    // Each step waits for its push: on a fast machine steps closer than the push interval
    // would coalesce, and the chain is only tested across many pushes.
    for (let i = 1; i <= 12; i++) {
      await setMid(start + (i % 7) * 3);
      if (i % 5 === 0) {
        expect((await f.client.order(order({ order_price: start - 60 - i }))).status).toBe(200);
      }
      await converges(f.client, ETH, follow);
    }
    const pushes = s.pushes(follow.topic);
    expect(pushes.length).toBeGreaterThan(5);
    expect(breaks(pushes)).toBe(0);
    expect(follow.book.gaps).toBe(0);
    await setMid(start);
  });

  it('coalesces a burst of changes into one push', async () => {
    const s = await f.open();
    const follow = await followBook(s, ETH);
    // Nothing pending from earlier tests.
    await vi.waitFor(() => expect(f.sandbox.stream.marketTopicTimers().timers).toEqual([]));
    const seen = s.pushes(follow.topic).length;
    const start = mid();
    // One turn of the event loop: the push waits for the next, whatever the interval left.
    for (let i = 1; i <= 10; i++) f.sandbox.setMidPrice(ETH, start + i);
    await converges(f.client, ETH, follow);
    expect(s.pushes(follow.topic).length).toBe(seen + 1);
    await setMid(start);
  });

  it('shows a resting order at its price and removes it on cancel', async () => {
    const s = await f.open();
    const follow = await followBook(s, ETH);
    const price = mid() - 250;
    const placed = order({ order_price: price, order_quantity: 2 });
    expect((await f.client.order(placed)).status).toBe(200);
    const shown = await s.next(
      (m) => m.topic === follow.topic && m.data.bids.some(([p]: number[]) => p === price),
    );
    expect(shown.data.bids).toContainEqual([price, 2]);
    await f.client.cancel('/v1/client/order', {
      client_order_id: placed.client_order_id,
      symbol: ETH,
    });
    const removed = await s.next(
      (m) =>
        m.topic === follow.topic &&
        m.ts > shown.ts &&
        m.data.bids.some(([p]: number[]) => p === price),
    );
    expect(removed.data.bids).toContainEqual([price, 0]);
    await converges(f.client, ETH, follow);
    expect(follow.book.levels().bids.some(([p]) => p === price)).toBe(false);
  });

  it('the gap control withholds one update: the chain breaks exactly once, a resync heals it', async () => {
    const s = await f.open();
    const follow = await followBook(s, ETH);
    const start = mid();
    await setMid(start + 1);
    await converges(f.client, ETH, follow);
    const gap = await f.control(`/sandbox/markets/${ETH}/book-gap`);
    expect(gap.data).toEqual({ symbol: ETH, ts: follow.book.ts });
    const seen = s.pushes(follow.topic).length;
    await setMid(start + 2);
    // The withheld update: nothing is pushed for it.
    await vi.waitFor(() => expect(f.sandbox.stream.marketTopicTimers().timers).toEqual([]));
    expect(s.pushes(follow.topic).length).toBe(seen);
    await setMid(start + 3);
    await vi.waitFor(() => expect(s.pushes(follow.topic).length).toBe(seen + 1));
    expect(s.pushes(follow.topic).at(-1).data.prevTs).not.toBe(gap.data.ts);
    follow.feed();
    expect(follow.book.gaps).toBe(1);
    for (let i = 4; i <= 8; i++) await setMid(start + i);
    await vi.waitFor(() => expect(s.pushes(follow.topic).length).toBeGreaterThanOrEqual(seen + 2));
    expect(breaks(s.pushes(follow.topic))).toBe(1);
    // The SDK's book stalls on a gap; a new snapshot joins the chain again.
    const snapshot = await request(s, { type: 'orderbook', symbol: ETH });
    follow.book.snapshot(snapshot.data);
    await converges(f.client, ETH, follow);
    expect(follow.book.levels()).toEqual(await bookNow(f.client, ETH));
    await setMid(start);
  });

  it('a follower joining after changes nobody followed starts from the book now', async () => {
    const first = await f.open();
    await followBook(first, ETH);
    first.close();
    await vi.waitFor(() => expect(f.sandbox.stream.marketTopicTimers().listening).toBe(false));
    await setMid(mid() + 7);
    const later = await followBook(await f.open(), ETH);
    expect(later.book.levels()).toEqual(await bookNow(f.client, ETH));
  });

  it('a snapshot with nobody following the updates is the book now', async () => {
    await setMid(mid() + 5);
    const s = await f.open();
    const answer = await request(s, { type: 'orderbook', symbol: ETH });
    const { asks, bids } = await bookNow(f.client, ETH);
    expect(answer.data).toMatchObject({ symbol: ETH, asks, bids });
  });
});
