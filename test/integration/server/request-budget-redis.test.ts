// @module-tag redis
/**
 * Request budgets on Redis: the same behaviour as on the memory store, and one count shared by
 * two replicas (two gateways on one Redis key prefix).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import {
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  uniquePrefix,
} from './harness.ts';
import {
  anonymousFloodIsLimited,
  expectRefused,
  INTROSPECTION,
  PARSE_ERROR,
  postFrom,
  principalFreeFloodIsLimited,
} from './request-budget-cases.ts';

const traders = [makeCaller('trader-a', 'trader'), makeCaller('trader-b', 'trader')];
let sandbox: Sandbox;

async function start(prefix: string, env: Record<string, string>): Promise<Running> {
  const gw = await startGateway({
    prefix,
    upstreamUrl: sandbox.url,
    keystore: { principals: traders.map((t) => t.entry) },
    env: { GATEWAY_REPLICAS: '2', CALLER_REFUSAL_DELAY_MS: '0', ...env },
  });
  // Until its Redis connection is ready a replica counts in its in-process fallback.
  expect(await gw.gateway.store.ping()).toBe(true);
  return gw;
}

beforeAll(async () => {
  sandbox = await createSandbox({ log: () => {} });
  registerCallers(sandbox, traders);
});
afterAll(() => sandbox?.close());

describe('request budgets on Redis', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await start(uniquePrefix('request-budget'), {
      CALLER_ANON_REQUESTS: '6',
      CALLER_FREE_REQUESTS: '3',
      CALLER_REQUEST_WINDOW_MS: '60000',
    });
  });
  afterAll(() => gw?.close());

  it('limits an anonymous IP of parse errors, introspection and unknown tokens, before parsing', async () => {
    await anonymousFloodIsLimited(gw, traders[0]!.token);
  });

  it("charges a principal's own flood of parse errors to that principal only", async () => {
    await principalFreeFloodIsLimited(gw, traders[0]!.token, traders[1]!.token);
  });
});

describe('two replicas on one Redis', () => {
  let replicas: Running[];
  beforeAll(async () => {
    const prefix = uniquePrefix('request-budget-shared');
    const env = { CALLER_ANON_REQUESTS: '4', CALLER_REQUEST_WINDOW_MS: '2000' };
    replicas = [await start(prefix, env), await start(prefix, env)];
  });
  afterAll(() => Promise.all(replicas.map((r) => r.close())));

  it('share one anonymous budget per IP, which comes back after the window', async () => {
    const [a, b] = replicas as [Running, Running];
    // Three on one replica (over its in-process fallback of 2), one on the other: b refuses
    // the fifth only if it counts a's three.
    for (const gw of [a, a, a, b]) expect((await postFrom(gw, PARSE_ERROR)).status).toBe(400);
    expectRefused(await postFrom(a, INTROSPECTION), /anonymous request budget of 4/);
    expectRefused(await postFrom(b, INTROSPECTION), /anonymous request budget of 4/);
    await expect
      .poll(async () => (await postFrom(b, INTROSPECTION)).status, {
        timeout: 5_000,
        interval: 100,
      })
      .toBe(200);
  });
});
