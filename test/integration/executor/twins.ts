/**
 * Two identical worlds for the differential test: each a sandbox and a gateway over real HTTP,
 * with the same accounts (same keys, registered in the same order), the same configuration and
 * one clock for both sandboxes. Every step runs on both, so mutations change both alike and
 * the two sides of a comparison always see the same upstream state.
 *
 * The clock is the host's, but held still during a step (`tick` before each): the sandbox
 * timestamps a step's orders and balances alike on both sides, whatever the gap between them.
 * The gateways' cache is off, because its TTLs run on the real clock and could serve one side
 * a fault-free copy the other side reads through the fault; caching is not execution and has
 * its own tests. Limits are raised out of the way for the same reason (they refuse before
 * execution, by time windows).
 */
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import {
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  uniquePrefix,
} from '../server/harness.ts';

export interface Twins {
  /** The production path: the gateway's HTTP server, yoga and every plugin. */
  prod: Running;
  /** The reference side's gateway (its schema, plugins' context and upstream client). */
  ref: Running;
  tokens: { trader: string; admin: string };
  traderAccountId: string;
  /** Holds the sandboxes' clock at the host's time now, until the next tick. */
  tick(): void;
  /** Sets (`null`: clears) both sandboxes' faults through `POST|DELETE /sandbox/faults`. */
  faults(config: Record<string, unknown> | null): Promise<void>;
  close(): Promise<void>;
}

const ENV = {
  REDIS_URL: undefined,
  LOG_LEVEL: 'silent',
  CACHE_ENABLED: 'false',
  // No circuits: an open one answers with the time left (`retryAfterMs`), which differs by a
  // few ms between the two worlds; the executors are compared, not the clocks.
  UPSTREAM_CIRCUIT_FAILURES: '0',
  UPSTREAM_LIMIT_SCALE: '1000000',
  CALLER_POINTS: String(1e12),
  CALLER_ANON_POINTS: String(1e12 - 1),
  MAX_COST: '10000000',
  MAX_ALIASES: '10000',
  // One quick retry: a faulted read is retried as in production, without long waits.
  UPSTREAM_RETRY_MAX: '1',
  UPSTREAM_RETRY_BASE_MS: '1',
  UPSTREAM_RETRY_CAP_MS: '2',
};

export async function startTwins(): Promise<Twins> {
  const trader = makeCaller('diff-trader', 'trader');
  const admin = makeCaller('diff-admin', 'broker_admin');
  let now = Date.now();
  const clock = () => now;
  const world = async (): Promise<{ sandbox: Sandbox; gw: Running }> => {
    const sandbox = await createSandbox({
      seed: { brokerId: 'demo', accounts: [] },
      clock,
      limits: false,
    });
    registerCallers(sandbox, [trader, admin]);
    const gw = await startGateway({
      prefix: uniquePrefix('executor'),
      env: ENV,
      upstreamUrl: sandbox.url.replace(/\/$/, ''),
      keystore: { principals: [trader.entry, admin.entry] },
    });
    return { sandbox, gw };
  };
  const worlds = [await world(), await world()] as const;
  const control = async (sandbox: Sandbox, config: Record<string, unknown> | null) => {
    const response = await fetch(new URL('/sandbox/faults', sandbox.url), {
      method: config ? 'POST' : 'DELETE',
      ...(config
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(config) }
        : {}),
    });
    if (!response.ok) throw new Error(`faults: ${response.status} ${await response.text()}`);
  };
  return {
    prod: worlds[0].gw,
    ref: worlds[1].gw,
    tokens: { trader: trader.token, admin: admin.token },
    traderAccountId: trader.entry.accountId,
    tick() {
      now = Math.max(now + 1, Date.now());
    },
    async faults(config) {
      for (const { sandbox } of worlds) await control(sandbox, config);
    },
    async close() {
      for (const { sandbox, gw } of worlds) {
        await gw.close();
        await sandbox.close();
      }
    },
  };
}
