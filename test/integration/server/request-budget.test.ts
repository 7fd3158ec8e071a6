/**
 * Request budgets on the memory store (no REDIS_URL): anonymous requests counted per IP before
 * parsing, a principal's free requests per token, and the window's reset.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import {
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  uniquePrefix,
} from './harness.ts';
import {
  ACCOUNT,
  anonymousFloodIsLimited,
  expectRefused,
  INTROSPECTION,
  metric,
  PARSE_ERROR,
  postFrom,
  principalFreeFloodIsLimited,
} from './request-budget-cases.ts';

const traders = [makeCaller('trader-a', 'trader'), makeCaller('trader-b', 'trader')];
let sandbox: Sandbox;

async function start(env: Record<string, string>): Promise<Running> {
  return startGateway({
    prefix: uniquePrefix('request-budget'),
    upstreamUrl: sandbox.url,
    keystore: { principals: traders.map((t) => t.entry) },
    env: { REDIS_URL: '', CALLER_REFUSAL_DELAY_MS: '0', ...env },
  });
}

beforeAll(async () => {
  sandbox = await createSandbox({ log: () => {} });
  registerCallers(sandbox, traders);
});
afterAll(() => sandbox?.close());

describe('request budgets on the memory store', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await start({
      CALLER_ANON_REQUESTS: '6',
      CALLER_FREE_REQUESTS: '3',
      CALLER_REQUEST_WINDOW_MS: '60000',
    });
  });
  afterAll(() => gw?.close());

  it('limits an anonymous IP of parse errors, introspection and unknown tokens, before parsing', async () => {
    await anonymousFloodIsLimited(gw, traders[0]!.token);
    // The flood is one metric, not an access-log line each: refusals are logged at debug.
    const refusals = gw.logs.filter((l) => l.includes('"status":429'));
    expect(refusals.length).toBeGreaterThan(0);
    for (const line of refusals) expect(line).toContain('"level":"debug"');
  });

  it("charges a principal's own flood of parse errors to that principal only", async () => {
    await principalFreeFloodIsLimited(gw, traders[0]!.token, traders[1]!.token);
  });
});

describe('the window', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await start({ CALLER_ANON_REQUESTS: '2', CALLER_REQUEST_WINDOW_MS: '1000' });
  });
  afterAll(() => gw?.close());

  it('gives an anonymous IP its budget back once the window has passed', async () => {
    await postFrom(gw, PARSE_ERROR);
    await postFrom(gw, PARSE_ERROR);
    const refused = await postFrom(gw, INTROSPECTION);
    expectRefused(refused, /anonymous request budget of 2 requests per 1000 ms/);
    expect(refused.body.errors?.[0]?.extensions?.retryAfterMs).toBeLessThanOrEqual(1_000);
    await expect
      .poll(async () => (await postFrom(gw, INTROSPECTION)).status, {
        timeout: 5_000,
        interval: 100,
      })
      .toBe(200);
  });
});

describe('CALLER_ANON_REQUESTS=0', () => {
  it('turns the anonymous budget off', async () => {
    const gw = await start({ CALLER_ANON_REQUESTS: '0', CALLER_REQUEST_WINDOW_MS: '60000' });
    try {
      for (let i = 0; i < 20; i++) expect((await postFrom(gw, PARSE_ERROR)).status).toBe(400);
    } finally {
      await gw.close();
    }
  });
});

describe('CALLER_REFUSAL_DELAY_MS', () => {
  it('holds a refusal while other callers are answered', async () => {
    const gw = await start({
      CALLER_ANON_REQUESTS: '1',
      CALLER_REQUEST_WINDOW_MS: '60000',
      CALLER_REFUSAL_DELAY_MS: '10000',
    });
    try {
      expect((await postFrom(gw, PARSE_ERROR)).status).toBe(400);
      let settled = false;
      const held = postFrom(gw, PARSE_ERROR).finally(() => {
        settled = true;
      });
      await vi.waitFor(
        async () =>
          expect(await metric(gw, 'svc_request_budget_refusals_total{caller="anonymous"}')).toBe(1),
        { timeout: 5_000 },
      );
      // Refused (counted), not yet answered, while another IP and a principal are.
      expect((await postFrom(gw, INTROSPECTION, { localAddress: '127.0.0.2' })).status).toBe(200);
      expect((await postFrom(gw, ACCOUNT, { token: traders[1]!.token })).status).toBe(200);
      expect(settled).toBe(false);
      await gw.close();
      await held.catch(() => undefined);
    } finally {
      await gw.close();
    }
  });
});

describe('with Redis down', () => {
  it('counts in process, each replica its share (budget / GATEWAY_REPLICAS)', async () => {
    const gw = await start({
      REDIS_URL: 'redis://127.0.0.1:1',
      GATEWAY_REPLICAS: '2',
      CALLER_ANON_REQUESTS: '4',
      CALLER_REQUEST_WINDOW_MS: '60000',
    });
    try {
      for (let i = 0; i < 2; i++) expect((await postFrom(gw, PARSE_ERROR)).status).toBe(400);
      expectRefused(await postFrom(gw, PARSE_ERROR), /anonymous request budget of 4/);
    } finally {
      await gw.close();
    }
  });
});
