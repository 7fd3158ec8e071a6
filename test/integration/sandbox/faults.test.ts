/** Fault modes over real HTTP: what a client on the wire sees, and what the sandbox processed. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandbox, type FaultConfig } from '../../../src/sandbox/index.ts';
import { makeAccount, SandboxClient } from '../../helpers/sandbox-client.ts';
import { type Fixture, startFixture } from './fixtures.ts';

const ORDER = { methods: ['POST'], paths: ['/v1/order'] };
const order = (clientOrderId: string) => ({
  symbol: 'PERP_ETH_USDC',
  order_type: 'LIMIT',
  side: 'BUY',
  order_price: 2_000,
  order_quantity: 0.1,
  client_order_id: clientOrderId,
});

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());
beforeEach(() => {
  f.sandbox.setFaults(null);
  f.sandbox.resetRequestLog();
});

/** Whether the sandbox holds the trader's order `id` (read without faults on that path). */
const stored = (id: string) =>
  f.sandbox.orders(f.trader.accountId).filter((o) => o.clientOrderId === id).length;

describe('answers in place of the real one', () => {
  it('5xx before processing: nothing stored; after: stored, the answer is a 500', async () => {
    f.sandbox.setFaults({ status5xx: true, match: ORDER });
    const early = await f.client.order(order('f5-before'));
    expect(early).toMatchObject({ status: 500, body: { success: false, code: -1000 } });
    expect(stored('f5-before')).toBe(0);
    expect((await f.client.get('/v1/client/info')).status).toBe(200);

    f.sandbox.setFaults({ status5xx: { status: 503 }, when: 'after', match: ORDER });
    expect((await f.client.order(order('f5-after'))).status).toBe(503);
    expect(stored('f5-after')).toBe(1);
    expect(f.sandbox.requestLog.map((e) => [e.path, e.status, e.code])).toEqual([
      ['/v1/order', 500, -1000],
      ['/v1/client/info', 200, undefined],
      ['/v1/order', 503, -1000],
    ]);
  });

  it('HTML error page with its content type', async () => {
    f.sandbox.setFaults({ html: { status: 504 } });
    const page = await f.client.get('/v1/client/info');
    expect(page.status).toBe(504);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('504 Gateway Timeout');
    expect(page.body).toBeUndefined();
  });

  it('malformed JSON after processing: a 200 whose body does not parse', async () => {
    f.sandbox.setFaults({ malformedJson: true, when: 'after', match: ORDER });
    const cut = await f.client.order(order('fm-1'));
    expect(cut.status).toBe(200);
    expect(cut.body).toBeUndefined();
    expect(cut.text.startsWith('{"success":true')).toBe(true);
    expect(stored('fm-1')).toBe(1);
  });

  it('a 429 burst: count answers with Retry-After, unprocessed, then normal service', async () => {
    f.sandbox.setFaults({ rateLimitBurst: { retryAfterSec: 2 }, count: 2, match: ORDER });
    const first = await f.client.order(order('fr-1'));
    expect(first).toMatchObject({ status: 429, body: { code: -1003 } });
    expect(first.headers.get('retry-after')).toBe('2');
    expect((await f.client.order(order('fr-2'))).status).toBe(429);
    expect((await f.client.order(order('fr-3'))).status).toBe(200);
    expect([stored('fr-1'), stored('fr-2'), stored('fr-3')]).toEqual([0, 0, 1]);
    expect(f.sandbox.faultCount()).toBe(2);
  });
});

describe('connection resets', () => {
  it('before processing: the client sees a dropped connection, nothing is stored', async () => {
    f.sandbox.setFaults({ reset: 'before', match: ORDER, count: 1 });
    await expect(f.client.order(order('fx-before'))).rejects.toThrow(/fetch failed/);
    expect(stored('fx-before')).toBe(0);
    await vi.waitFor(() => expect(f.sandbox.requestLog).toHaveLength(1));
    expect(f.sandbox.requestLog[0]).toMatchObject({ path: '/v1/order', status: 0 });
    // count: 1 — the same order goes through on the next attempt.
    expect((await f.client.order(order('fx-before'))).status).toBe(200);
  });

  it('after processing: dropped connection, but the order exists', async () => {
    f.sandbox.setFaults({ reset: 'after', match: ORDER });
    await expect(f.client.order(order('fx-after'))).rejects.toThrow(/fetch failed/);
    expect(stored('fx-after')).toBe(1);
    // A blind resend is answered (409 -1007: the id is taken) but that answer is lost too.
    await expect(f.client.order(order('fx-after'))).rejects.toThrow(/fetch failed/);
    expect(stored('fx-after')).toBe(1);
    await vi.waitFor(() => expect(f.sandbox.requestLog).toHaveLength(2));
    expect(f.sandbox.requestLog.map((e) => e.status)).toEqual([0, 0]);
  });
});

describe('latency', () => {
  it('after processing: the order is stored while its answer is still on the way', async () => {
    f.sandbox.setFaults({ latencyMs: 500, when: 'after', match: ORDER });
    const started = performance.now();
    let answered = false;
    const pending = f.client.order(order('fl-after')).then((reply) => {
      answered = true;
      return reply;
    });
    await vi.waitFor(() => expect(stored('fl-after')).toBe(1), { timeout: 400 });
    expect(answered).toBe(false);
    expect((await pending).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(495);
  });

  it('before processing, only on matching paths; setFaults(null) ends it for new requests', async () => {
    f.sandbox.setFaults({ latencyMs: 300, match: { paths: [/^\/v1\/client\/info$/] } });
    const started = performance.now();
    expect((await f.client.get('/v1/client/info')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    const quick = performance.now();
    expect((await f.client.get('/v1/withdraw_nonce')).status).toBe(200);
    f.sandbox.setFaults(null);
    expect((await f.client.get('/v1/client/info')).status).toBe(200);
    expect(performance.now() - quick).toBeLessThan(300);
  });

  it('close() does not wait for delayed requests: their connections are dropped', async () => {
    const trader = makeAccount();
    const sandbox = await createSandbox({
      seed: { brokerId: 'demo', accounts: [trader.seed] },
      faults: { latencyMs: 60_000 },
    });
    const client = new SandboxClient(sandbox.url, trader);
    const pending = client.get('/v1/client/info');
    await vi.waitFor(() => expect(sandbox.faultCount()).toBe(1));
    const started = performance.now();
    await sandbox.close();
    await expect(pending).rejects.toThrow(/fetch failed/);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(sandbox.orders(trader.accountId)).toEqual([]);
  });
});

describe('clock skew', () => {
  it('the server clock moves: envelope timestamps, Date, and the ±300 s window', async () => {
    const skew = 10 * 60_000;
    f.sandbox.setFaults({ clockSkewMs: skew });
    const refused = await f.client.get('/v1/client/info');
    expect(refused).toMatchObject({ status: 401, body: { code: -1002 } });
    expect(refused.body.timestamp).toBe(f.clock.now + skew);
    expect(Date.parse(refused.headers.get('date')!)).toBe(
      Math.floor((f.clock.now + skew) / 1000) * 1000,
    );
    const inServerTime = await f.client.get('/v1/client/info', { timestamp: f.clock.now + skew });
    expect(inServerTime.status).toBe(200);
    f.sandbox.setFaults(null);
    expect((await f.client.get('/v1/client/info')).body.timestamp).toBe(f.clock.now);
  });
});

describe('configuration', () => {
  it('createSandbox refuses an invalid fault config; setFaults too', async () => {
    await expect(
      createSandbox({ faults: { reset: 'before', html: true } as FaultConfig }),
    ).rejects.toThrow(/at most one of/);
    expect(() => f.sandbox.setFaults({ every: 0 })).toThrow(TypeError);
  });

  it('a config given at creation is active from the first request', async () => {
    const trader = makeAccount();
    const sandbox = await createSandbox({
      seed: { brokerId: 'demo', accounts: [trader.seed] },
      faults: { status5xx: true, count: 1 },
    });
    try {
      const client = new SandboxClient(sandbox.url, trader);
      expect((await client.get('/v1/client/info')).status).toBe(500);
      expect((await client.get('/v1/client/info')).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
