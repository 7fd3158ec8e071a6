/**
 * Scenarios 3–6: the gateway as `npm start` runs it (createGateway + node:http), configured
 * from its environment like production, pointed at the benchmark's sandbox (SVC_BASE_URL),
 * with one keystore principal per trader of the bench (BENCH_TRADERS: tokens and keys).
 * The parent sets CACHE_ENABLED (scenario 3 vs 4) and raises the gateway's upstream budget
 * with UPSTREAM_LIMIT_SCALE, as it raises the sandbox's limits. The gateway is dist/'s.
 */
import { benchKeystore } from '../lib/bench-keystore.ts';
import { cannedExchange } from '../lib/canned-exchange.ts';
import { requireEnv, serve } from '../lib/child.ts';
import { fromDist } from '../lib/dist.ts';

const { hashToken } =
  await fromDist<typeof import('../../src/auth/principals.ts')>('auth/principals');
const { loadConfig } = await fromDist<typeof import('../../src/config.ts')>('config');
const { createGateway } = await fromDist<typeof import('../../src/server.ts')>('server');

const { createHttpExchange } =
  await fromDist<typeof import('../../src/upstream/http-exchange.ts')>('upstream/http-exchange');

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
// BENCH_CANNED=1: the gateway without the wire (bench/lib/canned-exchange.ts).
const canned = process.env.BENCH_CANNED === '1';
const gateway = await createGateway({
  ...(canned ? { exchange: cannedExchange(createHttpExchange(requireEnv('SVC_BASE_URL'))) } : {}),
  config,
  keystore: benchKeystore(hashToken),
});
await serve(gateway.handler, {
  info: {
    config: {
      ...(canned
        ? { wire: 'canned: every attempt answered with the first answer (BENCH_CANNED=1)' }
        : {}),
      cache: config.upstream.cache.enabled
        ? `on (account information ${config.upstream.cache.accountTtlMs / 1000} s)`
        : 'off (CACHE_ENABLED=false)',
      store: config.redis.url ? 'Redis' : 'in memory',
      logging: `access log at ${config.logLevel}: one JSON line per request, batched to stdout`,
      metrics: 'on (Prometheus registry, as in production)',
    },
  },
  close: () => gateway.close(),
});
