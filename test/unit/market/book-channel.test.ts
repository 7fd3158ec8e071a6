/**
 * One symbol's live book: snapshots asked for when needed, frames per depth shared by their
 * subscribers, the current frame to a newcomer, failures and reconnects.
 */
import { describe, expect, it, vi } from 'vitest';
import type { LevelPair } from '../../../src/contract/wire-market-stream.ts';
import {
  BookChannel,
  type BookListener,
  BookUnavailable,
} from '../../../src/market/book-channel.ts';
import type { BookSnapshot } from '../../../src/market/local-book.ts';
import type { OrderBookModel } from '../../../src/models/market.ts';

class Recorder implements BookListener {
  frames: OrderBookModel[] = [];
  failure: string | undefined;
  bookFrame(frame: OrderBookModel): void {
    this.frames.push(frame);
  }
  bookFailed(reason: string): void {
    this.failure = reason;
  }
}

/** A channel whose snapshots are answered from `answers` by the test, one by one. */
function channel(intervalMs = 0) {
  const asked: { resolve(s: BookSnapshot): void; reject(e: unknown): void }[] = [];
  let connected = true;
  const ch = new BookChannel({
    symbol: 'PERP_ETH_USDC',
    snapshot: () => new Promise((resolve, reject) => asked.push({ resolve, reject })),
    connected: () => connected,
    retryDelay: () => 1,
    intervalMs,
  });
  return {
    ch,
    asked,
    setConnected(v: boolean) {
      connected = v;
    },
  };
}

const snap = (ts: number, asks: LevelPair[] = [[3001, 1]], bids: LevelPair[] = [[2999, 1]]) => ({
  ts,
  asks,
  bids,
});
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('BookChannel', () => {
  it('asks for one snapshot for its first subscriber and sends the first frame from it', async () => {
    const { ch, asked } = channel();
    const a = new Recorder();
    const b = new Recorder();
    ch.add(20, a);
    ch.add(20, b);
    expect(asked).toHaveLength(1);
    asked[0]!.resolve(snap(100));
    await settle();
    expect(a.frames).toHaveLength(1);
    // One frame object per depth for all its subscribers.
    expect(b.frames[0]).toBe(a.frames[0]);
    expect(a.frames[0]).toEqual({
      symbol: 'PERP_ETH_USDC',
      timestamp: 100,
      asks: [{ price: 3001, quantity: 1 }],
      bids: [{ price: 2999, quantity: 1 }],
    });
  });

  it('gives a newcomer the current book at once, shared with its depth', async () => {
    const { ch, asked } = channel();
    const a = new Recorder();
    ch.add(1, a);
    asked[0]!.resolve(snap(100));
    await settle();
    const late = new Recorder();
    ch.add(1, late);
    expect(late.frames).toHaveLength(1);
    expect(late.frames[0]).toBe(a.frames[0]);
    const other = new Recorder();
    ch.add(5, other);
    expect(other.frames[0]?.timestamp).toBe(100);
    expect(asked).toHaveLength(1);
  });

  it('resnapshots on a missing link and shows nothing in between', async () => {
    const { ch, asked } = channel();
    const a = new Recorder();
    ch.add(20, a);
    asked[0]!.resolve(snap(100));
    await settle();
    ch.update({ prevTs: 100, ts: 110, asks: [[3000, 2]], bids: [] });
    expect(a.frames.map((f) => f.timestamp)).toEqual([100, 110]);
    ch.update({ prevTs: 115, ts: 120, asks: [[3000, 9]], bids: [] }); // 110 → 115 lost
    expect(asked).toHaveLength(2);
    ch.update({ prevTs: 120, ts: 130, asks: [[3000.5, 1]], bids: [] });
    expect(a.frames).toHaveLength(2);
    asked[1]!.resolve(snap(120, [[3000, 9]]));
    await settle();
    expect(a.frames.at(-1)).toMatchObject({
      timestamp: 130,
      asks: [
        { price: 3000, quantity: 9 },
        { price: 3000.5, quantity: 1 },
      ],
    });
    expect(ch.stats).toMatchObject({ snapshots: 2, breaks: 1 });
  });

  it('retries a crossed snapshot and never emits it', async () => {
    const { ch, asked } = channel();
    const a = new Recorder();
    ch.add(20, a);
    asked[0]!.resolve(snap(100, [[10, 1]], [[11, 1]]));
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(a.frames).toHaveLength(0);
    asked[1]!.resolve(snap(101));
    await settle();
    expect(a.frames).toHaveLength(1);
  });

  it('ends every subscriber when the upstream does not know the symbol', async () => {
    const { ch, asked } = channel();
    const a = new Recorder();
    ch.add(20, a);
    asked[0]!.reject(new BookUnavailable('unknown symbol PERP_ETH_USDC'));
    await settle();
    expect(a.failure).toBe('unknown symbol PERP_ETH_USDC');
    const b = new Recorder();
    ch.add(20, b);
    expect(b.failure).toBe('unknown symbol PERP_ETH_USDC');
    expect(ch.remove(20, a)).toBe(true);
  });

  it('resnapshots after a reconnect, ignoring an answer from before it', async () => {
    const { ch, asked, setConnected } = channel();
    const a = new Recorder();
    ch.add(20, a);
    asked[0]!.resolve(snap(100));
    await settle();
    setConnected(false);
    ch.connectionDown();
    // Down: not asked, nothing emitted.
    ch.update({ prevTs: 100, ts: 110, asks: [], bids: [] });
    expect(asked).toHaveLength(1);
    setConnected(true);
    ch.connectionReady();
    expect(asked).toHaveLength(2);
    asked[1]!.resolve(snap(150));
    await settle();
    expect(a.frames.map((f) => f.timestamp)).toEqual([100, 150]);
  });

  it('coalesces frames to one per interval', async () => {
    vi.useFakeTimers();
    try {
      const { ch, asked } = channel(100);
      const a = new Recorder();
      ch.add(20, a);
      asked[0]!.resolve(snap(0));
      await vi.advanceTimersByTimeAsync(0);
      for (let ts = 1; ts <= 100; ts++) {
        ch.update({ prevTs: ts - 1, ts, asks: [[3001, ts]], bids: [] });
        await vi.advanceTimersByTimeAsync(10); // 100 updates a second for 1 s
      }
      expect(a.frames.length).toBeLessThanOrEqual(11);
      expect(a.frames.length).toBeGreaterThanOrEqual(9);
      await vi.advanceTimersByTimeAsync(100);
      // The last state is always shown.
      expect(a.frames.at(-1)?.timestamp).toBe(100);
      // A newcomer while an emission is due gets it with that emission, once.
      ch.update({ prevTs: 100, ts: 101, asks: [[3001, 1]], bids: [] });
      ch.update({ prevTs: 101, ts: 102, asks: [[3001, 2]], bids: [] });
      const late = new Recorder();
      ch.add(20, late);
      expect(late.frames).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(100);
      expect(late.frames.map((f) => f.timestamp)).toEqual([102]);
      ch.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
