/**
 * `svc-gateway start` (what `npm start` and `npm run start:prod` run): reads the
 * configuration, builds the gateway and listens. On SIGTERM or SIGINT it stops reporting
 * ready, stops accepting connections, lets in-flight requests finish within
 * SHUTDOWN_GRACE_MS, closes the upstream client, the stores and the embedded sandbox, and
 * resolves 0. Configuration, keystore, seed and listen problems resolve 1 with every problem
 * named on stderr.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { listenAdmin } from './admin/listener.ts';
import { KeystoreError } from './auth/principals.ts';
import { redisUrlForLog } from './config/redis-url.ts';
import { type Config, ConfigError, loadConfig, unknownVariables } from './config.ts';
import { demoExposure, publicHost, shownHost } from './connections/demo-host.ts';
import { createPublicServer } from './connections/server-limits.ts';
import { createLogger, type Logger } from './observability/logger.ts';
import { createGateway, type Gateway } from './server.ts';

const USAGE = `usage: svc-gateway start
Starts the gateway; every setting comes from the environment (docs/configuration.md).
`;

function failed(problems: string[], what: string): number {
  process.stderr.write(`svc-graphql: ${what}:\n  ${problems.join('\n  ')}\n`);
  return 1;
}

/**
 * An unreachable Redis does not stop the gateway (cache and budget fall back to memory), but
 * it must not go unnoticed either: one line at start naming the URL and the error.
 */
async function reportStore(gateway: Gateway, config: Config, logger: Logger): Promise<void> {
  if (!config.redis.url || (await gateway.store.ping())) return;
  logger.warn('redis unreachable at start: running degraded (in-process cache and budget)', {
    url: redisUrlForLog(config.redis.url),
    error: gateway.store.lastError?.() ?? 'no answer to PING',
  });
}

function printBanner(gateway: Gateway, url: string, config: Config): void {
  // Human lines on stderr, outside the JSON log stream (the logger would redact the tokens).
  process.stderr.write(
    `\nsvc-graphql gateway: ${url}${config.graphiql ? '  (GraphiQL in a browser)' : ''}\n`,
  );
  if (gateway.sandbox) {
    process.stderr.write(
      `embedded sandbox: ${gateway.sandbox.url}/sandbox/  (control endpoints, docs/sandbox.md)\n`,
    );
    // src/demo/use-demo.ts: the same condition.
    if (!config.production) {
      const screen = url.replace(/\/graphql$/, '/demo');
      process.stderr.write(`trading screen: ${screen}  (docs/trading-screen.md)\n`);
    }
  }
  if (!gateway.demoTokens) return;
  process.stderr.write(
    [
      'Embedded sandbox with demo principals. Bearer tokens (valid until this process stops):',
      `  trader:       ${gateway.demoTokens.trader}`,
      `  broker admin: ${gateway.demoTokens.brokerAdmin}`,
      'GraphiQL already sends the trader token. With curl:',
      `  curl -s ${url} -H 'content-type: application/json' \\`,
      `    -H 'authorization: Bearer <token>' -d '{"query":"{ account { id email } }"}'`,
      '',
    ].join('\n'),
  );
}

/** Resolves on the first of `signals`; a second one then has its default effect (exit now). */
function firstSignal(signals: NodeJS.Signals[]): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      for (const s of signals) process.off(s, on);
      resolve(signal);
    };
    for (const s of signals) process.on(s, on);
  });
}

/** `--help` (0), a usage error (2), or undefined to start. */
function parseUsage(argv: string[]): number | undefined {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    if (!values.help) return undefined;
    process.stdout.write(USAGE);
    return 0;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
}

/** The gateway, or the exit code of a keystore or seed problem (named on stderr). */
async function buildGateway(config: Config, logger: Logger): Promise<Gateway | number> {
  try {
    return await createGateway({ config, env: process.env, logger });
  } catch (error) {
    if (error instanceof KeystoreError) return failed(error.problems, 'invalid keystore');
    const name = (error as { name?: string }).name;
    const problems = (error as { problems?: unknown }).problems;
    if (name === 'SeedError' && Array.isArray(problems)) {
      return failed(problems, 'invalid sandbox seed');
    }
    throw error;
  }
}

/** Listens on the public port and the admin port; the exit code when either fails. */
async function listenBoth(gateway: Gateway, config: Config, host: string) {
  // Timeouts against slow clients, TCP connection caps (docs/operations.md).
  const server = createPublicServer(gateway.handler, {
    ...config.connections,
    budget: gateway.connections,
  });
  gateway.attachWebSockets(server);
  const listening = await new Promise<true | NodeJS.ErrnoException>((resolve) => {
    server.once('listening', () => resolve(true));
    server.once('error', resolve);
    server.listen(config.port, host);
  });
  if (listening !== true) {
    await gateway.close();
    return failed(
      [`${host}:${config.port}: ${listening.code ?? listening.message}`],
      'cannot listen',
    );
  }
  // /metrics and /ready: on the admin listener only.
  try {
    return { server, admin: await listenAdmin(gateway.admin, config.admin) };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    server.close();
    await gateway.close();
    const where = `${config.admin.host}:${config.admin.port}`;
    return failed([`${where}: ${e.code ?? e.message}`], 'cannot listen');
  }
}

type Listening = Exclude<Awaited<ReturnType<typeof listenBoth>>, number>;

function announce(gateway: Gateway, config: Config, logger: Logger, host: string, at: Listening) {
  const { port } = at.server.address() as AddressInfo;
  const url = `http://${shownHost(host)}:${port}/graphql`;
  logger.info('listening', {
    url,
    host,
    pid: process.pid,
    admin: at.admin.origin,
    upstream: config.upstream.network,
    store: gateway.store.kind,
    introspection: config.introspection,
    graphiql: config.graphiql,
  });
  printBanner(gateway, url, config);
  const exposure = demoExposure(host, gateway.demoTokens !== undefined);
  if (exposure) {
    process.stderr.write(`${exposure}\n`);
    logger.warn('demo mode on a non-loopback host', { host });
  }
}

/** Drains: no new connections, in-flight requests get SHUTDOWN_GRACE_MS, then everything closes. */
async function shutDown(
  gateway: Gateway,
  config: Config,
  logger: Logger,
  at: Listening & { storeReported: Promise<void> },
) {
  gateway.drain();
  const closed = new Promise<void>((resolve) => at.server.close(() => resolve()));
  at.server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), config.shutdownGraceMs);
  });
  if ((await Promise.race([closed, graceOver])) === 'timeout') {
    logger.warn('grace period over: closing open connections');
    at.server.closeAllConnections();
  }
  clearTimeout(timer);
  await at.storeReported;
  await at.admin.close();
  await gateway.close();
}

export async function run(argv: string[]): Promise<number> {
  const usage = parseUsage(argv);
  if (usage !== undefined) return usage;
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) return failed(error.problems, 'invalid configuration');
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  for (const name of unknownVariables(process.env)) {
    logger.warn('unknown environment variable ignored (typo or removed setting?)', { name });
  }
  const gateway = await buildGateway(config, logger);
  if (typeof gateway === 'number') return gateway;
  const storeReported = reportStore(gateway, config, logger);
  // Demo mode stays on loopback unless HOST says otherwise (connections/demo-host.ts).
  const host = publicHost(config.host, gateway.demoTokens !== undefined);
  const listening = await listenBoth(gateway, config, host);
  if (typeof listening === 'number') return listening;
  announce(gateway, config, logger, host, listening);
  const signal = await firstSignal(['SIGTERM', 'SIGINT']);
  logger.info('shutting down', { signal, graceMs: config.shutdownGraceMs });
  await shutDown(gateway, config, logger, { ...listening, storeReported });
  logger.info('stopped');
  return 0;
}
