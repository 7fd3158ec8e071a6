/**
 * graphql-ws' direct lane (src/live/ws-lane-stream.ts, src/live/ws-connection.ts) over real
 * WebSockets on port 0, wired as src/live/ws-server.ts wires it, on a schema whose subscriptions are
 * SubscriberQueues; raw `ws` clients record every text frame. Each subscription's `next`
 * messages carry its own id and are byte for byte what graphql-ws' own `stringifyMessage`
 * makes of the execution result (frame lengths of every header size); a result with an error
 * goes the regular way (masked by yoga, counted by an onNext hook) in order; the end sends
 * `complete`; a client's `complete` releases the subscription; a connection that stops
 * reading is bounded and its subscriptions end as slow consumers, other connections unharmed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { execute, parse } from 'graphql';
import { GRAPHQL_TRANSPORT_WS_PROTOCOL, MessageType, stringifyMessage } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { useSharedSubscriptionEvents } from '../../../src/live/use-shared-subscription-events.ts';
import { laneSendHooks, WS_BUFFER_MAX, WsConnection } from '../../../src/live/ws-connection.ts';
import { laneOperation, withWsLane } from '../../../src/live/ws-lane-stream.ts';
import { deliver } from '../../../src/resolvers/live.ts';
import { SubscriberQueue } from '../../../src/resolvers/live-queue.ts';

const QUEUE_MAX = 8;
const queues = new Set<SubscriberQueue<Ev>>();
let seenByHook = 0;

interface Ev {
  n: number;
  size?: number;
}

const publish = (event: Ev) => {
  for (const q of queues) q.push(event);
};

const typeDefs = /* GraphQL */ `
  type Query { ok: Boolean }
  type Event { n: Int! boom: String pad: String! }
  type Subscription { events: Event! }
`;
const resolvers = {
  Event: {
    boom: (e: Ev) => {
      if (e.n === 2) throw new Error('internal detail');
      return 'ok';
    },
    pad: (e: Ev) => 'x'.repeat(e.size ?? 0),
  },
  Subscription: {
    events: {
      subscribe: () => {
        const q: SubscriberQueue<Ev> = new SubscriberQueue(QUEUE_MAX, () => queues.delete(q));
        queues.add(q);
        return q;
      },
      resolve: deliver,
    },
  },
};
const schema = createSchema({ typeDefs, resolvers });

/** Counts the results that pass through the per-event wrappers (envelop's onNext). */
const countingHook: Plugin = {
  onSubscribe: () => ({ onSubscribeResult: () => ({ onNext: () => void seenByHook++ }) }),
};

let server: Server;
let wss: WebSocketServer;
let url: string;
beforeAll(async () => {
  const yoga = createYoga({
    schema,
    logging: false,
    plugins: [useSharedSubscriptionEvents(), countingHook],
  });
  server = createServer(yoga);
  wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      WsConnection.open(ws, socket as Socket);
      wss.emit('connection', ws, req);
    });
  });
  // As src/live/ws-server.ts: the operation runs through yoga's envelop; its request is the
  // lane's key; the lane's batch leaves before whatever graphql-ws sends.
  useServer(
    {
      ...laneSendHooks,
      execute: (args) => (args.rootValue as Enveloped).execute(args) as never,
      subscribe: async (args) => {
        const result = await (args.rootValue as Enveloped).subscribe(args);
        return withWsLane((args.contextValue as { request: object }).request, result) as never;
      },
      onSubscribe: async (ctx, id, payload) => {
        const request = new Request('http://test/graphql', { method: 'POST' });
        laneOperation(request, id, ctx.extra.socket);
        const enveloped = yoga.getEnveloped({ request, params: payload });
        return {
          schema: enveloped.schema,
          document: enveloped.parse(payload.query),
          contextValue: await enveloped.contextFactory(),
          rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
        };
      },
    },
    wss,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  for (const c of wss.clients) c.terminate();
  wss.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const open: WebSocket[] = [];
afterEach(async () => {
  for (const ws of open.splice(0)) ws.terminate();
  await expect.poll(() => queues.size).toBe(0);
});

interface Enveloped {
  execute: (args: unknown) => unknown;
  subscribe: (args: unknown) => unknown;
}

/** A raw graphql-transport-ws client: every text frame as received. */
async function connect() {
  const ws = new WebSocket(url, GRAPHQL_TRANSPORT_WS_PROTOCOL);
  open.push(ws);
  const frames: string[] = [];
  ws.on('message', (data) => frames.push(String(data)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'connection_init' }));
  await expect.poll(() => frames.includes('{"type":"connection_ack"}')).toBe(true);
  const of = (id: string) =>
    frames
      .map((f) => JSON.parse(f) as { id?: string; type: string; payload?: unknown })
      .filter((m) => m.id === id);
  return {
    ws,
    frames,
    of,
    subscribe(id: string, query: string) {
      ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));
    },
  };
}

const QUERY = 'subscription { events { n boom pad } }';

/** What graphql-ws itself sends for event `e` to subscription `id`. */
const expectedNext = (id: string, e: Ev) =>
  stringifyMessage({
    id,
    type: MessageType.Next,
    payload: execute({ schema, document: parse(QUERY), rootValue: e }) as never,
  });

it("sends each subscription graphql-ws' own next message with its id; errors masked the regular way, in order; complete at the end", async () => {
  const a = await connect();
  const b = await connect();
  // ids of different lengths and one that JSON must escape
  const idsA = ['1', 'a-much-longer-subscription-id-0123456789', 'quote"and\\slash'];
  const idsB = ['1', '2'];
  for (const id of idsA) a.subscribe(id, QUERY);
  for (const id of idsB) b.subscribe(id, QUERY);
  await expect.poll(() => queues.size).toBe(5);
  seenByHook = 0;
  // Payload sizes across the frame header's three forms (≤125, ≤65535, more).
  const sent: Ev[] = [{ n: 1 }, { n: 2 }, { n: 3, size: 200 }, { n: 4, size: 70_000 }];
  for (const e of sent) publish(e);
  const all = [...idsA.map((id) => [a, id] as const), ...idsB.map((id) => [b, id] as const)];
  await expect
    .poll(() => all.every(([c, id]) => c.of(id).length === sent.length), { interval: 10 })
    .toBe(true);
  for (const [c, id] of all) {
    const frames = c.frames.filter((f) => JSON.parse(f).id === id);
    expect(frames[0]).toBe(expectedNext(id, sent[0]!));
    expect(frames[2]).toBe(expectedNext(id, sent[2]!));
    expect(frames[3]).toBe(expectedNext(id, sent[3]!));
    // The result with an error: masked by yoga, through the wrappers, in its place.
    const second = JSON.parse(frames[1]!) as {
      type: string;
      payload: { data: unknown; errors: { message: string; path: string[] }[] };
    };
    expect(second.type).toBe('next');
    expect(second.payload.data).toEqual({ events: { n: 2, boom: null, pad: '' } });
    expect(second.payload.errors).toEqual([
      expect.objectContaining({ message: 'Unexpected error.', path: ['events', 'boom'] }),
    ]);
  }
  // Only the result with an error went through the per-event hooks (once per subscription).
  expect(seenByHook).toBe(5);
  for (const q of [...queues]) q.end();
  await expect
    .poll(() => all.every(([c, id]) => c.of(id).at(-1)?.type === 'complete'), { interval: 10 })
    .toBe(true);
  for (const [c, id] of all) {
    expect(c.of(id)).toHaveLength(sent.length + 1);
    expect(c.of(id).at(-1)).toEqual({ id, type: 'complete' });
  }
  a.ws.close();
  b.ws.close();
});

it("a client's complete releases its subscription; the connection's others carry on", async () => {
  const c = await connect();
  c.subscribe('keep', QUERY);
  c.subscribe('stop', QUERY);
  await expect.poll(() => queues.size).toBe(2);
  publish({ n: 1 });
  await expect.poll(() => c.of('stop').length).toBe(1);
  c.ws.send(JSON.stringify({ id: 'stop', type: 'complete' }));
  await expect.poll(() => queues.size).toBe(1);
  publish({ n: 3 });
  await expect.poll(() => c.of('keep').length).toBe(2);
  expect(c.frames.at(-1)).toBe(expectedNext('keep', { n: 3 }));
  expect(c.of('stop')).toHaveLength(1);
  c.ws.close();
  await expect.poll(() => queues.size).toBe(0);
});

it('a connection that stops reading is bounded: its subscriptions end as slow consumers, others get every event', async () => {
  const slow = await connect();
  const fine = await connect();
  slow.subscribe('s1', QUERY);
  slow.subscribe('s2', QUERY);
  fine.subscribe('f', QUERY);
  await expect.poll(() => queues.size).toBe(3);
  const serverSocket = (ws: WebSocket) => (ws as unknown as { _socket: Socket })._socket;
  const slowSide = [...wss.clients].find(
    (w) => serverSocket(w).remotePort === serverSocket(slow.ws).localPort,
  )!;
  slow.ws.pause();
  // Until the slow connection's subscriptions are ended (the kernel's buffers fill first).
  let published = 0;
  let unsent = 0;
  const size = 32 * 1024;
  for (let n = 1; n <= 2_000 && queues.size > 1; n++) {
    publish({ n: n + 10, size });
    published++;
    await new Promise((resolve) => setImmediate(resolve));
    unsent = Math.max(unsent, serverSocket(slowSide).writableLength);
  }
  expect(queues.size).toBe(1); // only the reading connection's subscription is left
  // What the process held for the slow connection stayed within the bound (+ one batch).
  expect(unsent).toBeLessThan(WS_BUFFER_MAX + 2 * (size + 200));
  await expect.poll(() => fine.of('f').length, { interval: 10 }).toBe(published);
  slow.ws.resume();
  for (const id of ['s1', 's2']) {
    await expect.poll(() => slow.of(id).at(-1)?.type, { interval: 10 }).toBe('complete');
    const messages = slow.of(id) as {
      type: string;
      payload?: { data?: { events: { n: number } }; errors?: { extensions: unknown }[] };
    }[];
    const nexts = messages.slice(0, -2).map((m) => m.payload!.data!.events.n);
    // Every event it could take, in order, then the error, then complete.
    expect(nexts).toEqual(nexts.map((_, i) => i + 11));
    expect(nexts.length).toBeLessThan(published);
    expect(messages.at(-2)!.payload!.errors![0]!.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'SLOW_CONSUMER',
    });
  }
  slow.ws.close();
  fine.ws.close();
  await expect.poll(() => queues.size).toBe(0);
});
