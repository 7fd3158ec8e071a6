// @module-tag redis
/**
 * Failure handling over real HTTP: the sandbox's fault slot injects what the upstream or a
 * proxy in front of it may do — hang, drop the connection before or after processing, serve
 * HTML, 5xx, 429 with Retry-After, string error codes.
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Layer, SandboxRequest, SandboxResponse } from '../../../src/sandbox/index.ts';
import {
  MalformedResponseError,
  RateLimitedError,
  UnavailableError,
  UpstreamError,
} from '../../../src/upstream/errors.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';
import { createRedisStore } from '../../../src/upstream/stores/redis.ts';
import { type Harness, startHarness, type TestAccount } from './harness.ts';

type Fault = (
  req: SandboxRequest,
  next: () => Promise<SandboxResponse>,
) => Promise<SandboxResponse>;
let fault: Fault | undefined;
const hangs: Array<() => void> = [];
const faults: Layer = (req, next) => (fault ? fault(req, () => next(req)) : next(req));

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const hang = () =>
  new Promise<never>((_, reject) => hangs.push(() => reject(new Error('released'))));
const ORDER = { method: 'POST', path: '/v1/order' };
const order = (id: string) => ({
  symbol: 'PERP_ETH_USDC',
  order_type: 'LIMIT' as const,
  side: 'BUY' as const,
  order_price: 2_000,
  order_quantity: 0.1,
  client_order_id: id,
});

/** A port nobody listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let h: Harness;
let trader: TestAccount;
beforeAll(async () => {
  h = await startHarness({ faults });
  trader = h.account();
});
beforeEach(async () => {
  fault = undefined;
  // Released requests are logged once their sockets close: wait for that, then reset.
  const logged = h.sandbox.requestLog.length + hangs.length;
  for (const release of hangs.splice(0)) release();
  await vi.waitFor(() => expect(h.sandbox.requestLog.length).toBeGreaterThanOrEqual(logged));
  h.sandbox.resetRequestLog();
});
afterAll(async () => {
  for (const release of hangs.splice(0)) release();
  await h.close();
});

const noCache = {
  cache: {
    enabled: false,
    accountTtlMs: 0,
    openOrderTtlMs: 0,
    finalOrderTtlMs: 0,
    referralTtlMs: 0,
  },
};

describe('timeouts and connection failures', () => {
  it('turns a timeout into UnavailableError(timeout), retrying GETs only', async () => {
    const arrived: string[] = [];
    fault = (req) => {
      arrived.push(req.path);
      return hang();
    };
    const client = h.client({ config: { timeoutMs: 100, ...noCache } });
    const t = client.forAccount(trader);
    const error = await t.accountInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error).toMatchObject({ reason: 'timeout', operation: 'accountInfo' });
    await expect(
      t.setDefaultMarginMode({ symbol: 'PERP_ETH_USDC', default_margin_mode: 'CROSS' }),
    ).rejects.toMatchObject({ kind: 'unavailable', reason: 'timeout' });
    expect(arrived).toEqual([
      ...Array(3).fill('/v1/client/info'), // 1 + retry.max
      '/v1/client/margin_mode',
    ]);
    expect(client.events.map((e) => [e.operation, e.outcome, e.attempts])).toEqual([
      ['accountInfo', 'unavailable', 3],
      ['setDefaultMarginMode', 'unavailable', 1],
    ]);
  });

  it('retries a GET after a reset and a 5xx, never a POST after a 5xx', async () => {
    let calls = 0;
    fault = async (req, next) => {
      if (req.path !== '/v1/client/info' && req.path !== '/v1/client/margin_mode') return next();
      calls++;
      if (calls === 1) return { ...(await next()), reset: 'before' };
      if (calls === 2 || req.method === 'POST')
        return json(503, { success: false, code: -1000, message: 'busy' });
      return next();
    };
    const client = h.client({ config: noCache });
    // An account of its own: retries take client/info budget (10 per 60 s) only while less
    // than half of it is used, and the test above used three units of the trader's.
    const fresh = h.account();
    const t = client.forAccount(fresh);
    expect((await t.accountInfo()).account_id).toBe(fresh.accountId);
    expect(client.events.at(-1)).toMatchObject({ outcome: 'ok', attempts: 3 });
    await expect(
      t.setDefaultMarginMode({ symbol: 'PERP_ETH_USDC', default_margin_mode: 'CROSS' }),
    ).rejects.toMatchObject({ kind: 'unavailable', reason: 'server_error' });
    expect(h.sandbox.requestCount({ path: '/v1/client/margin_mode' })).toBe(1);
  });

  it('retries even a write when the connection was refused (nothing was sent)', async () => {
    const client = h.client({ baseUrl: `http://127.0.0.1:${await closedPort()}`, config: noCache });
    const error = await client
      .forAccount(trader)
      .setDefaultMarginMode({ symbol: 'PERP_ETH_USDC', default_margin_mode: 'CROSS' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable', reason: 'connection' });
    expect(client.events.at(-1)).toMatchObject({ attempts: 3 });
    expect(await client.ping()).toBe(false);
    expect(await h.client().ping()).toBe(true);
  });
});

describe('answers that are not the envelope', () => {
  const secretish = 'svc-signature: abc; secret=hunter2';

  it('maps HTML error pages and non-JSON bodies without leaking them', async () => {
    const client = h.client({ config: { ...noCache, retry: { max: 0, baseMs: 1, capMs: 1 } } });
    const t = client.forAccount(h.account());
    const html = (status: number) => async () => ({
      status,
      headers: { 'Content-Type': 'text/html' },
      body: `<html><body><h1>${status}</h1><pre>${secretish}</pre></body></html>`,
    });
    const errors: unknown[] = [];
    for (const [status, kind] of [
      [502, 'unavailable'],
      [200, 'malformed'],
      [404, 'malformed'],
      [401, 'unauthorized'],
      [429, 'rate_limited'], // last: it blocks the operation for a while
    ] as const) {
      fault = html(status);
      if (status === 429) {
        fault = async () => json(200, { success: true, timestamp: Date.now(), data: { other: 1 } });
        errors.push(await t.withdrawNonce().catch((e: unknown) => e));
        expect(errors.at(-1)).toBeInstanceOf(MalformedResponseError);
        fault = html(status);
      }
      const error = await t.withdrawNonce().catch((e: unknown) => e);
      expect(error, `HTTP ${status}`).toMatchObject({ kind });
      errors.push(error);
    }
    for (const error of errors) {
      expect(error).toBeInstanceOf(UpstreamError);
      const text = `${(error as Error).message} ${JSON.stringify(error)}`;
      expect(text).not.toMatch(/<html|hunter2|svc-signature|ed25519:/);
      expect(text).not.toContain(trader.secret);
    }
  });

  it('parses string error codes: "-1011" is retry-later, retried for a GET', async () => {
    let calls = 0;
    fault = async (_req, next) =>
      ++calls === 1
        ? json(400, { success: false, code: '-1011', message: 'internal network error' })
        : next();
    const client = h.client({ config: noCache });
    const t = client.forAccount(h.account());
    expect((await t.withdrawNonce()).withdraw_nonce).toBeGreaterThan(0);
    expect(calls).toBe(2);
    fault = async () => json(400, { success: false, code: '-1005', message: 'order_price: bad' });
    await expect(t.withdrawNonce()).rejects.toMatchObject({
      kind: 'rejected',
      upstreamCode: -1005,
      httpStatus: 400,
      upstreamMessage: 'order_price: bad',
    });
  });
});

describe('upstream 429', () => {
  it('blocks for the Retry-After, then calls again', async () => {
    let clock = Date.now();
    let limited = true;
    fault = async (req, next) =>
      req.path === '/v1/public/sv_nonce' && limited
        ? json(
            429,
            { success: false, code: -1003, message: 'too many requests' },
            { 'Retry-After': '3' },
          )
        : next();
    const client = h.client({ now: () => clock, store: createMemoryStore() });
    const first = await client.strategyVaultNonce().catch((e: unknown) => e);
    expect(first).toBeInstanceOf(RateLimitedError);
    expect(first).toMatchObject({ source: 'upstream', retryAfterMs: 3_000 });
    limited = false;
    clock += 2_000;
    await expect(client.strategyVaultNonce()).rejects.toMatchObject({
      source: 'upstream',
      retryAfterMs: 1_000,
    });
    expect(h.sandbox.requestCount({ path: '/v1/public/sv_nonce' })).toBe(1);
    clock += 1_000;
    expect((await client.strategyVaultNonce()).nonce).toEqual(expect.any(Number));
    expect(h.sandbox.requestCount({ path: '/v1/public/sv_nonce' })).toBe(2);
  });

  it('without Retry-After, blocks for the documented window', async () => {
    fault = async (req, next) =>
      req.path === '/v1/withdraw_nonce'
        ? json(429, { success: false, code: -1003, message: 'too many requests' })
        : next();
    const client = h.client({ store: createMemoryStore() });
    await expect(client.forAccount(trader).withdrawNonce()).rejects.toMatchObject({
      source: 'upstream',
      retryAfterMs: 1_000,
    });
  });
});

describe('orders are never placed twice', () => {
  const orders = (id: string) =>
    h.sandbox.requestLog.filter((e) => e.method === 'GET' && e.path === `/v1/client/order/${id}`);

  it('reads back an order whose answer was lost after the sandbox accepted it', async () => {
    let drops = 1;
    fault = async (req, next) => {
      const response = await next();
      return req.method === 'POST' && req.path === '/v1/order' && drops-- > 0
        ? { ...response, reset: 'after' }
        : response;
    };
    const client = h.client();
    const t = client.forAccount(trader);
    const created = await t.createOrder(order('drop-after-1'));
    expect(created).toMatchObject({ client_order_id: 'drop-after-1', order_type: 'LIMIT' });
    expect(h.sandbox.requestCount(ORDER)).toBe(1);
    expect(orders('drop-after-1')).toHaveLength(1);
    expect((await t.orderByClientOrderId('drop-after-1')).order_id).toBe(created.order_id);
    expect(client.events.find((e) => e.operation === 'createOrder')).toMatchObject({
      outcome: 'ok',
    });
  });

  it('re-sends, with the same client_order_id, an order that never arrived', async () => {
    let drops = 1;
    fault = async (req, next) =>
      req.method === 'POST' && req.path === '/v1/order' && drops-- > 0
        ? { status: 0, headers: {}, body: '', reset: 'before' }
        : next();
    const t = h.client().forAccount(trader);
    const created = await t.createOrder(order('drop-before-1'));
    expect(created.client_order_id).toBe('drop-before-1');
    expect(h.sandbox.requestCount(ORDER)).toBe(2);
    expect(h.sandbox.requestLog.filter((e) => e.path === '/v1/order').map((e) => e.status)).toEqual(
      [0, 200],
    );
  });

  it('reads back after a timeout instead of re-sending', async () => {
    // The order is placed, but its answer is held until the client has given up on it.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    fault = async (req, next) => {
      const response = await next();
      if (req.method === 'POST' && req.path === '/v1/order') await released;
      return response;
    };
    const t = h.client({ config: { timeoutMs: 150 } }).forAccount(trader);
    const created = await t.createOrder(order('slow-1')).finally(release);
    expect(created.client_order_id).toBe('slow-1');
    // The sandbox logs the slow request once it has answered.
    await vi.waitFor(() =>
      expect(h.sandbox.requestLog.some((e) => e.path === '/v1/order')).toBe(true),
    );
    expect(h.sandbox.requestCount(ORDER)).toBe(1);
  });

  it('gives a generated client_order_id to every order and keeps it across the read-back', async () => {
    let drops = 1;
    fault = async (req, next) => {
      const response = await next();
      return req.path === '/v1/order' && drops-- > 0 ? { ...response, reset: 'after' } : response;
    };
    const t = h.client().forAccount(trader);
    const { client_order_id: _omit, ...params } = order('x');
    const created = await t.createOrder(params);
    expect(created.client_order_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(h.sandbox.requestCount(ORDER)).toBe(1);
  });

  it('fails as unavailable, without re-sending, when the order state cannot be read', async () => {
    fault = async (req, next) => {
      if (req.path.startsWith('/v1/client/order/'))
        return json(500, { success: false, code: -1000, message: 'x' });
      const response = await next();
      return req.path === '/v1/order' ? { ...response, reset: 'after' } : response;
    };
    const t = h.client().forAccount(trader);
    const error = await t.createOrder(order('unknown-1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toMatch(/order state unknown \(client_order_id unknown-1\)/);
    expect(h.sandbox.requestCount(ORDER)).toBe(1);
    fault = undefined;
    expect((await t.orderByClientOrderId('unknown-1')).status).toBe('NEW');
  });

  it('refuses a client_order_id that breaks the 36-character rule, before any request', async () => {
    const t = h.client().forAccount(trader);
    await expect(t.createOrder(order('-leading-hyphen'))).rejects.toBeInstanceOf(RangeError);
    await expect(t.createOrder(order('x'.repeat(37)))).rejects.toBeInstanceOf(RangeError);
    expect(h.sandbox.requestCount(ORDER)).toBe(0);
  });
});

describe('Redis down', () => {
  it('serves from the upstream without cache, on a local budget, and reports degraded', async () => {
    const store = createRedisStore({
      url: 'redis://127.0.0.1:1',
      keyPrefix: 'test-upstream-down',
      connectTimeoutMs: 200,
      commandTimeoutMs: 300,
    });
    try {
      const client = h.client({ store });
      const t = client.forAccount(trader);
      const started = performance.now();
      expect((await t.accountInfo()).account_id).toBe(trader.accountId);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(client.health().store).toMatchObject({ kind: 'redis', healthy: false });
      const fresh = h.account();
      const outcomes = [];
      for (let i = 0; i < 11; i++) {
        outcomes.push(
          await client
            .forAccount(fresh)
            .accountInfo()
            .then(
              () => 'ok',
              (e: RateLimitedError) => e.source,
            ),
        );
      }
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
      expect(outcomes.at(-1)).toBe('budget');
    } finally {
      await store.close();
    }
  });
});
