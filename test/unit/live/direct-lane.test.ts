/**
 * The direct lane (use-shared-subscription-events.ts) over real HTTP with SSE (use-live-sse.ts),
 * on a schema whose subscriptions are SubscriberQueues: error-free shared results skip the
 * per-event iterator wrappers (an envelop onNext hook does not see them), a result with
 * errors goes through them (yoga masks it), in order; a selection with an async resolver is
 * executed once per event and delivered in order; the end completes the stream. The
 * graphql-ws side is in test/integration/streams/ws-lane.test.ts.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExecutionResult } from 'graphql';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useLiveSse } from '../../../src/live/use-live-sse.ts';
import { useSharedSubscriptionEvents } from '../../../src/live/use-shared-subscription-events.ts';
import { deliver } from '../../../src/resolvers/live.ts';
import { SubscriberQueue } from '../../../src/resolvers/live-queue.ts';

const BIG = 'x'.repeat(64 * 1024);
const queues = new Set<SubscriberQueue<{ n: number }>>();
let executed = 0;
let seenByHook = 0;

const publish = (n: number) => {
  const event = { n };
  for (const q of queues) q.push(event);
};

const schema = createSchema({
  typeDefs: /* GraphQL */ `
    type Query { ok: Boolean }
    type Event { n: Int! later: Int! boom: String big: String! }
    type Subscription { events: Event! eager: Event! }
  `,
  resolvers: {
    Event: {
      later: async (e: { n: number }) => {
        executed++;
        return e.n * 10;
      },
      big: () => BIG,
      boom: (e: { n: number }) => {
        if (e.n === 2) throw new Error('internal detail');
        return 'ok';
      },
    },
    Subscription: {
      events: {
        subscribe: () => {
          const q: SubscriberQueue<{ n: number }> = new SubscriberQueue(8, () => queues.delete(q));
          queues.add(q);
          return q;
        },
        resolve: deliver,
      },
      // Events already queued when the subscription starts: handed over before the response
      // has been sent.
      eager: {
        subscribe: () => {
          const q: SubscriberQueue<{ n: number }> = new SubscriberQueue(8, () => queues.delete(q));
          q.push({ n: 1 });
          q.push({ n: 2 });
          queues.add(q);
          return q;
        },
        resolve: deliver,
      },
    },
  },
});

/** Counts the results that pass through the per-event wrappers (envelop's onNext). */
const countingHook: Plugin = {
  onSubscribe: () => ({
    onSubscribeResult: () => ({
      onNext: () => {
        seenByHook++;
      },
    }),
  }),
};

let server: Server;
let url: string;
beforeAll(async () => {
  const yoga = createYoga({
    schema,
    logging: false,
    plugins: [useSharedSubscriptionEvents(), useLiveSse(), countingHook],
  });
  server = createServer(yoga);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function subscribe(query: string) {
  const state = { text: '', done: false };
  void (async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query }),
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      state.text += decoder.decode(chunk, { stream: true });
    }
    state.done = true;
  })();
  return state;
}

const events = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.startsWith('event: next'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as ExecutionResult);

it('skips the wrappers for shared error-free results, masks errors through them, in order', async () => {
  const subs = [1, 2, 3].map(() => subscribe('subscription { events { n boom } }'));
  await expect.poll(() => queues.size, { interval: 10 }).toBe(3);
  publish(1);
  publish(2);
  publish(3);
  await expect
    .poll(() => subs.every((s) => events(s.text).length === 3), { interval: 10 })
    .toBe(true);
  for (const s of subs) {
    const [first, second, third] = events(s.text);
    expect(first).toEqual({ data: { events: { n: 1, boom: 'ok' } } });
    expect(second!.data).toEqual({ events: { n: 2, boom: null } });
    expect(second!.errors).toEqual([
      expect.objectContaining({ message: 'Unexpected error.', path: ['events', 'boom'] }),
    ]);
    expect(third).toEqual({ data: { events: { n: 3, boom: 'ok' } } });
  }
  // Only the result with an error went through the per-event hooks (once per subscriber).
  expect(seenByHook).toBe(3);
  for (const q of [...queues]) q.end();
  await expect.poll(() => subs.every((s) => s.done), { interval: 10 }).toBe(true);
  for (const s of subs) expect(s.text.endsWith('event: complete\ndata:\n\n')).toBe(true);
});

it('writes results that come before the response was sent after its first comment, in order', async () => {
  const sub = subscribe('subscription { eager { n } }');
  await expect.poll(() => queues.size, { interval: 10 }).toBe(1);
  publish(3);
  await expect.poll(() => events(sub.text).length, { interval: 10 }).toBe(3);
  expect(sub.text.startsWith(':\n\n')).toBe(true);
  expect(events(sub.text).map((r) => (r.data as { eager: { n: number } }).eager.n)).toEqual([
    1, 2, 3,
  ]);
  for (const q of [...queues]) q.end();
  await expect.poll(() => sub.done, { interval: 10 }).toBe(true);
  expect(sub.text.endsWith('event: complete\ndata:\n\n')).toBe(true);
});

it('executes an async selection once per event and delivers in order', async () => {
  executed = 0;
  const subs = [1, 2, 3, 4].map(() => subscribe('subscription { events { n later } }'));
  await expect.poll(() => queues.size, { interval: 10 }).toBe(4);
  for (let n = 1; n <= 5; n++) publish(n);
  await expect
    .poll(() => subs.every((s) => events(s.text).length === 5), { interval: 10 })
    .toBe(true);
  for (const s of subs) {
    expect(
      events(s.text).map((r) => (r.data as { events: { later: number } }).events.later),
    ).toEqual([10, 20, 30, 40, 50]);
  }
  expect(executed).toBe(5);
  for (const q of [...queues]) q.end();
  await expect.poll(() => subs.every((s) => s.done), { interval: 10 }).toBe(true);
});

it('a subscriber whose socket is behind is ended with SLOW_CONSUMER after what it could take', async () => {
  // A client that does not read: the socket fills, then the response, then the bounded queue.
  const target = new URL(url);
  let res: import('node:http').IncomingMessage | undefined;
  const body = JSON.stringify({ query: 'subscription { events { n big } }' });
  const req = request(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'content-length': Buffer.byteLength(body),
      },
    },
    (r) => {
      res = r;
      r.pause();
    },
  );
  req.end(body);
  await expect.poll(() => queues.size === 1 && res !== undefined, { interval: 10 }).toBe(true);
  for (let n = 1; n <= 400 && queues.size > 0; n++) {
    publish(n);
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(queues.size).toBe(0); // ended: released from the hub's side
  let text = '';
  res!.setEncoding('utf8');
  res!.on('data', (chunk: string) => {
    text += chunk;
  });
  res!.resume();
  await new Promise((resolve) => res!.on('end', resolve));
  const results = events(text);
  const delivered = results.slice(0, -1).map((r) => (r.data as { events: { n: number } }).events.n);
  expect(delivered).toEqual(delivered.map((_, i) => i + 1));
  expect(results.at(-1)!.errors![0]!.extensions).toMatchObject({
    code: 'RATE_LIMITED',
    reason: 'SLOW_CONSUMER',
  });
  expect(text.endsWith('event: complete\ndata:\n\n')).toBe(true);
});
