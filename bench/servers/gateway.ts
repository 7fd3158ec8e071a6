/**
 * Scenarios 3–6: the gateway as `npm start` runs it (createGateway + node:http), configured
 * from its environment like production, pointed at the benchmark's sandbox (SVC_BASE_URL),
 * with one keystore principal per trader of the bench (BENCH_TRADERS: tokens and keys).
 * The parent sets CACHE_ENABLED (scenario 3 vs 4) and raises the gateway's upstream budget
 * with UPSTREAM_LIMIT_SCALE, as it raises the sandbox's limits.
 */
import { loadConfig } from '../../src/config.ts';
import { createGateway } from '../../src/server.ts';
import { benchKeystore } from '../lib/bench-keystore.ts';
import { serve } from '../lib/child.ts';

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const gateway = await createGateway({
  config,
  keystore: benchKeystore(),
});
await serve(gateway.handler, { close: () => gateway.close() });
