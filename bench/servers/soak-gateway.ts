/**
 * The gateway under soak (`npm run bench:soak`): createGateway + node:http, configured from its
 * environment like production (the parent sets SVC_BASE_URL, UPSTREAM_LIMIT_SCALE, REDIS_URL…),
 * with the soak's traders as keystore principals (SOAK_KEYSTORE, JSON). Alone in its process,
 * so the process metrics at /metrics (RSS, heap; on its admin listener) are the gateway's own.
 *
 * A control server (`controlUrl`) answers `POST /gc` with the memory after a full garbage
 * collection (the parent starts this process with --expose-gc), which tells retained memory
 * from garbage not yet collected.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Keystore } from '../../src/auth/principals.ts';
import { announce, onShutdown, requireEnv } from '../lib/child.ts';
import { fromDist } from '../lib/dist.ts';

const { listenAdmin } =
  await fromDist<typeof import('../../src/admin/listener.ts')>('admin/listener');
const { loadConfig } = await fromDist<typeof import('../../src/config.ts')>('config');
const { createGateway } = await fromDist<typeof import('../../src/server.ts')>('server');

const keystore = JSON.parse(requireEnv('SOAK_KEYSTORE')) as Keystore;
const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const gateway = await createGateway({ config, keystore, processMetrics: true });
const server = createServer(gateway.handler);
server.keepAliveTimeout = 30_000;
const control = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/gc') return void res.writeHead(404).end();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const { rss, heapUsed, heapTotal } = process.memoryUsage();
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ collected: gc !== undefined, rss, heapUsed, heapTotal }));
});
const listening = (s: typeof server) =>
  new Promise<number>((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)),
  );
const [port, controlPort] = await Promise.all([listening(server), listening(control)]);
const admin = await listenAdmin(gateway.admin, { host: '127.0.0.1', port: 0 });
announce({
  url: `http://127.0.0.1:${port}`,
  controlUrl: `http://127.0.0.1:${controlPort}`,
  adminUrl: admin.origin,
  pid: process.pid,
});
onShutdown(async () => {
  control.closeAllConnections();
  control.close();
  await admin.close();
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  await gateway.close();
});
