/**
 * `npm start`: reads the configuration, builds the gateway and listens. On SIGTERM or SIGINT
 * it stops accepting connections, lets in-flight requests finish within SHUTDOWN_GRACE_MS,
 * closes the upstream client, the stores and the embedded sandbox, and exits 0.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KeystoreError } from './auth/principals.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createGateway, type Gateway } from './server.ts';

function fail(problems: string[], what: string): never {
  process.stderr.write(`svc-graphql: ${what}:\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.problems, 'invalid configuration');
  throw error;
}

const logger = createLogger({ level: config.logLevel });
let gateway: Gateway;
try {
  gateway = await createGateway({ config, env: process.env, logger });
} catch (error) {
  if (error instanceof KeystoreError) fail(error.problems, 'invalid keystore');
  const name = (error as { name?: string }).name;
  const problems = (error as { problems?: unknown }).problems;
  if (name === 'SeedError' && Array.isArray(problems)) fail(problems, 'invalid sandbox seed');
  throw error;
}

const server = createServer(gateway.handler);
gateway.attachWebSockets(server);
server.listen(config.port, config.host);
await new Promise<void>((resolve, reject) => {
  server.once('listening', resolve);
  server.once('error', reject);
}).catch((error: NodeJS.ErrnoException) => {
  fail([`${config.host}:${config.port}: ${error.code ?? error.message}`], 'cannot listen');
});

const { port } = server.address() as AddressInfo;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const url = `http://${shownHost}:${port}/graphql`;
logger.info('listening', { url, upstream: config.upstream.network, store: gateway.store.kind });
// Human lines on stderr, outside the JSON log stream (the logger would redact the tokens).
process.stderr.write(`\nsvc-graphql gateway: ${url}  (GraphiQL in a browser)\n`);
if (gateway.demoTokens) {
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

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal, graceMs: config.shutdownGraceMs });
  gateway.drain();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), config.shutdownGraceMs);
  });
  if ((await Promise.race([closed, graceOver])) === 'timeout') {
    logger.warn('grace period over: closing open connections');
    server.closeAllConnections();
  }
  clearTimeout(timer);
  await gateway.close();
  logger.info('stopped');
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
