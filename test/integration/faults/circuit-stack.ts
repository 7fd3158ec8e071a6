/**
 * A sandbox and a real gateway in front of it (HTTP, port 0, Redis under a unique prefix)
 * with two traders, for the circuit and budget tests: the sandbox's faults are switched over
 * its control endpoints, the budget is read from Redis, the circuits from /metrics.
 */
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { limitKey } from '../../../src/upstream/keys.ts';
import { rawRedis } from '../../helpers/redis.ts';
import {
  type GraphQLBody,
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  uniquePrefix,
} from '../server/harness.ts';

export const ACCOUNT = '{ account { id } }';
export const INFO = '/v1/client/info';

export interface CircuitStack {
  sandbox: Sandbox;
  gw: Running;
  /** `{ account { id } }` as the trader (`other`: as a second trader, whose reads are never coalesced with the first's). */
  account(other?: boolean): Promise<GraphQLBody>;
  /** Any query as the trader. */
  query(text: string, variables?: Record<string, unknown>): Promise<GraphQLBody>;
  /** A mutation as the trader with an `Idempotency-Key`. */
  keyed(
    text: string,
    variables: Record<string, unknown>,
    key: string,
  ): Promise<{ body: GraphQLBody; replayed: boolean }>;
  /** POST (a fault config) or DELETE (null) /sandbox/faults. */
  faults(config: object | null): Promise<void>;
  /** Units of the trader's `GET /v1/client/info` budget in use (Redis). */
  budgetUsed(): Promise<number>;
  /** A sample of /metrics, e.g. `svc_upstream_circuit_state{route="accountInfo"}`. */
  metric(sample: string): Promise<number | undefined>;
  close(): Promise<void>;
}

export async function startCircuitStack(
  name: string,
  env: Record<string, string>,
): Promise<CircuitStack> {
  // The documented limits, unscaled, on both sides.
  const sandbox = await createSandbox();
  const trader = makeCaller(name, 'trader');
  const second = makeCaller(`${name}-2`, 'trader');
  registerCallers(sandbox, [trader, second]);
  const prefix = uniquePrefix(name);
  const gw = await startGateway({
    prefix,
    upstreamUrl: sandbox.url,
    keystore: { principals: [trader.entry, second.entry] },
    env: { LOG_LEVEL: 'warn', UPSTREAM_RETRY_BASE_MS: '10', UPSTREAM_RETRY_CAP_MS: '20', ...env },
  });
  const redis = rawRedis();
  const scope = { kind: 'account', accountId: trader.entry.accountId } as const;
  return {
    sandbox,
    gw,
    account: async (other = false) =>
      (await gw.gql(ACCOUNT, { token: (other ? second : trader).token })).body,
    async keyed(text, variables, key) {
      const response = await gw.post(
        { query: text, variables },
        { token: trader.token, headers: { 'Idempotency-Key': key } },
      );
      const replayed = response.headers.get('idempotency-replayed') === 'true';
      return { body: (await response.json()) as GraphQLBody, replayed };
    },
    query: async (text, variables) =>
      (await gw.gql(text, { token: trader.token, ...(variables ? { variables } : {}) })).body,
    async faults(config) {
      const response = await fetch(`${sandbox.url}/sandbox/faults`, {
        method: config ? 'POST' : 'DELETE',
        ...(config
          ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(config) }
          : {}),
      });
      if (response.status !== 200) throw new Error(`faults: HTTP ${response.status}`);
      await response.arrayBuffer();
    },
    budgetUsed: () => redis.zcard(`${prefix}:${limitKey(scope, 'client_info')}`),
    async metric(sample) {
      const text = await (await fetch(`${gw.adminOrigin}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
      return line === undefined ? undefined : Number(line.slice(sample.length + 1));
    },
    async close() {
      redis.disconnect();
      await gw.close();
      await sandbox.close();
    },
  };
}
