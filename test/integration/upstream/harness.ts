/**
 * Sandbox over real HTTP + upstream clients on real Redis (unique key prefix per harness).
 * Extra accounts come with their user address, so transfers can be signed for them.
 */
import { loadConfig, type UpstreamConfig } from '../../../src/config.ts';
import { generateDemoAccount } from '../../../src/sandbox/demo.ts';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox/index.ts';
import type { AccountCredentials } from '../../../src/upstream/api.ts';
import {
  createUpstreamClient,
  type UpstreamCallEvent,
  type UpstreamClient,
  type UpstreamClientOptions,
} from '../../../src/upstream/client.ts';
import { createRedisStore } from '../../../src/upstream/stores/redis.ts';
import type { Store } from '../../../src/upstream/stores/store.ts';
import { dropPrefix, REDIS_URL, rawRedis, uniquePrefix } from '../../helpers/redis.ts';

export type ClientConfig = Omit<UpstreamConfig, 'baseUrl' | 'network'>;

export function testConfig(overrides: Partial<ClientConfig> = {}): ClientConfig {
  const { baseUrl: _baseUrl, network: _network, ...defaults } = loadConfig({}).upstream;
  return {
    ...defaults,
    timeoutMs: 2_000,
    retry: { max: 2, baseMs: 5, capMs: 20 },
    budgetWaitMs: 0,
    ...overrides,
  };
}

export interface TestAccount extends AccountCredentials {
  tradingSecret: string;
  userAddress: string;
}

export interface Harness {
  sandbox: Sandbox;
  /** A fresh trader registered in the sandbox. */
  account(role?: 'trader' | 'broker_admin'): TestAccount;
  /** A client on the shared Redis prefix of this harness (so clients share budget and cache). */
  client(
    options?: Partial<Omit<UpstreamClientOptions, 'config'>> & { config?: Partial<ClientConfig> },
  ): UpstreamClient & { events: UpstreamCallEvent[] };
  redisStore(): Store;
  close(): Promise<void>;
}

export async function startHarness(sandboxOptions: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await createSandbox(sandboxOptions);
  const prefix = uniquePrefix('client');
  const stores: Store[] = [];
  const clients: UpstreamClient[] = [];
  const redisStore = () => {
    const store = createRedisStore({ url: REDIS_URL, keyPrefix: prefix });
    stores.push(store);
    return store;
  };
  return {
    sandbox,
    account(role = 'trader') {
      const { credentials, seed } = generateDemoAccount('demo', role);
      sandbox.registerAccount(seed);
      return {
        accountId: credentials.accountId,
        secret: credentials.secret,
        tradingSecret: credentials.tradingSecret,
        userAddress: seed.userAddress!,
      };
    },
    client(options = {}) {
      const events: UpstreamCallEvent[] = [];
      const { config, ...rest } = options;
      const client = createUpstreamClient({
        baseUrl: sandbox.url,
        store: rest.store ?? redisStore(),
        config: testConfig(config),
        telemetry: (event) => events.push(event),
        ...rest,
      });
      clients.push(client);
      return Object.assign(client, { events });
    },
    redisStore,
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      const raw = rawRedis();
      await dropPrefix(raw, prefix);
      raw.disconnect();
      await Promise.all(stores.map((s) => s.close()));
      await sandbox.close();
    },
  };
}
