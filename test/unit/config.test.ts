import { describe, expect, it } from 'vitest';
import { redisUrlForLog } from '../../src/config/redis-url.ts';
import { ConfigError, loadConfig, unknownVariables } from '../../src/config.ts';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('defaults to the embedded sandbox, memory stores and the documented upstream bounds', () => {
    const config = loadConfig({});
    expect(config.upstream).toEqual({
      baseUrl: undefined,
      network: 'sandbox',
      timeoutMs: 10_000,
      retry: { max: 2, baseMs: 100, capMs: 2_000 },
      budgetWaitMs: 2_000,
      deadlineMs: 5_000,
      maxResponseBytes: 4 * 1024 * 1024,
      limitScale: 1,
      replicas: 1,
      recvWindowMs: undefined,
      circuit: { failures: 5, cooldownMs: 5_000 },
      cache: {
        enabled: true,
        accountTtlMs: 5_000,
        openOrderTtlMs: 1_000,
        finalOrderTtlMs: 60_000,
        referralTtlMs: 5_000,
        marketRulesTtlMs: 300_000,
        marketTtlMs: 1_000,
      },
    });
    expect(config.redis).toEqual({ url: undefined, keyPrefix: 'svc' });
    expect(config.port).toBe(4000);
  });

  it('chooses the base URL by network', () => {
    const urls = {
      SVC_BASE_URL: 'https://api.example.com/',
      SVC_TESTNET_BASE_URL: 'https://testnet.example.com',
    };
    expect(loadConfig(urls).upstream).toMatchObject({
      network: 'mainnet',
      baseUrl: 'https://api.example.com',
    });
    expect(loadConfig({ ...urls, SVC_NETWORK: 'testnet' }).upstream).toMatchObject({
      network: 'testnet',
      baseUrl: 'https://testnet.example.com',
    });
    expect(loadConfig({ SVC_TESTNET_BASE_URL: 'http://127.0.0.1:9000' }).upstream).toMatchObject({
      network: 'testnet',
      baseUrl: 'http://127.0.0.1:9000',
    });
  });

  it('requires the URL of the network it names', () => {
    expect(problems({ SVC_NETWORK: 'mainnet' })).toEqual([
      'SVC_BASE_URL: required when SVC_NETWORK=mainnet',
    ]);
    expect(problems({ SVC_NETWORK: 'testnet', SVC_BASE_URL: 'https://a.example' })).toEqual([
      'SVC_TESTNET_BASE_URL: required when SVC_NETWORK=testnet',
    ]);
    expect(problems({ SVC_NETWORK: 'devnet' })[0]).toMatch(/^SVC_NETWORK: /);
  });

  it('starts no embedded sandbox under SVC_EMBEDDED_SANDBOX=off: an upstream URL is required', () => {
    expect(problems({ SVC_EMBEDDED_SANDBOX: 'off' })).toEqual([
      'SVC_EMBEDDED_SANDBOX: is off, so an upstream is required: set SVC_BASE_URL (or SVC_NETWORK with its URL)',
    ]);
    expect(
      loadConfig({ SVC_EMBEDDED_SANDBOX: 'off', SVC_BASE_URL: 'https://a.example' }).upstream,
    ).toMatchObject({ baseUrl: 'https://a.example' });
    expect(problems({ SVC_EMBEDDED_SANDBOX: 'maybe' })[0]).toMatch(/^SVC_EMBEDDED_SANDBOX: /);
    expect(loadConfig({}).upstream.baseUrl).toBeUndefined();
  });

  it('rejects URLs that are not http(s)', () => {
    expect(problems({ SVC_BASE_URL: 'ftp://example.com' })[0]).toMatch(/^SVC_BASE_URL: /);
    expect(problems({ SVC_BASE_URL: 'not a url' })[0]).toMatch(/^SVC_BASE_URL: /);
  });

  it('parses every upstream knob and names every bad one at once', () => {
    const config = loadConfig({
      UPSTREAM_TIMEOUT_MS: '2500',
      UPSTREAM_RETRY_MAX: '4',
      UPSTREAM_RETRY_BASE_MS: '50',
      UPSTREAM_RETRY_CAP_MS: '800',
      UPSTREAM_BUDGET_WAIT_MS: '0',
      UPSTREAM_DEADLINE_MS: '1500',
      UPSTREAM_MAX_RESPONSE_BYTES: '65536',
      SVC_RECV_WINDOW_MS: '5000',
      CACHE_ENABLED: '0',
      CACHE_TTL_ACCOUNT_MS: '1',
      CACHE_TTL_OPEN_ORDER_MS: '2',
      CACHE_TTL_FINAL_ORDER_MS: '3',
      CACHE_TTL_REFERRAL_MS: '4',
      CACHE_TTL_MARKET_RULES_MS: '5',
      CACHE_TTL_MARKET_MS: '6',
    });
    expect(config.upstream).toMatchObject({
      timeoutMs: 2500,
      retry: { max: 4, baseMs: 50, capMs: 800 },
      budgetWaitMs: 0,
      deadlineMs: 1500,
      maxResponseBytes: 65536,
      recvWindowMs: 5000,
      cache: {
        enabled: false,
        accountTtlMs: 1,
        openOrderTtlMs: 2,
        finalOrderTtlMs: 3,
        referralTtlMs: 4,
        marketRulesTtlMs: 5,
        marketTtlMs: 6,
      },
    });
    const bad = problems({
      UPSTREAM_TIMEOUT_MS: '0',
      UPSTREAM_RETRY_MAX: '11',
      SVC_RECV_WINDOW_MS: '-5',
      CACHE_ENABLED: 'yes',
      CACHE_TTL_ACCOUNT_MS: '1.5',
      UPSTREAM_DEADLINE_MS: '0',
      UPSTREAM_MAX_RESPONSE_BYTES: '1e3x',
    });
    expect(bad.map((p) => p.split(':')[0]).sort()).toEqual([
      'CACHE_ENABLED',
      'CACHE_TTL_ACCOUNT_MS',
      'SVC_RECV_WINDOW_MS',
      'UPSTREAM_DEADLINE_MS',
      'UPSTREAM_MAX_RESPONSE_BYTES',
      'UPSTREAM_RETRY_MAX',
      'UPSTREAM_TIMEOUT_MS',
    ]);
  });

  it('parses the circuit: failures ≥ 0 (0: off), a positive cool-down', () => {
    const config = loadConfig({
      UPSTREAM_CIRCUIT_FAILURES: '0',
      UPSTREAM_CIRCUIT_COOLDOWN_MS: '250',
    });
    expect(config.upstream.circuit).toEqual({ failures: 0, cooldownMs: 250 });
    expect(problems({ UPSTREAM_CIRCUIT_FAILURES: '-1' })[0]).toMatch(
      /^UPSTREAM_CIRCUIT_FAILURES: /,
    );
    expect(problems({ UPSTREAM_CIRCUIT_FAILURES: '2.5' })[0]).toMatch(
      /^UPSTREAM_CIRCUIT_FAILURES: /,
    );
    expect(problems({ UPSTREAM_CIRCUIT_COOLDOWN_MS: '0' })[0]).toMatch(
      /^UPSTREAM_CIRCUIT_COOLDOWN_MS: /,
    );
    expect(
      unknownVariables({ UPSTREAM_CIRCUIT_FAILURES: '3', UPSTREAM_CIRCUIT_COOLDOWN: '1' }),
    ).toEqual(['UPSTREAM_CIRCUIT_COOLDOWN']);
  });

  it('parses cancel-on-disconnect: the upstream delay range, bounded renewals, TTL and caps', () => {
    expect(loadConfig({}).cancelOnDisconnect).toEqual({
      afterMs: 30_000,
      renewMs: 10_000,
      sessionTtlMs: 15_000,
      maxSessions: 16,
      maxAccounts: 10_000,
    });
    const set = loadConfig({
      CANCEL_ON_DISCONNECT_AFTER_MS: '5000',
      CANCEL_ON_DISCONNECT_RENEW_MS: '100',
      CANCEL_ON_DISCONNECT_SESSION_TTL_MS: '300',
      CANCEL_ON_DISCONNECT_MAX_SESSIONS: '1',
      CANCEL_ON_DISCONNECT_MAX_ACCOUNTS: '2',
    }).cancelOnDisconnect;
    expect(set).toEqual({
      afterMs: 5_000,
      renewMs: 100,
      sessionTtlMs: 300,
      maxSessions: 1,
      maxAccounts: 2,
    });
    const bad = problems({
      CANCEL_ON_DISCONNECT_AFTER_MS: '4999',
      CANCEL_ON_DISCONNECT_RENEW_MS: '99',
      CANCEL_ON_DISCONNECT_SESSION_TTL_MS: '1.5',
      CANCEL_ON_DISCONNECT_MAX_SESSIONS: '0',
      CANCEL_ON_DISCONNECT_MAX_ACCOUNTS: 'many',
    });
    expect(bad.map((p) => p.split(':')[0]).sort()).toEqual([
      'CANCEL_ON_DISCONNECT_AFTER_MS',
      'CANCEL_ON_DISCONNECT_MAX_ACCOUNTS',
      'CANCEL_ON_DISCONNECT_MAX_SESSIONS',
      'CANCEL_ON_DISCONNECT_RENEW_MS',
      'CANCEL_ON_DISCONNECT_SESSION_TTL_MS',
    ]);
    expect(problems({ CANCEL_ON_DISCONNECT_AFTER_MS: '900001' })[0]).toMatch(/900000/);
  });

  it('parses GATEWAY_REPLICAS (the fallback budget share) as a positive integer', () => {
    expect(loadConfig({ GATEWAY_REPLICAS: '3' }).upstream.replicas).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'two']) {
      expect(problems({ GATEWAY_REPLICAS: bad })[0]).toMatch(/^GATEWAY_REPLICAS: /);
    }
  });

  it('rejects a retry cap below the retry base', () => {
    expect(problems({ UPSTREAM_RETRY_BASE_MS: '500', UPSTREAM_RETRY_CAP_MS: '100' })).toEqual([
      'UPSTREAM_RETRY_CAP_MS: must be at least UPSTREAM_RETRY_BASE_MS',
    ]);
  });

  it('treats blank variables as unset', () => {
    const config = loadConfig({ UPSTREAM_TIMEOUT_MS: '', SVC_RECV_WINDOW_MS: ' ', REDIS_URL: '' });
    expect(config.upstream.timeoutMs).toBe(10_000);
    expect(config.upstream.recvWindowMs).toBeUndefined();
    expect(config.redis.url).toBeUndefined();
  });

  it('accepts one Redis URL or a comma-separated cluster node list, and a brace-free prefix', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis.url).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.1:7000,redis://10.0.0.2:7000' }).redis.url).toBe(
      'redis://10.0.0.1:7000,redis://10.0.0.2:7000',
    );
    expect(problems({ REDIS_URL: 'localhost:6379' })[0]).toMatch(/^REDIS_URL: /);
    expect(problems({ REDIS_KEY_PREFIX: 'svc{x}' })[0]).toMatch(/^REDIS_KEY_PREFIX: /);
    expect(loadConfig({ REDIS_KEY_PREFIX: 'svc-staging' }).redis.keyPrefix).toBe('svc-staging');
  });

  it('turns introspection and GraphiQL off by default under NODE_ENV=production only', () => {
    expect(loadConfig({})).toMatchObject({
      production: false,
      introspection: true,
      graphiql: true,
    });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      introspection: true,
      graphiql: true,
    });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      production: true,
      introspection: false,
      graphiql: false,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true', GRAPHIQL: '1' }),
    ).toMatchObject({ introspection: true, graphiql: true });
    expect(loadConfig({ GRAPHQL_INTROSPECTION: '0', GRAPHIQL: 'false' })).toMatchObject({
      introspection: false,
      graphiql: false,
    });
    expect(problems({ GRAPHIQL: 'on' })[0]).toMatch(/^GRAPHIQL: /);
  });

  it('names variables with our prefixes that no setting reads', () => {
    expect(
      unknownVariables({
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_URI: 'redis://typo',
        MAX_LIST_LENGTH: '50',
        UPSTREAM_TIMEOUT: '100',
        SVC_NETWORK: 'testnet',
        GRAPHIQL_ENABLED: 'true',
        PATH: '/usr/bin',
        NODE_OPTIONS: '--enable-source-maps',
        OTEL_SERVICE_NAME: 'svc-graphql',
        TEST_REDIS_URL: 'redis://127.0.0.1:6379',
      }),
    ).toEqual(['GRAPHIQL_ENABLED', 'MAX_LIST_LENGTH', 'REDIS_URI', 'UPSTREAM_TIMEOUT']);
    // Known names are not reported, whatever their value.
    expect(unknownVariables({ MAX_DEPTH: 'x', SHUTDOWN_GRACE_MS: '1', GRAPHIQL: 'true' })).toEqual(
      [],
    );
  });

  it('masks Redis passwords for logs, on every cluster node', () => {
    expect(redisUrlForLog('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redisUrlForLog('rediss://app:s3cr3t@redis.internal:6380/0')).toBe(
      'rediss://app:***@redis.internal:6380/0',
    );
    const cluster = redisUrlForLog('redis://:pw1@10.0.0.1:7000, redis://:pw2@10.0.0.2:7000');
    expect(cluster).toBe('redis://:***@10.0.0.1:7000,redis://:***@10.0.0.2:7000');
    expect(cluster).not.toMatch(/pw1|pw2/);
  });
});
