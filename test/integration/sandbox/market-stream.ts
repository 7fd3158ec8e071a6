/**
 * Shared set-up of the public market topic tests: a sandbox with short push cadences, a
 * trader, raw public stream clients (closed after each test) and the SDK-style local book.
 */
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { makeAccount, SandboxClient } from '../../helpers/sandbox-client.ts';
import { SdkOrderBook } from '../../helpers/sdk-order-book.ts';
import { type Frame, RawStream } from '../streams/raw-client.ts';

export const ETH = 'PERP_ETH_USDC';

/** Short cadences: every periodic topic pushes within tens of ms. */
export const TEST_CADENCE = {
  orderbookMs: 25,
  orderbookUpdateMs: 20,
  bboMs: 5,
  bbosMs: 25,
  markPriceMs: 25,
  klineMs: 25,
  estFundingRateMs: 25,
  openInterestMs: 10,
  openInterestForceMs: 60,
};

export interface MarketStreamFixture {
  sandbox: Sandbox;
  client: SandboxClient;
  /** A public stream connection, closed after the test. */
  open(): Promise<RawStream>;
  /** POST a control endpoint; the envelope's body. */
  control(path: string, body?: unknown): Promise<Frame>;
}

/** Registers the suite's hooks; the fixture is filled in `beforeAll`. */
export function marketStreamFixture(
  cadence: Partial<typeof TEST_CADENCE> = {},
): MarketStreamFixture {
  const trader = makeAccount();
  const streams: RawStream[] = [];
  const f = {} as MarketStreamFixture;
  beforeAll(async () => {
    f.sandbox = await createSandbox({
      seed: { brokerId: 'demo', accounts: [trader.seed] },
      limits: false,
      stream: { market: { ...TEST_CADENCE, ...cadence } },
    });
    f.client = new SandboxClient(f.sandbox.url, trader);
    f.open = async () => {
      const s = await RawStream.open(`${f.sandbox.url}/ws/stream/${trader.accountId}`);
      streams.push(s);
      return s;
    };
    f.control = async (path, body) => {
      const res = await fetch(f.sandbox.url + path, {
        method: 'POST',
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return res.json();
    };
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(() => f.sandbox.close());
  return f;
}

let requests = 0;

/** Sends a one-shot request and waits for the answer with its id. */
export async function request(s: RawStream, params: Record<string, unknown>): Promise<Frame> {
  const id = `r${++requests}`;
  s.send({ id, event: 'request', params });
  return s.next((f) => f.id === id && f.event === 'request');
}

/** A local book the SDK's way: subscribe to the updates, then ask for the snapshot. */
export async function followBook(s: RawStream, symbol: string) {
  const book = new SdkOrderBook();
  const topic = `${symbol}@orderbookupdate`;
  let seen = 0;
  const feed = () => {
    const pushes = s.pushes(topic);
    for (; seen < pushes.length; seen++) book.update(pushes[seen].data, pushes[seen].ts);
  };
  expect((await s.subscribe(topic)).success).toBe(true);
  const snapshot = await request(s, { type: 'orderbook', symbol });
  expect(snapshot.success).toBe(true);
  // Updates that arrived before the answer were dropped by the SDK (no book yet).
  seen = s.frames.filter((f, i) => f.topic === topic && i < s.frames.indexOf(snapshot)).length;
  book.snapshot(snapshot.data);
  return { book, feed, topic };
}

/** `GET /v1/orderbook/{symbol}` (synthetic levels and resting orders) as `[price, quantity]`. */
export async function bookNow(client: SandboxClient, symbol: string) {
  const res = await client.get(`/v1/orderbook/${symbol}?max_level=100`);
  expect(res.status, res.text).toBe(200);
  const { asks, bids } = res.body.data as Record<'asks' | 'bids', Level[]>;
  const pairs = (levels: Level[]) => levels.map((l): [number, number] => [l.price, l.quantity]);
  return { asks: pairs(asks), bids: pairs(bids) };
}

type Level = { price: number; quantity: number };

/** Waits until the local book equals the sandbox's book (after the last push went out). */
export async function converges(
  client: SandboxClient,
  symbol: string,
  follow: Awaited<ReturnType<typeof followBook>>,
): Promise<void> {
  await vi.waitFor(
    async () => {
      follow.feed();
      expect(follow.book.levels()).toEqual(await bookNow(client, symbol));
    },
    { timeout: 5_000, interval: 10 },
  );
}
