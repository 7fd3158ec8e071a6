// @module-tag redis
/**
 * Caller limits across two gateway replicas (two createGateway instances, each on its own
 * HTTP port and Redis connections) sharing one real Redis and one sandbox over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import {
  type GraphQLBody,
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  type TestCaller,
  uniquePrefix,
} from './harness.ts';

const SV_NONCE = '/v1/public/sv_nonce';
const aliases = (n: number, field: string) =>
  `{ ${Array.from({ length: n }, (_, i) => `n${i}: ${field}`).join(' ')} }`;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: GraphQLBody;
}

/** `gw` may come from `replicas[i % 2]` (typed as possibly undefined). */
async function send(gw: Running | undefined, query: string, token?: string): Promise<Answer> {
  if (!gw) throw new Error('no such replica');
  const response = await gw.post({ query }, token ? { token } : {});
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as GraphQLBody,
  };
}

function expectRateLimited(answer: Answer, reason: RegExp): void {
  expect(answer.status).toBe(429);
  expect(answer.body.data ?? null).toBeNull();
  expect(answer.body.errors).toHaveLength(1);
  const error = answer.body.errors?.[0];
  expect(error?.extensions?.code).toBe('RATE_LIMITED');
  expect(error?.message).toMatch(reason);
  const retryAfterMs = error?.extensions?.retryAfterMs as number;
  expect(retryAfterMs).toBeGreaterThan(0);
  expect(Number(answer.retryAfter)).toBe(Math.ceil(retryAfterMs / 1_000));
  expect(error?.extensions).not.toHaveProperty('http');
}

interface Pair {
  sandbox: Sandbox;
  trader: TestCaller;
  replicas: [Running, Running];
  close(): Promise<void>;
}

async function startPair(name: string, env: Record<string, string> = {}): Promise<Pair> {
  const sandbox = await createSandbox({ log: () => {} });
  const trader = makeCaller('trader-a', 'trader');
  registerCallers(sandbox, [trader]);
  const prefix = uniquePrefix(`caller-limits-${name}`);
  const options = {
    prefix,
    upstreamUrl: sandbox.url,
    keystore: { principals: [trader.entry] },
    env: { GATEWAY_REPLICAS: '2', LOG_LEVEL: 'warn', ...env },
  };
  const replicas: [Running, Running] = [await startGateway(options), await startGateway(options)];
  // Until its Redis connection is ready a replica counts in its in-memory insurance limiter.
  if (!env.REDIS_URL) {
    for (const replica of replicas) expect(await replica.gateway.store.ping()).toBe(true);
  }
  return {
    sandbox,
    trader,
    replicas,
    async close() {
      await Promise.all(replicas.map((r) => r.close()));
      await sandbox.close();
    },
  };
}

describe('an anonymous flood of strategyVaultNonce on two replicas', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair('flood');
  });
  afterAll(() => pair?.close());

  it('is RATE_LIMITED without an upstream call while a trader keeps reading', async () => {
    const { replicas, sandbox, trader } = pair;
    const flood = aliases(30, 'strategyVaultNonce');
    const traderReads: Answer[] = [];
    const floodAnswers: Answer[] = [];
    const smallAnswers: Answer[] = [];
    // Four rounds; in each, 10 anonymous 30-alias requests and 10 anonymous 4-alias requests
    // spread over both replicas, concurrently with one trader read of the same shared budget
    // (a share is 4 of sv_nonce's 10 a second: the trader stays within its own).
    for (let round = 0; round < 4; round++) {
      const [floods, smalls, read] = await Promise.all([
        Promise.all(Array.from({ length: 10 }, (_, i) => send(replicas[i % 2], flood))),
        Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            send(replicas[(i + 1) % 2], aliases(4, 'strategyVaultNonce')),
          ),
        ),
        send(replicas[round % 2], '{ strategyVaultNonce account { id } }', trader.token),
      ]);
      floodAnswers.push(...floods);
      smallAnswers.push(...smalls);
      traderReads.push(read);
    }

    for (const read of traderReads) {
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.errors, JSON.stringify(read.body.errors)).toBeUndefined();
      expect(read.body.data).toEqual({
        strategyVaultNonce: expect.any(Number),
        account: { id: trader.entry.accountId },
      });
    }
    for (const answer of floodAnswers) {
      expectRateLimited(
        answer,
        /shared upstream budget sv_nonce; one caller may use 4 per 1000 ms/,
      );
    }
    // Anonymous callers share one share of sv_nonce (4 a second, both replicas together):
    // most of the small requests are refused too.
    const refused = smallAnswers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(smallAnswers.length / 2);
    for (const answer of refused)
      expectRateLimited(answer, /share of the upstream budget sv_nonce/);
    // The 30-alias requests alone reach nobody upstream.
    const before = sandbox.requestCount({ path: SV_NONCE });
    const alone = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(replicas[i % 2], flood)),
    );
    for (const answer of alone) expectRateLimited(answer, /needs 30 calls/);
    expect(sandbox.requestCount({ path: SV_NONCE })).toBe(before);
  });

  it('leaves the 30-alias request refused for a trader too (more than one share), with no upstream call', async () => {
    const { replicas, sandbox, trader } = pair;
    const before = sandbox.requestCount({ path: SV_NONCE });
    expectRateLimited(
      await send(replicas[0], aliases(30, 'strategyVaultNonce'), trader.token),
      /needs 30 calls/,
    );
    expect(sandbox.requestCount({ path: SV_NONCE })).toBe(before);
  });
});

describe('per-caller limits shared by two replicas', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair('window', {
      CALLER_WINDOW_MS: '60000',
      CALLER_POINTS: '8',
      CALLER_ANON_POINTS: '4',
    });
  });
  afterAll(() => pair?.close());

  it('lets an anonymous IP spend 4 units a minute across both replicas, then refuses', async () => {
    const { replicas } = pair;
    for (let i = 0; i < 4; i++) {
      const answer = await send(replicas[i % 2], '{ strategyVaultNonce }');
      expect(answer.status, `request ${i}`).toBe(200);
      expect(answer.body.data?.strategyVaultNonce).toEqual(expect.any(Number));
    }
    // A field outside any shared budget: only the per-IP window can refuse it.
    const over = await send(replicas[0], '{ account { id } }');
    expectRateLimited(over, /over the anonymous limit of 4 upstream calls per 60000 ms/);
    expect(over.body.errors?.[0]?.extensions?.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Introspection costs nothing and still answers.
    expect((await send(replicas[1], '{ __typename }')).body).toEqual({
      data: { __typename: 'Query' },
    });
  });

  it('gives a principal strictly more, counted per token across both replicas', async () => {
    const { replicas, trader } = pair;
    for (let i = 0; i < 8; i++) {
      const answer = await send(replicas[i % 2], '{ account { id } }', trader.token);
      expect(answer.status, `request ${i}`).toBe(200);
      expect(answer.body.errors).toBeUndefined();
    }
    expectRateLimited(
      await send(replicas[1], '{ account { id } }', trader.token),
      /over the limit of 8 upstream calls per 60000 ms/,
    );
  });

  it('keeps limiting on the in-memory insurance while Redis is down (its share per replica)', async () => {
    const dead = await startPair('no-redis', {
      REDIS_URL: 'redis://127.0.0.1:1',
      CALLER_WINDOW_MS: '60000',
      CALLER_POINTS: '8',
      CALLER_ANON_POINTS: '4',
    });
    try {
      const [one] = dead.replicas;
      // 4 anonymous units over 2 replicas: 2 on each while they cannot share a count.
      for (let i = 0; i < 2; i++) {
        const answer = await send(one, '{ account { id } }');
        expect(answer.status, `request ${i}`).toBe(200);
        expect(answer.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      }
      expectRateLimited(await send(one, '{ account { id } }'), /anonymous limit of 4/);
    } finally {
      await dead.close();
    }
  });

  it('refuses a whole request whose cost exceeds what is left, running none of it', async () => {
    const fresh = await startPair('whole', {
      CALLER_WINDOW_MS: '60000',
      CALLER_POINTS: '8',
      CALLER_ANON_POINTS: '4',
    });
    try {
      const { replicas, sandbox, trader } = fresh;
      const q =
        '{ a: order(clientOrderId: "x1") { status } b: order(clientOrderId: "x2") { status } }';
      const before = sandbox.requestCount();
      const nine = `{ orders(clientOrderIds: [${Array.from({ length: 9 }, (_, i) => `"c${i}"`).join(',')}]) { status } }`;
      expectRateLimited(await send(replicas[0], nine, trader.token), /this request: 9/);
      expect(sandbox.requestCount()).toBe(before);
      // The refused request took nothing: the whole budget is still there.
      for (let i = 0; i < 4; i++) {
        const answer = await send(replicas[i % 2], q, trader.token);
        expect(answer.status, `request ${i}`).not.toBe(429);
      }
    } finally {
      await fresh.close();
    }
  });
});
