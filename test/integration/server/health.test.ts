// @module-tag redis
/** /health (liveness) and /ready (Redis and upstream reachable, not draining). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

describe('health and readiness', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startGateway({ prefix });
  });
  afterAll(() => gw?.close());

  it('/health answers 200 without touching dependencies', async () => {
    const before = gw.gateway.sandbox?.requestCount();
    const response = await fetch(`${gw.origin}/health`);
    expect(response.status).toBe(200);
    expect(gw.gateway.sandbox?.requestCount()).toBe(before);
  });

  it('/ready answers 200 when Redis and the embedded upstream answer', async () => {
    const response = await fetch(`${gw.origin}/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      checks: { redis: 'ok', upstream: 'ok' },
    });
  });

  it('/ready answers 503 "draining" once shutdown began', async () => {
    const other = await startGateway({ prefix });
    try {
      expect((await fetch(`${other.origin}/ready`)).status).toBe(200);
      other.gateway.drain();
      const response = await fetch(`${other.origin}/ready`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'draining' });
    } finally {
      await other.close();
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
      const response = await fetch(`${gw.origin}/ready`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'not_ready',
        checks: { redis: 'ok', upstream: 'down' },
      });
    } finally {
      await gw.close();
    }
  });

  it('reports the upstream down after the embedded sandbox stops', async () => {
    const gw = await startGateway({ prefix });
    try {
      expect((await fetch(`${gw.origin}/ready`)).status).toBe(200);
      await gw.gateway.sandbox?.close();
      const response = await fetch(`${gw.origin}/ready`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ checks: { upstream: 'down' } });
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
      const response = await fetch(`${gw.origin}/ready`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: 'degraded',
        checks: { redis: 'down', upstream: 'ok' },
      });
    } finally {
      await gw.close();
    }
  });
});
