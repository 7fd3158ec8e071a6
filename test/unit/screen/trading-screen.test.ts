/**
 * A screen's frames on a fake clock, its streams played by hand through the ports it is
 * given (the hub's listeners, its group's book channel, REST answers): the first frame after
 * the first read, a frame held until the book shows an order the private stream reported, a
 * hold that runs out, and one frame object for every subscriber at most every interval. The
 * real streams are in test/integration/streams/trading-screen.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookListener } from '../../../src/market/book-channel.ts';
import type { TradingScreenModel } from '../../../src/models/trading-screen.ts';
import { ScreenGroup } from '../../../src/screen/screen-group.ts';
import type { ScreenPorts, ScreenSubscriber } from '../../../src/screen/screen-ports.ts';
import { TradingScreen } from '../../../src/screen/trading-screen.ts';
import type { AccountStreamEvent } from '../../../src/upstream/stream/models.ts';
import { book, SYMBOL, update } from './fixtures.ts';

const page = (rows: unknown[]) => ({
  meta: { total: rows.length, records_per_page: 500, current_page: 1 },
  rows,
});
const INFO = { symbol: SYMBOL, base_imr: 0.1, base_mmr: 0.05, funding_period: 8 };

function harness() {
  const heard: { account?: { accountEvent(e: AccountStreamEvent): void }; book?: BookListener } =
    {};
  const books = {
    listen: (_s: string, _d: number, l: BookListener) => {
      heard.book = l;
    },
    unlisten: () => {},
  };
  const group = new ScreenGroup(SYMBOL, 5, books, 100, Date.now);
  group.listen();
  const ports = {
    hub: {
      listenAccount: (_c: unknown, l: typeof heard.account) => {
        heard.account = l;
      },
      unlistenAccount: () => {},
      accountReady: () => true,
      marks: { mark: () => undefined },
    },
    ticks: group,
    account: {
      listOrders: async () => page([]),
      listAlgoOrders: async () => page([]),
      positions: async () => ({ rows: [] }),
      holdings: async () => ({ holding: [] }),
      accountInfo: async () => ({ imr_factor: {} }),
    },
    market: {
      symbolInfos: async () => ({ rows: [INFO] }),
      fundingRates: async () => ({ rows: [] }),
      futuresInfos: async () => ({ rows: [{ symbol: SYMBOL, mark_price: 100 }] }),
    },
    totals: { frames: 0, held: 0, loads: 0 },
    closed: () => {},
  } as unknown as ScreenPorts;
  const screen = new TradingScreen('k', { accountId: 'a', secret: 's' }, SYMBOL, 5, ports, {
    holdMs: 1_000,
    loadTimeoutMs: 15_000,
    now: Date.now,
  });
  const frames: TradingScreenModel[] = [];
  const subscriber: ScreenSubscriber = {
    screenFrame: (f) => frames.push(f),
    screenEnded: () => {},
  };
  return { screen, heard, ports, frames, subscriber };
}

const BOOK = book([[99, 1]], [[101, 1]]);
const WITH_ORDER = book(
  [
    [99, 1],
    [98, 0.5],
  ],
  [[101, 1]],
);

describe('TradingScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function started() {
    const h = harness();
    h.screen.start();
    h.screen.add(h.subscriber);
    h.heard.book!.bookFrame(BOOK, Date.now());
    await vi.advanceTimersByTimeAsync(0); // the first read answers
    expect(h.frames).toHaveLength(1);
    expect(h.frames[0]).toMatchObject({
      sequence: 1,
      markPrice: 100,
      coherent: true,
      openOrders: [],
    });
    return h;
  }

  it('holds a frame until the book shows an order the private stream reported', async () => {
    const h = await started();
    await vi.advanceTimersByTimeAsync(200);
    h.heard.account!.accountEvent({ type: 'order', order: update({ price: 98, quantity: 0.5 }) });
    await vi.advanceTimersByTimeAsync(300);
    expect(h.frames).toHaveLength(1); // the book does not show it yet
    expect(h.ports.totals.held).toBe(1);
    h.heard.book!.bookFrame(WITH_ORDER, Date.now());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.frames).toHaveLength(2);
    expect(h.frames[1]).toMatchObject({ coherent: true, book: WITH_ORDER });
    expect(h.frames[1]!.openOrders.map((o) => o.orderId)).toEqual([1]);
  });

  it('sends the frame after the hold, saying it is not coherent, then stops waiting for that order', async () => {
    const h = await started();
    await vi.advanceTimersByTimeAsync(200);
    h.heard.account!.accountEvent({ type: 'order', order: update({ price: 98, quantity: 0.5 }) });
    await vi.advanceTimersByTimeAsync(999);
    expect(h.frames).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.frames.at(-1)).toMatchObject({ coherent: false, book: BOOK });
    h.heard.account!.accountEvent({ type: 'balances', balances: [] });
    h.heard.book!.bookFrame(book([[99, 1]], [[100.5, 1]]), Date.now());
    await vi.advanceTimersByTimeAsync(100);
    expect(h.frames.at(-1)).toMatchObject({ coherent: true });
  });

  it('hands one frame object to every subscriber, at most one per interval', async () => {
    const h = await started();
    const second: TradingScreenModel[] = [];
    h.screen.add({ screenFrame: (f) => second.push(f), screenEnded: () => {} });
    expect(second[0]).toBe(h.frames[0]); // the current frame at once
    for (let ms = 0; ms < 1_000; ms += 5) {
      h.heard.book!.bookFrame(book([[99, 1 + ms / 1_000]], [[101, 1]]), Date.now());
      await vi.advanceTimersByTimeAsync(5);
    }
    expect(h.frames.length).toBeLessThanOrEqual(1 + 10 + 1);
    expect(h.frames.length).toBeGreaterThan(5);
    expect(second.slice(1)).toEqual(h.frames.slice(1));
    expect(second.slice(1).every((f, i) => f === h.frames[i + 1])).toBe(true);
    expect(h.ports.totals.frames).toBe(h.frames.length);
  });

  it('applies changes that arrive during the first read after it', async () => {
    const h = harness();
    h.screen.start();
    h.screen.add(h.subscriber);
    h.heard.account!.accountEvent({ type: 'order', order: update({ price: 98, quantity: 0.5 }) });
    h.heard.book!.bookFrame(WITH_ORDER, Date.now());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.frames[0]!.openOrders.map((o) => o.price)).toEqual([98]);
  });
});
