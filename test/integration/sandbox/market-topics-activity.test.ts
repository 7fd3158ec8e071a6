/**
 * The activity control drives `{symbol}@orderbookupdate` one push per tick: with order-driven
 * changes coalesced to one push a minute here, only per-tick pushes can deliver these, and
 * the chain and the local book still hold.
 */
import { describe, expect, it, vi } from 'vitest';
import { converges, ETH, followBook, marketStreamFixture } from './market-stream.ts';

const f = marketStreamFixture({ orderbookUpdateMs: 60_000 });

describe('activity ticks', () => {
  it('pushes one update per activity tick, chained, and the local book keeps up', async () => {
    const s = await f.open();
    const follow = await followBook(s, ETH);
    const on = await f.control(`/sandbox/markets/${ETH}/activity`, { bookUpdatesPerSecond: 20 });
    expect(on.data).toMatchObject({ symbol: ETH, bookUpdatesPerSecond: 20 });
    await vi.waitFor(() => expect(s.pushes(follow.topic).length).toBeGreaterThanOrEqual(6), {
      timeout: 5_000,
    });
    await f.control(`/sandbox/markets/${ETH}/activity`, { bookUpdatesPerSecond: 0 });
    const pushes = s.pushes(follow.topic);
    for (let i = 1; i < pushes.length; i++) expect(pushes[i].data.prevTs).toBe(pushes[i - 1].ts);
    await converges(f.client, ETH, follow);
    expect(follow.book.gaps).toBe(0);
  });
});
