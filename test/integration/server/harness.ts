/**
 * Starts a real gateway on an ephemeral loopback port, with the test Redis (TEST_REDIS_URL,
 * default 127.0.0.1:6379) under a key prefix unique to the test file, and captures its log
 * lines for the no-secrets checks.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { listenAdmin } from '../../../src/admin/listener.ts';
import { generateKeyMaterial } from '../../../src/auth/keys.ts';
import type { Role } from '../../../src/auth/principal.ts';
import { generateToken, hashToken, type KeystoreEntry } from '../../../src/auth/principals.ts';
import { loadConfig } from '../../../src/config.ts';
import { createPublicServer } from '../../../src/connections/server-limits.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import type { Sandbox } from '../../../src/sandbox/index.ts';
import { createGateway, type Gateway, type GatewayOptions } from '../../../src/server.ts';

import { REDIS_URL } from '../../helpers/redis.ts';

export { REDIS_URL, uniquePrefix } from '../../helpers/redis.ts';

export interface TestCaller {
  entry: KeystoreEntry;
  token: string;
  /** Public keys, for registering the account in a sandbox. */
  key: string;
  tradingKey: string;
}

/** A keystore principal with fresh keys and token. */
export function makeCaller(label: string, role: Role): TestCaller {
  const token = generateToken();
  const { secret, tradingSecret, key, tradingKey } = generateKeyMaterial();
  return {
    token,
    key,
    tradingKey,
    entry: {
      label,
      role,
      tokenSha256: hashToken(token),
      accountId: `0x${randomBytes(32).toString('hex')}`,
      secret,
      tradingSecret,
    },
  };
}

/** Registers each caller's account (its public keys and role) in the sandbox. */
export function registerCallers(
  sandbox: Pick<Sandbox, 'registerAccount'>,
  callers: Iterable<TestCaller>,
): void {
  for (const c of callers) {
    sandbox.registerAccount({
      accountId: c.entry.accountId,
      key: c.key,
      tradingKey: c.tradingKey,
      role: c.entry.role,
    });
  }
}

/** `size` fresh traders (`label-0`, …), handed out one per test so no counts are shared. */
export function callerPool(label: string, size: number): { all: TestCaller[]; next(): TestCaller } {
  const all = Array.from({ length: size }, (_, i) => makeCaller(`${label}-${i}`, 'trader'));
  let next = 0;
  return {
    all,
    next() {
      const c = all[next++];
      if (!c) throw new Error(`the pool '${label}' has only ${size} callers`);
      return c;
    },
  };
}

export interface Running {
  gateway: Gateway;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The admin listener (/metrics, /ready): `http://127.0.0.1:PORT`. */
  adminOrigin: string;
  graphqlUrl: string;
  /** `ws://127.0.0.1:PORT/graphql` (graphql-ws; served when started with `webSockets: true`). */
  wsUrl: string;
  logs: string[];
  post(
    body: unknown,
    init?: { token?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  gql(
    query: string,
    init?: { token?: string; variables?: Record<string, unknown>; operationName?: string },
  ): Promise<{ status: number; body: GraphQLBody }>;
  close(): Promise<void>;
}

export interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, unknown> }>;
}

export interface StartOptions extends Omit<GatewayOptions, 'config'> {
  /** Environment for loadConfig (over the test defaults) and for `env:NAME` keystore secrets. */
  env?: Record<string, string | undefined>;
  prefix: string;
  /** Serve graphql-ws on `/graphql` too, as `npm start` does. @default false */
  webSockets?: boolean;
}

export async function startGateway(options: StartOptions): Promise<Running> {
  const { env, prefix, webSockets, ...rest } = options;
  const config = loadConfig({
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    LOG_LEVEL: 'debug',
    ...env,
  });
  const logs: string[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => logs.push(line) });
  const gateway = await createGateway({
    config,
    logger,
    processMetrics: false,
    env: env ?? {},
    ...rest,
  });
  // As `npm start` creates it: the same timeouts and connection caps.
  const server = createPublicServer(gateway.handler, {
    ...config.connections,
    budget: gateway.connections,
  });
  if (webSockets) gateway.attachWebSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const graphqlUrl = `${origin}/graphql`;
  const admin = await listenAdmin(gateway.admin, { host: '127.0.0.1', port: 0 });
  const post: Running['post'] = (body, init = {}) =>
    fetch(graphqlUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // A GraphQL-over-HTTP client: request errors answer 4xx (legacy JSON would get 200).
        accept: 'application/graphql-response+json, application/json;q=0.9',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    gateway,
    origin,
    adminOrigin: admin.origin,
    graphqlUrl,
    wsUrl: graphqlUrl.replace(/^http/, 'ws'),
    logs,
    post,
    async gql(query, init = {}) {
      const { token, ...payload } = init;
      const response = await post({ query, ...payload }, token ? { token } : {});
      return { status: response.status, body: (await response.json()) as GraphQLBody };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await admin.close();
      await gateway.close();
    },
  };
}

/** Every error code in a GraphQL response body. */
export function codes(body: GraphQLBody): unknown[] {
  return (body.errors ?? []).map((e) => e.extensions?.code);
}
