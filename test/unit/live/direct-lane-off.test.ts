/**
 * SUBSCRIPTION_DIRECT_LANE=off: no transport is offered the direct lane, so every result is
 * pulled through yoga's and envelop's iterator wrappers (an envelop onNext hook sees each
 * one), over real HTTP with SSE; the same messages arrive in order. The subscription contract
 * tests run on both lanes (test/integration/streams/subscriptions.test.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { useLiveSse } from '../../../src/live/use-live-sse.ts';
import { useSharedSubscriptionEvents } from '../../../src/live/use-shared-subscription-events.ts';
import { deliver } from '../../../src/resolvers/live.ts';
import { SubscriberQueue } from '../../../src/resolvers/live-queue.ts';

const queues = new Set<SubscriberQueue<{ n: number }>>();
let seenByHook = 0;

const schema = createSchema({
  typeDefs:
    'type Query { ok: Boolean } type Event { n: Int! } type Subscription { events: Event! }',
  resolvers: {
    Subscription: {
      events: {
        subscribe: () => {
          const q: SubscriberQueue<{ n: number }> = new SubscriberQueue(8, () => queues.delete(q));
          queues.add(q);
          return q;
        },
        resolve: deliver,
      },
    },
  },
});

const countingHook: Plugin = {
  onSubscribe: () => ({ onSubscribeResult: () => ({ onNext: () => void seenByHook++ }) }),
};

let server: Server;
let url: string;
beforeAll(async () => {
  const yoga = createYoga({
    schema,
    logging: false,
    plugins: [useSharedSubscriptionEvents({ directLane: false }), useLiveSse(), countingHook],
  });
  server = createServer(yoga);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('pulls every result through the wrappers and delivers each in order', async () => {
  const state = { text: '' };
  void (async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { events { n } }' }),
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      state.text += decoder.decode(chunk, { stream: true });
    }
  })();
  await expect.poll(() => queues.size, { interval: 10 }).toBe(1);
  for (let n = 1; n <= 3; n++) for (const q of queues) q.push({ n });
  const next = () => state.text.split('\n\n').filter((b) => b.startsWith('event: next'));
  await expect.poll(() => next().length, { interval: 10 }).toBe(3);
  expect(next().map((b) => JSON.parse(b.slice(b.indexOf('data: ') + 6)))).toEqual(
    [1, 2, 3].map((n) => ({ data: { events: { n } } })),
  );
  expect(seenByHook).toBe(3);
  for (const q of [...queues]) q.end();
  await expect.poll(() => state.text.endsWith('event: complete\ndata:\n\n')).toBe(true);
});

describe('SUBSCRIPTION_DIRECT_LANE', () => {
  it('is on by default, off when set, and names itself when the value is neither', () => {
    expect(loadConfig({}).streams.directLane).toBe(true);
    expect(loadConfig({ SUBSCRIPTION_DIRECT_LANE: 'off' }).streams.directLane).toBe(false);
    expect(() => loadConfig({ SUBSCRIPTION_DIRECT_LANE: 'maybe' })).toThrow(
      /SUBSCRIPTION_DIRECT_LANE/,
    );
  });
});
