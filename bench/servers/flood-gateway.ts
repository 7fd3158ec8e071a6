/**
 * The connection-flood scenario's gateway (bench/lib/connection-flood.ts), served as
 * `npm start` serves it: the public server with the configured connection caps and timeouts
 * (src/connections/server-limits.ts), graphql-ws attached, the admin listener (/ready, /metrics) on a port
 * of its own; in front of the bench's sandbox (SVC_BASE_URL), one keystore principal per
 * trader (BENCH_TRADERS). The bench starts it with a lowered open-file limit.
 */
import type { AddressInfo } from 'node:net';
import { benchKeystore } from '../lib/bench-keystore.ts';
import { announce, onShutdown } from '../lib/child.ts';
import { fromDist } from '../lib/dist.ts';

const { listenAdmin } =
  await fromDist<typeof import('../../src/admin/listener.ts')>('admin/listener');
const { hashToken } =
  await fromDist<typeof import('../../src/auth/principals.ts')>('auth/principals');
const { loadConfig } = await fromDist<typeof import('../../src/config.ts')>('config');
const { openFileLimit } =
  await fromDist<typeof import('../../src/connections/fd-limit.ts')>('connections/fd-limit');
const { createGateway } = await fromDist<typeof import('../../src/server.ts')>('server');
const { createPublicServer } = await fromDist<
  typeof import('../../src/connections/server-limits.ts')
>('connections/server-limits');

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', ADMIN_PORT: '0' });
const gateway = await createGateway({ config, keystore: benchKeystore(hashToken) });
const server = createPublicServer(gateway.handler, {
  ...config.connections,
  budget: gateway.connections,
});
gateway.attachWebSockets(server);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const admin = await listenAdmin(gateway.admin, config.admin);

announce({
  url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  adminUrl: admin.origin,
  fdLimit: openFileLimit() ?? null,
  maxConnections: gateway.connections.max,
});
onShutdown(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await admin.close();
  await gateway.close();
});
