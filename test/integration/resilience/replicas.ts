/**
 * Several gateway replicas as real processes (`src/main.ts`, PORT=0) on one sandbox, one
 * keystore file and one Redis (or Redis Cluster). The suite fires concurrent load at both and
 * counts the calls at the sandbox: the documented upstream limits hold in total, a value
 * cached by one replica is served by the other without an upstream call, and an operation
 * persisted through one is served by hash by the other.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import {
  type GraphQLBody,
  makeCaller,
  registerCallers,
  type TestCaller,
  uniquePrefix,
} from '../server/harness.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;

export interface Replica {
  graphqlUrl: string;
  gql(
    query: string,
    token: string,
    variables?: Record<string, unknown>,
  ): Promise<{ status: number; body: GraphQLBody }>;
  stop(): Promise<void>;
}

/** Spawns `src/main.ts` and resolves once it prints its URL. */
export async function startReplica(env: Record<string, string>): Promise<Replica> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ADMIN_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  let stderr = '';
  const graphqlUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`replica did not start within 20 s: ${stderr}`));
    }, 20_000);
    child.once('exit', (code) => reject(new Error(`replica exited ${code}: ${stderr}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const url = /gateway: (http:\/\/\S+\/graphql)/.exec(stderr)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
  });
  return {
    graphqlUrl,
    async gql(query, token, variables) {
      const response = await fetch(graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, body: (await response.json()) as GraphQLBody };
    },
    stop,
  };
}

const codesOf = (body: GraphQLBody) => (body.errors ?? []).map((e) => e.extensions?.code);

/** Largest number of entries inside any `windowMs` interval (times sorted ascending). */
function busiestWindow(times: number[], windowMs: number): number {
  let most = 0;
  for (let i = 0, start = 0; i < times.length; i++) {
    while ((times[i] as number) - (times[start] as number) >= windowMs) start++;
    most = Math.max(most, i - start + 1);
  }
  return most;
}

/**
 * The replica suite on the Redis `redisUrl()` gives (a single node or a cluster node list).
 * `setup` runs first (e.g. starts a cluster), `teardown` last.
 */
export function describeReplicas(
  name: string,
  redis: { setup(): Promise<string>; teardown(): Promise<void> },
): void {
  describe(name, () => {
    let sandbox: Sandbox;
    let a: Replica;
    let b: Replica;
    let dir: string;
    const [infoTrader, nonceTrader, cacheTrader] = ['info', 'nonce', 'cache'].map((label) =>
      makeCaller(`replica-${label}`, 'trader'),
    ) as [TestCaller, TestCaller, TestCaller];

    beforeAll(async () => {
      const redisUrl = await redis.setup();
      sandbox = await createSandbox();
      registerCallers(sandbox, [infoTrader, nonceTrader, cacheTrader]);
      dir = mkdtempSync(join(tmpdir(), 'svc-replicas-'));
      const keystore = join(dir, 'keystore.json');
      writeFileSync(
        keystore,
        JSON.stringify({ principals: [infoTrader, nonceTrader, cacheTrader].map((c) => c.entry) }),
      );
      const env = {
        SVC_BASE_URL: sandbox.url,
        SVC_KEYSTORE: keystore,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: uniquePrefix('replicas'),
        GATEWAY_REPLICAS: '2',
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_MS: '1000',
        // Account info uncached, so every read spends budget; orders cached (shared-cache test).
        CACHE_TTL_ACCOUNT_MS: '0',
        CACHE_TTL_FINAL_ORDER_MS: '60000',
      };
      [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
    }, 40_000);
    afterAll(async () => {
      try {
        await Promise.all([a?.stop(), b?.stop()]);
        await sandbox?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      } finally {
        await redis.teardown();
      }
    });

    it('keep account reads within 10 per 60 s in total under concurrent load', async () => {
      // 2 concurrent streams per replica, 10 reads each: 40 reads. Identical concurrent reads
      // in one process are coalesced, so at most pairs merge: at least 20 upstream attempts,
      // twice the budget.
      const stream = async (replica: Replica) => {
        const out = [];
        for (let i = 0; i < 10; i++) {
          out.push(await replica.gql('{ account { id } }', infoTrader.token));
        }
        return out;
      };
      const results = (await Promise.all([a, a, b, b].map((replica) => stream(replica)))).flat();
      expect(results).toHaveLength(40);
      const ok = results.filter((r) => r.body.data?.account);
      const limited = results.filter((r) => codesOf(r.body).includes('RATE_LIMITED'));
      expect(ok.length + limited.length).toBe(40);
      for (const r of ok)
        expect(r.body.data).toEqual({ account: { id: infoTrader.entry.accountId } });
      expect(limited.length).toBeGreaterThan(0);
      const calls = sandbox.requestLog.filter(
        (e) => e.path === '/v1/client/info' && e.accountId === infoTrader.entry.accountId,
      );
      expect(calls).toHaveLength(10);
      expect(calls.every((e) => e.status === 200)).toBe(true);
    });

    it('keep withdraw nonces within 10 per second in total, waiting for budget', async () => {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? a : b).gql('{ withdrawNonce }', nonceTrader.token),
        ),
      );
      const nonces = results.flatMap((r) =>
        r.body.data?.withdrawNonce === undefined || r.body.data.withdrawNonce === null
          ? []
          : [r.body.data.withdrawNonce],
      );
      const limited = results.filter((r) => codesOf(r.body).includes('RATE_LIMITED'));
      expect(nonces.length + limited.length).toBe(40);
      // Callers waited for budget (UPSTREAM_BUDGET_WAIT_MS 2 s): more than one window's worth.
      expect(nonces.length).toBeGreaterThan(10);
      expect(new Set(nonces).size).toBe(nonces.length);
      const calls = sandbox.requestLog.filter(
        (e) => e.path === '/v1/withdraw_nonce' && e.accountId === nonceTrader.entry.accountId,
      );
      expect(calls.filter((e) => e.status !== 200)).toEqual([]);
      expect(calls).toHaveLength(nonces.length);
      expect(
        busiestWindow(
          calls.map((e) => e.at).sort((x, y) => x - y),
          1_000,
        ),
      ).toBeLessThanOrEqual(10);
    });

    it('share the cache: an order read through one replica is served by the other', async () => {
      const placed = await a.gql(
        `mutation { placeOrder(input: {symbol: "PERP_BTC_USDC", orderType: MARKET, side: BUY,
           orderQuantity: 0.001, clientOrderId: "replica-shared-1"}) {
           __typename ... on PlaceOrderSuccess { order { status } } } }`,
        cacheTrader.token,
      );
      expect(placed.body.data?.placeOrder).toEqual({
        __typename: 'PlaceOrderSuccess',
        order: { status: 'FILLED' },
      });
      const reads = () =>
        sandbox.requestCount({
          method: 'GET',
          path: '/v1/client/order/replica-shared-1',
          accountId: cacheTrader.entry.accountId,
        });
      const query = '{ order(clientOrderId: "replica-shared-1") { clientOrderId status } }';
      const expected = { order: { clientOrderId: 'replica-shared-1', status: 'FILLED' } };
      // Replica A read the order back for `PlaceOrderSuccess.order`: that read is in Redis.
      const afterPlacing = reads();
      expect(afterPlacing).toBeGreaterThanOrEqual(1);
      expect((await b.gql(query, cacheTrader.token)).body.data).toEqual(expected);
      expect((await b.gql(query, cacheTrader.token)).body.data).toEqual(expected);
      expect((await a.gql(query, cacheTrader.token)).body.data).toEqual(expected);
      expect(reads()).toBe(afterPlacing);
    });

    it('share persisted operations: registered through one, served by hash by the other', async () => {
      const query = `query ReplicaShared_${randomBytes(4).toString('hex')} { __typename }`;
      const sha256Hash = createHash('sha256').update(query).digest('hex');
      const persistedQuery = { version: 1, sha256Hash };
      const post = (replica: Replica, body: unknown) =>
        fetch(replica.graphqlUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${cacheTrader.token}`,
          },
          body: JSON.stringify(body),
        }).then(async (r) => (await r.json()) as GraphQLBody);
      expect(codesOf(await post(b, { extensions: { persistedQuery } }))).toEqual([
        'PERSISTED_QUERY_NOT_FOUND',
      ]);
      expect(await post(a, { query, extensions: { persistedQuery } })).toEqual({
        data: { __typename: 'Query' },
      });
      expect(await post(b, { extensions: { persistedQuery } })).toEqual({
        data: { __typename: 'Query' },
      });
    });
  });
}
