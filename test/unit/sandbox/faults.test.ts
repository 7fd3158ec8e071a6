/** The fault layer on plain values: which requests it picks, what it answers, its clock. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FaultConfig,
  FaultInjector,
  validateFaultConfig,
} from '../../../src/sandbox/faults.ts';
import type { SandboxRequest, SandboxResponse } from '../../../src/sandbox/index.ts';

const HOST_NOW = Date.UTC(2024, 5, 1, 12);

const request = (method: string, path: string): SandboxRequest => ({
  method,
  url: path,
  path,
  query: '',
  headers: {},
  body: Buffer.alloc(0),
  ip: '127.0.0.1',
});

/** A pipeline stand-in that counts what it processed. */
function pipeline() {
  const processed: string[] = [];
  const next = async (req: SandboxRequest): Promise<SandboxResponse> => {
    processed.push(`${req.method} ${req.path}`);
    const body = JSON.stringify({
      success: true,
      timestamp: HOST_NOW,
      data: { n: processed.length },
    });
    return { status: 200, headers: { 'Content-Type': 'application/json' }, body };
  };
  return { processed, next };
}

const run =
  (injector: FaultInjector, next: ReturnType<typeof pipeline>['next']) =>
  (method: string, path: string) =>
    injector.layer(request(method, path), next);

afterEach(() => {
  vi.useRealTimers();
});

describe('validateFaultConfig', () => {
  it('names every problem', () => {
    expect(() =>
      validateFaultConfig({
        status5xx: { status: 404 },
        html: true,
        count: -1,
        every: 0,
        latencyMs: -5,
      } as FaultConfig),
    ).toThrow(
      /at most one of .*\(got status5xx, html\).*count: an integer ≥ 0.*every: an integer ≥ 1.*latencyMs.*status5xx.status: 500 to 599/,
    );
    expect(() => validateFaultConfig({ reset: 'later' } as unknown as FaultConfig)).toThrow(
      /reset: before or after/,
    );
    expect(() => validateFaultConfig({ rateLimitBurst: { retryAfterSec: 1.5 } })).toThrow(
      TypeError,
    );
    expect(() =>
      validateFaultConfig({ latencyMs: 10, status5xx: true, clockSkewMs: -1 }),
    ).not.toThrow();
  });

  it('leaves the previous configuration in force when a new one is invalid', async () => {
    const { next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, { status5xx: true });
    expect(() => injector.set({ html: true, reset: 'after' })).toThrow(TypeError);
    expect((await run(injector, next)('GET', '/v1/client/info')).status).toBe(500);
  });
});

describe('picking requests', () => {
  it('is off by default and with null', async () => {
    const { processed, next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW);
    expect((await run(injector, next)('GET', '/a')).status).toBe(200);
    injector.set({ status5xx: true });
    injector.set(null);
    expect((await run(injector, next)('GET', '/a')).status).toBe(200);
    expect(processed).toHaveLength(2);
    expect(injector.injected).toBe(0);
  });

  it('matches methods and paths, then counts: every n-th, at most count', async () => {
    const { processed, next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, {
      status5xx: { status: 503 },
      match: { methods: ['post'], paths: ['/v1/order', /^\/v1\/batch/] },
      every: 2,
      count: 2,
    });
    const send = run(injector, next);
    const statuses: number[] = [];
    for (const [method, path] of [
      ['POST', '/v1/order'], // 1st match: faulted
      ['GET', '/v1/order'], // not a match
      ['POST', '/v1/batch-order'], // 2nd match: passes (every 2)
      ['POST', '/v1/order'], // 3rd match: faulted
      ['POST', '/v1/client/info'], // not a match
      ['POST', '/v1/order'], // 4th match: passes
      ['POST', '/v1/order'], // 5th match: count spent
    ] as const) {
      statuses.push((await send(method, path)).status);
    }
    expect(statuses).toEqual([503, 200, 200, 503, 200, 200, 200]);
    expect(injector.injected).toBe(2);
    expect(processed).toHaveLength(5);
  });

  it('restarts its counts when set again', async () => {
    const { next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, { reset: 'before', count: 1 });
    const send = run(injector, next);
    expect((await send('GET', '/a')).reset).toBe('before');
    expect((await send('GET', '/a')).reset).toBeUndefined();
    injector.set({ reset: 'before', count: 1 });
    expect((await send('GET', '/a')).reset).toBe('before');
  });
});

describe('answers', () => {
  it('5xx: a JSON envelope, before or after processing', async () => {
    const { processed, next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, { status5xx: true });
    const before = await run(injector, next)('POST', '/v1/order');
    expect(before).toMatchObject({ status: 500, code: -1000 });
    expect(JSON.parse(before.body)).toEqual({
      success: false,
      code: -1000,
      message: 'unknown error',
      timestamp: HOST_NOW,
    });
    expect(processed).toEqual([]);
    injector.set({ status5xx: { status: 502, code: -1011 }, when: 'after' });
    expect(await run(injector, next)('POST', '/v1/order')).toMatchObject({
      status: 502,
      code: -1011,
    });
    expect(processed).toEqual(['POST /v1/order']);
  });

  it('HTML: a proxy error page', async () => {
    const { processed, next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, { html: true });
    const page = await run(injector, next)('GET', '/v1/client/info');
    expect(page.status).toBe(502);
    expect(page.headers['Content-Type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>502 Bad Gateway</h1>');
    expect(processed).toEqual([]);
  });

  it('reset: before skips processing, after processes and loses the answer', async () => {
    const { processed, next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, { reset: 'before' });
    expect((await run(injector, next)('POST', '/v1/order')).reset).toBe('before');
    expect(processed).toEqual([]);
    injector.set({ reset: 'after' });
    expect((await run(injector, next)('POST', '/v1/order')).reset).toBe('after');
    expect(processed).toEqual(['POST /v1/order']);
  });

  it('malformed JSON: a body cut short (the real one after processing)', async () => {
    const { processed, next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, { malformedJson: true, when: 'after' });
    const cut = await run(injector, next)('GET', '/v1/client/info');
    expect(cut.status).toBe(200);
    expect(() => JSON.parse(cut.body)).toThrow(SyntaxError);
    expect(JSON.stringify({ success: true, timestamp: HOST_NOW, data: { n: 1 } })).toContain(
      cut.body,
    );
    injector.set({ malformedJson: { status: 500 } });
    const early = await run(injector, next)('GET', '/v1/client/info');
    expect(early.status).toBe(500);
    expect(() => JSON.parse(early.body)).toThrow(SyntaxError);
    expect(processed).toHaveLength(1);
  });

  it('429 burst: -1003 with Retry-After, never processed, then through', async () => {
    const { processed, next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, {
      rateLimitBurst: { retryAfterSec: 3 },
      count: 2,
      when: 'after',
    });
    const send = run(injector, next);
    const answers = [await send('GET', '/a'), await send('GET', '/a'), await send('GET', '/a')];
    expect(answers.map((a) => a.status)).toEqual([429, 429, 200]);
    expect(answers[0]).toMatchObject({ code: -1003, headers: { 'Retry-After': '3' } });
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ success: false, code: -1003 });
    expect(processed).toHaveLength(1);
  });

  it('latency: holds the request (before processing by default)', async () => {
    vi.useFakeTimers();
    const { processed, next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, { latencyMs: 1_000 });
    let answered = false;
    const pending = run(injector, next)('GET', '/a').then((r) => {
      answered = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect([answered, processed.length]).toEqual([false, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
    expect(processed).toHaveLength(1);
  });

  it('latency after processing: processed at once, answered late', async () => {
    vi.useFakeTimers();
    const { processed, next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, { latencyMs: 500, when: 'after' });
    let answered = false;
    const pending = run(injector, next)('POST', '/v1/order').then(() => {
      answered = true;
    });
    await vi.advanceTimersByTimeAsync(1);
    expect([answered, processed.length]).toEqual([false, 1]);
    await vi.advanceTimersByTimeAsync(500);
    await pending;
    expect(answered).toBe(true);
  });

  it('dispose ends pending delays (the connection is then dropped)', async () => {
    const { processed, next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, { latencyMs: 60_000 });
    const pending = run(injector, next)('GET', '/a');
    injector.dispose();
    await expect(pending).rejects.toThrow(/closing/);
    expect(processed).toEqual([]);
  });
});

describe('clock skew', () => {
  it('moves the server clock and its Date header, for every request', async () => {
    const { next } = pipeline();
    const injector = new FaultInjector(() => HOST_NOW, {
      clockSkewMs: 600_000,
      match: { paths: ['/elsewhere'] },
    });
    expect(injector.now()).toBe(HOST_NOW + 600_000);
    const answer = await run(injector, next)('GET', '/a');
    expect(answer.headers.Date).toBe(new Date(HOST_NOW + 600_000).toUTCString());
    injector.set(null);
    expect(injector.now()).toBe(HOST_NOW);
    expect((await run(injector, next)('GET', '/a')).headers.Date).toBeUndefined();
  });
});
