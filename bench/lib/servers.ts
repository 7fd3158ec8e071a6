/**
 * The servers under test, each a child process of its own (on the servers' CPUs when pinned),
 * and the sandbox's control port.
 */
import { randomBytes } from 'node:crypto';
import { type Pinning, pin } from './pinning.ts';
import { type RunningChild, startChild } from './processes.ts';
import type { ServerName, Trader } from './scenarios.ts';

/**
 * Raises the sandbox's limits and the gateway's mirrored budget alike, for the benchmark only:
 * GET /v1/client/info allows 10 per 60 s per account, this makes it 10 million.
 */
const LIMIT_SCALE = 1_000_000;

/** Peers cache the account information as long as the gateway does (5 s). */
const PEER_CACHE_TTL_S = '5';

interface ServerPlan {
  name: string;
  module: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

/** Every server but the sandbox, as started in front of it. */
function plans(): Record<Exclude<ServerName, 'sandbox'>, ServerPlan> {
  const gateway = (cache: boolean): ServerPlan => ({
    name: cache ? 'gateway-cached' : 'gateway-uncached',
    module: 'servers/gateway.ts',
    env: {
      CACHE_ENABLED: String(cache),
      UPSTREAM_LIMIT_SCALE: String(LIMIT_SCALE),
      // The bench measures the gateway, not the per-caller limits: out of the way.
      CALLER_POINTS: String(1e12),
      CALLER_ANON_POINTS: String(1e12 - 1),
    },
  });
  const cached = { BENCH_PEER_CACHE_TTL_S: PEER_CACHE_TTL_S };
  // Hive composes its supergraph from the sandbox's OpenAPI description as it starts.
  const hive = { module: 'peers/hive-peer.ts', readyTimeoutMs: 120_000 };
  return {
    ceiling: { name: 'ceiling', module: 'servers/ceiling.ts' },
    httpCall: { name: 'http-call', module: 'servers/http-call.ts' },
    ceilingCall: {
      name: 'ceiling-call',
      module: 'servers/ceiling-call.ts',
      env: { BENCH_BODY_LIMIT: 'yoga' },
    },
    ceilingCallTuned: { name: 'ceiling-call-tuned', module: 'servers/ceiling-call.ts' },
    gatewayCached: gateway(true),
    gatewayUncached: gateway(false),
    peer: { name: 'peer', module: 'peers/apollo-peer.ts' },
    peerCached: { name: 'peer-cached', module: 'peers/apollo-peer.ts', env: cached },
    mercurius: { name: 'mercurius', module: 'peers/mercurius-peer.ts' },
    hive: { name: 'hive', ...hive },
    hiveCached: { name: 'hive-cached', ...hive, env: cached },
  };
}

export interface Servers {
  servers: Partial<Record<ServerName, RunningChild>>;
  traders: Trader[];
}

export async function startServers(
  needed: Set<ServerName>,
  options: { connections: number; profileDir: string | undefined; pinning: Pinning },
): Promise<Servers> {
  const common = { profileDir: options.profileDir };
  const servers: Partial<Record<ServerName, RunningChild>> = {};
  const sandbox = await startChild('sandbox', {
    ...common,
    module: 'servers/sandbox.ts',
    env: {
      BENCH_LIMIT_SCALE: process.env.BENCH_SANDBOX_LIMITS ?? String(LIMIT_SCALE),
      BENCH_TRADER_COUNT: String(options.connections),
    },
  });
  servers.sandbox = sandbox;
  const traders: Trader[] = (sandbox.info.traders as Omit<Trader, 'token'>[]).map((account) => ({
    ...account,
    token: `svcgw_bench_${randomBytes(24).toString('base64url')}`,
  }));
  const upstream = { SVC_BASE_URL: sandbox.info.url, BENCH_TRADERS: JSON.stringify(traders) };
  const all = plans();
  const started = await Promise.all(
    [...needed]
      .filter((name): name is Exclude<ServerName, 'sandbox'> => name !== 'sandbox')
      .map(async (name) => {
        const plan = all[name];
        const child = await startChild(plan.name, {
          ...common,
          module: plan.module,
          env: { ...upstream, ...plan.env },
          ...(plan.readyTimeoutMs ? { readyTimeoutMs: plan.readyTimeoutMs } : {}),
        });
        return [name, child] as const;
      }),
  );
  for (const [name, child] of started) servers[name] = child;
  if (options.pinning.pinned) {
    for (const child of Object.values(servers)) pin(child.pid, options.pinning.serverCpus);
  }
  return { servers, traders };
}

/** Talks to the sandbox child's control server; the request count for GET /count. */
export async function sandboxControl(
  sandbox: RunningChild | undefined,
  method: 'GET' | 'POST',
  path: '/count' | '/reset',
): Promise<number | null> {
  const controlUrl = sandbox?.info.controlUrl;
  if (typeof controlUrl !== 'string') return null;
  const response = await fetch(`${controlUrl}${path}`, { method });
  if (!response.ok) throw new Error(`sandbox control ${method} ${path}: HTTP ${response.status}`);
  if (method === 'POST') {
    await response.arrayBuffer();
    return null;
  }
  return ((await response.json()) as { count: number }).count;
}
