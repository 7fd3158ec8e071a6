/**
 * The fan-out benchmark's gateway: createGateway as `npm start` builds it, with graphql-ws
 * attached, in front of the benchmark's sandbox (SVC_BASE_URL), one keystore principal per
 * trader (BENCH_TRADERS). A small control server reports this process's memory after a full
 * GC (`GET /memory`) or a heap snapshot of it (`GET /heap-snapshot?file=…`), the stream hub's figures (`GET /hub`), a symbol's local book
 * (`GET /book?symbol=…`), the trading screens (`GET /screens`), and, when FANOUT_PROFILE_DIR is
 * set, profiles one phase of the run (`POST /profile/start`, `POST /profile/stop?name=…`
 * writes `<name>.cpuprofile` there): a profile of the whole process would be mostly the
 * subscribers' setup, not the fan-out.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { benchKeystore } from '../lib/bench-keystore.ts';
import { announce, onShutdown } from '../lib/child.ts';
import { fromDist } from '../lib/dist.ts';

const { hashToken } =
  await fromDist<typeof import('../../src/auth/principals.ts')>('auth/principals');
const { loadConfig } = await fromDist<typeof import('../../src/config.ts')>('config');
const { createGateway } = await fromDist<typeof import('../../src/server.ts')>('server');

// A GC handle without --expose-gc on the command line: memory per subscriber is measured
// on a collected heap, not on garbage.
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const gateway = await createGateway({
  config,
  processMetrics: false,
  keystore: benchKeystore(hashToken),
});
const server = createServer(gateway.handler);
gateway.attachWebSockets(server);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

const profileDir = process.env.FANOUT_PROFILE_DIR;
let profiler: Session | undefined;

async function profile(action: 'start' | 'stop', name: string): Promise<void> {
  if (!profileDir) return;
  if (action === 'start') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    return;
  }
  if (!profiler) return;
  const { profile: taken } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  profiler = undefined;
  writeFileSync(`${profileDir}/${name}.cpuprofile`, JSON.stringify(taken));
}

const control = createServer((req, res) => {
  const send = (body: unknown) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const url = new URL(req.url ?? '/', 'http://control');
  if (url.pathname === '/profile/start' || url.pathname === '/profile/stop') {
    const action = url.pathname === '/profile/start' ? 'start' : 'stop';
    profile(action, url.searchParams.get('name') ?? 'fanout').then(
      () => send({ ok: true }),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  } else if (req.url === '/memory') {
    gc();
    gc();
    send(process.memoryUsage());
  } else if (url.pathname === '/heap-snapshot') {
    // Where a subscriber's bytes go (bench/heap-per-subscriber.ts): a snapshot after a full GC.
    gc();
    gc();
    send({ file: writeHeapSnapshot(url.searchParams.get('file') ?? undefined) });
  } else if (req.url === '/hub') {
    send(gateway.live.hub.stats());
  } else if (req.url === '/screens') {
    // Trading screens: computations, subscribers, frames computed (shared by a screen's subscribers).
    send(gateway.live.screens.stats());
  } else if (url.pathname === '/book') {
    // One symbol's local book: subscribers, snapshots, breaks, emissions (zeros: none).
    const symbol = url.searchParams.get('symbol') ?? '';
    send(gateway.live.hub.books.stats(symbol) ?? { listeners: 0 });
  } else {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

announce({
  store: gateway.store.kind,
  url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
});
onShutdown(async () => {
  control.closeAllConnections();
  control.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await gateway.close();
});
