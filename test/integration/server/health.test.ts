// @module-tag redis
/**
 * /health (liveness, public port) and /ready (Redis and upstream reachable, not draining; on
 * the admin listener only): exact paths, the cached and shared result, and the check timeout
 * against dependencies that accept connections and never answer.
 */
import { createServer } from 'node:http';
import {
  type AddressInfo,
  createServer as createTcpServer,
  type Socket,
  type Server as TcpServer,
} from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, startGateway, uniquePrefix } from './harness.ts';

const prefix = uniquePrefix('health');

/** A loopback URL nothing listens on (a port just released). */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A TCP server that accepts every connection, reads everything and never answers. */
async function hangingServer(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: TcpServer = createTcpServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function ready(gw: Running, path = '/ready'): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${gw.adminOrigin}${path}`);
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

describe('health and readiness', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startGateway({ prefix });
  });
  afterAll(() => gw?.close());

  it('/health answers 200 on the public port without touching dependencies', async () => {
    const before = gw.gateway.sandbox?.requestCount();
    const response = await fetch(`${gw.origin}/health`);
    expect(response.status).toBe(200);
    expect(gw.gateway.sandbox?.requestCount()).toBe(before);
  });

  it('/ready answers 200 on the admin listener when Redis and the embedded upstream answer', async () => {
    expect(await ready(gw)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { redis: 'ok', upstream: 'ok' } },
    });
    // A query string does not change the path.
    expect((await ready(gw, '/ready?probe=1')).status).toBe(200);
  });

  it('/ready and /metrics are not served on the public port', async () => {
    for (const path of ['/ready', '/metrics']) {
      const response = await fetch(`${gw.origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toMatch(/"checks"|svc_http_requests_total/);
    }
  });

  it('matches the exact path: a URL that merely ends in /ready gets its own answer', async () => {
    const query = encodeURIComponent('{ __typename }');
    const response = await fetch(`${gw.origin}/graphql?query=${query}&x=/ready`, {
      headers: { 'x-graphql-csrf': '1', accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
    for (const path of ['/any/ready', '/ready/', '/readyz', '/metrics/x', '/x?/ready']) {
      expect((await ready(gw, path)).status, path).toBe(404);
    }
  });

  it('answers 405 with Allow: GET to other methods on the admin routes', async () => {
    for (const path of ['/ready', '/metrics']) {
      const response = await fetch(`${gw.adminOrigin}${path}`, { method: 'POST', body: '{}' });
      expect(response.status, path).toBe(405);
      expect(response.headers.get('allow'), path).toBe('GET');
    }
  });

  it('/ready answers 503 "draining" once shutdown began, whatever is cached', async () => {
    const other = await startGateway({ prefix, readiness: { cacheMs: 60_000 } });
    try {
      expect((await ready(other)).status).toBe(200);
      other.gateway.drain();
      expect(await ready(other)).toEqual({
        status: 503,
        body: { status: 'draining', checks: { redis: 'ok', upstream: 'ok' } },
      });
    } finally {
      await other.close();
    }
  });
});

describe('readiness result cache', () => {
  it('pings the dependencies once per cache period, and concurrent probes share one ping', async () => {
    const gw = await startGateway({ prefix, readiness: { cacheMs: 60_000 } });
    try {
      const sandbox = gw.gateway.sandbox!;
      const before = sandbox.requestCount();
      const answers = await Promise.all(Array.from({ length: 5 }, () => ready(gw)));
      for (let i = 0; i < 5; i++) answers.push(await ready(gw));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(sandbox.requestCount() - before).toBe(1);
    } finally {
      await gw.close();
    }
  });

  it('checks again once the cached result is older than the cache period', async () => {
    const gw = await startGateway({ prefix, readiness: { cacheMs: 1 } });
    try {
      const sandbox = gw.gateway.sandbox!;
      const before = sandbox.requestCount();
      await ready(gw);
      // Poll: the next probe after 1 ms pings again (no fixed sleep).
      await expect
        .poll(async () => {
          await ready(gw);
          return sandbox.requestCount() - before;
        })
        .toBeGreaterThanOrEqual(2);
    } finally {
      await gw.close();
    }
  });

  it('shares one check among concurrent probes with the default settings too', async () => {
    const gw = await startGateway({ prefix });
    try {
      const sandbox = gw.gateway.sandbox!;
      const before = sandbox.requestCount();
      await Promise.all(Array.from({ length: 8 }, () => ready(gw)));
      expect(sandbox.requestCount() - before).toBe(1);
    } finally {
      await gw.close();
    }
  });
});

describe('readiness with a dependency down', () => {
  it('reports the upstream down (503) when nothing answers at its URL', async () => {
    const gw = await startGateway({
      prefix,
      upstreamUrl: await deadUrl(),
      keystore: { principals: [] },
    });
    try {
      expect((await fetch(`${gw.origin}/health`)).status).toBe(200);
      expect(await ready(gw)).toEqual({
        status: 503,
        body: { status: 'not_ready', checks: { redis: 'ok', upstream: 'down' } },
      });
    } finally {
      await gw.close();
    }
  });

  it('cuts off an upstream that accepts and never answers (the 2 s check timeout, not the upstream timeout)', async () => {
    const hang = await hangingServer();
    const gw = await startGateway({
      prefix,
      upstreamUrl: `http://127.0.0.1:${hang.port}`,
      keystore: { principals: [] },
      // The upstream client alone would wait 10 minutes: only the readiness timeout can answer
      // within this test's 30 s.
      env: { UPSTREAM_TIMEOUT_MS: '600000' },
    });
    try {
      expect(await ready(gw)).toEqual({
        status: 503,
        body: { status: 'not_ready', checks: { redis: 'ok', upstream: 'down' } },
      });
      expect(hang.connections()).toBeGreaterThanOrEqual(1);
      expect((await fetch(`${gw.origin}/health`)).status).toBe(200);
    } finally {
      await gw.close();
      await hang.close();
    }
  });

  it('answers with a short injected timeout while the hung check is still pending', async () => {
    const hang = await hangingServer();
    const gw = await startGateway({
      prefix,
      upstreamUrl: `http://127.0.0.1:${hang.port}`,
      keystore: { principals: [] },
      env: { UPSTREAM_TIMEOUT_MS: '600000' },
      readiness: { timeoutMs: 50, cacheMs: 0 },
    });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await ready(gw)).body).toMatchObject({ checks: { upstream: 'down' } });
      }
    } finally {
      await gw.close();
      await hang.close();
    }
  });

  it('reports a Redis that accepts and never answers as degraded (200), in bounded time', async () => {
    const hang = await hangingServer();
    const gw = await startGateway({
      prefix,
      env: { REDIS_URL: `redis://127.0.0.1:${hang.port}` },
    });
    try {
      expect(await ready(gw)).toEqual({
        status: 200,
        body: { status: 'degraded', checks: { redis: 'down', upstream: 'ok' } },
      });
      expect(hang.connections()).toBeGreaterThanOrEqual(1);
    } finally {
      await gw.close();
      await hang.close();
    }
  });

  it('reports the upstream down after the embedded sandbox stops', async () => {
    const gw = await startGateway({ prefix, readiness: { cacheMs: 0 } });
    try {
      expect((await ready(gw)).status).toBe(200);
      await gw.gateway.sandbox?.close();
      const answer = await ready(gw);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ checks: { upstream: 'down' } });
    } finally {
      await gw.close();
    }
  });

  it('reports Redis down as degraded (200: the replica still serves) when Redis does not answer', async () => {
    const port = new URL(await deadUrl()).port;
    const gw = await startGateway({
      prefix,
      env: { REDIS_URL: `redis://127.0.0.1:${port}` },
    });
    try {
      expect(await ready(gw)).toEqual({
        status: 200,
        body: { status: 'degraded', checks: { redis: 'down', upstream: 'ok' } },
      });
    } finally {
      await gw.close();
    }
  });
});
