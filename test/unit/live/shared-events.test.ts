/**
 * The fan-out plugins on a schema of their own over real HTTP: subscribers of the same
 * selection share one execution per event (a field resolver counts its calls), different
 * variables are executed apart, and the SSE processor speaks GraphQL over SSE (ping comment
 * first, `event: next` per result, `event: complete` at the end).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useLiveSse } from '../../../src/live/use-live-sse.ts';
import { useSharedSubscriptionEvents } from '../../../src/live/use-shared-subscription-events.ts';

/** Every subscriber's pending pull; `publish` hands them the same event object. */
const waiting = new Set<(event: { n: number } | null) => void>();
let subscribers = 0;
let resolved = 0;

function publish(event: { n: number } | null): void {
  for (const resolve of waiting) resolve(event);
  waiting.clear();
}

const schema = createSchema({
  typeDefs: /* GraphQL */ `
    type Query { ok: Boolean }
    type Event { n: Int! label(prefix: String!): String! }
    type Subscription { events: Event! }
  `,
  resolvers: {
    Event: {
      label: (e: { n: number }, args: { prefix: string }) => {
        resolved++;
        return `${args.prefix}${e.n}`;
      },
    },
    Subscription: {
      events: {
        subscribe: () => {
          subscribers++;
          return {
            [Symbol.asyncIterator]() {
              return this;
            },
            next: () =>
              new Promise<IteratorResult<{ n: number }>>((resolve) =>
                waiting.add((event) =>
                  resolve(event ? { value: event, done: false } : { value: undefined, done: true }),
                ),
              ),
            return: () => Promise.resolve({ value: undefined, done: true as const }),
          };
        },
        resolve: (event: unknown) => event,
      },
    },
  },
});

let server: Server;
let url: string;
beforeAll(async () => {
  const yoga = createYoga({ schema, plugins: [useSharedSubscriptionEvents(), useLiveSse()] });
  server = createServer(yoga);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function subscribe(prefix: string) {
  const state = { text: '', done: false };
  void (async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        query: 'subscription($p: String!) { events { n label(prefix: $p) } }',
        variables: { p: prefix },
      }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      state.text += decoder.decode(chunk, { stream: true });
    }
    state.done = true;
  })();
  return state;
}

it('executes once per event and selection, and frames results as GraphQL over SSE', async () => {
  const subs = [subscribe('a'), subscribe('a'), subscribe('a'), subscribe('b')];
  await expect.poll(() => waiting.size, { interval: 10 }).toBe(4);
  expect(subscribers).toBe(4);
  publish({ n: 1 });
  await expect
    .poll(() => subs.every((s) => s.text.includes('event: next')), { interval: 10 })
    .toBe(true);
  // Three subscribers of prefix "a" share one execution; "b" has its own.
  expect(resolved).toBe(2);
  expect(subs[0]!.text).toBe(
    ':\n\nevent: next\ndata: {"data":{"events":{"n":1,"label":"a1"}}}\n\n',
  );
  expect(subs[3]!.text).toContain('"label":"b1"');
  await expect.poll(() => waiting.size, { interval: 10 }).toBe(4);
  publish(null);
  await expect.poll(() => subs.every((s) => s.done), { interval: 10 }).toBe(true);
  expect(subs[1]!.text.endsWith('event: complete\ndata:\n\n')).toBe(true);
});
