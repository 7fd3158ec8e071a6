/** StreamSocket against a bare `ws` server: pings answered, silence and drops reconnected. */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { StreamSocket } from '../../../src/upstream/stream/index.ts';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanup.splice(0)) f();
});

async function server(onFrame: (ws: WebSocket, frame: Record<string, unknown>) => void = () => {}) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const sockets: WebSocket[] = [];
  const frames: Record<string, unknown>[] = [];
  wss.on('connection', (ws) => {
    sockets.push(ws);
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      frames.push(frame);
      onFrame(ws, frame);
    });
  });
  cleanup.push(() => wss.close());
  return { url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/x`, sockets, frames };
}

function socket(
  url: string,
  overrides: Partial<ConstructorParameters<typeof StreamSocket>[0]> = {},
) {
  const pushes: unknown[] = [];
  let readies = 0;
  const s = new StreamSocket({
    url,
    backoff: { baseMs: 5, capMs: 20 },
    silenceMs: 10_000,
    pingMs: 10_000,
    onPush: (topic, data) => pushes.push({ topic, data }),
    onReady: () => {
      readies++;
    },
    ...overrides,
  });
  cleanup.push(() => s.close());
  return { s, pushes, readies: () => readies };
}

describe('StreamSocket', () => {
  it('answers server pings, subscribes its topics and delivers pushes', async () => {
    const srv = await server((ws, frame) => {
      if (frame.event === 'subscribe') {
        ws.send(JSON.stringify({ id: frame.id, event: 'subscribe', success: true, ts: 1 }));
        ws.send(JSON.stringify({ topic: frame.topic, ts: 2, data: { n: 1 } }));
      }
    });
    const ready: unknown[] = [];
    const { s, pushes } = socket(srv.url, {
      onReady: (resumed, serverTs) => ready.push({ resumed, serverTs }),
    });
    s.subscribe('t1');
    await expect.poll(() => pushes).toEqual([{ topic: 't1', data: { n: 1 } }]);
    // Ready with the server's clock from its last answer (the subscribe ack's `ts`).
    expect(ready).toEqual([{ resumed: false, serverTs: 1 }]);
    srv.sockets[0]!.send(JSON.stringify({ event: 'ping' }));
    await expect.poll(() => srv.frames.some((f) => f.event === 'pong')).toBe(true);
  });

  it('is ready only once every subscription is acknowledged', async () => {
    const srv = await server();
    const { s, readies } = socket(srv.url);
    s.subscribe('t1');
    s.subscribe('t2');
    await expect.poll(() => srv.frames.filter((f) => f.event === 'subscribe').length).toBe(2);
    const [first, second] = srv.frames.filter((f) => f.event === 'subscribe');
    const ack = (frame: Record<string, unknown>) =>
      srv.sockets[0]!.send(JSON.stringify({ id: frame.id, event: 'subscribe', success: true }));
    ack(first!);
    // The server answers in order: once a ping after the first ack is answered, that ack
    // has been read, and one topic is still pending.
    srv.sockets[0]!.send(JSON.stringify({ event: 'ping' }));
    await expect.poll(() => srv.frames.some((f) => f.event === 'pong')).toBe(true);
    expect(readies()).toBe(0);
    ack(second!);
    await expect.poll(() => readies()).toBe(1);
  });

  it('treats silence as a dead connection: reconnects and subscribes again', async () => {
    const srv = await server();
    const { s, readies } = socket(srv.url, { silenceMs: 150, pingMs: 40 });
    s.subscribe('t1');
    await expect.poll(() => srv.sockets.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    // A silent server never acknowledges a subscription: the socket never counts as ready.
    expect(readies()).toBe(0);
    // The client pinged while waiting, and subscribed on each connection.
    expect(srv.frames.some((f) => f.event === 'ping')).toBe(true);
    expect(srv.frames.filter((f) => f.event === 'subscribe').length).toBeGreaterThanOrEqual(2);
  });

  it('reconnects when auth is never answered, even while the server keeps pinging', async () => {
    const srv = await server((ws, frame) => {
      if (frame.event === 'auth') {
        const timer = setInterval(() => ws.send(JSON.stringify({ event: 'ping' })), 20);
        ws.on('close', () => clearInterval(timer));
      }
    });
    const { readies } = socket(srv.url, {
      silenceMs: 150,
      pingMs: 40,
      auth: () => ({ svc_key: 'ed25519:x', sign: 's', timestamp: 1 }),
    });
    await expect
      .poll(() => srv.frames.filter((f) => f.event === 'auth').length, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(2);
    expect(readies()).toBe(0);
  });

  it('reconnects after the server drops it, and stops for good on close()', async () => {
    const srv = await server();
    const { s, readies } = socket(srv.url);
    await expect.poll(() => readies()).toBe(1);
    srv.sockets[0]!.terminate();
    await expect.poll(() => readies()).toBe(2);
    s.close();
    srv.sockets[1]!.terminate();
    await expect.poll(() => srv.sockets[1]!.readyState).toBe(3);
    expect(srv.sockets.length).toBe(2);
    expect(s.isReady).toBe(false);
  });
});
