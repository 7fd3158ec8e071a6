/**
 * The gateway's configuration: parsed once from the environment by one zod schema that
 * validates and shapes it (`Config` is its output type). The standard OTEL_* variables are
 * left to the OpenTelemetry conventions (`observability/tracing-env.ts`).
 * Bad values fail with every problem named, and the start command exits non-zero; unknown
 * variables with our prefixes (typos, removed names) are reported by `unknownVariables`.
 */
import { z } from 'zod';
import * as cod from './config/cancel-on-disconnect.ts';
import { ConfigError } from './config/config-error.ts';
import { connectionsConfig } from './config/connections.ts';
import { flag, ms, optionalText, optionalUrl, redisUrls } from './config/env-fields.ts';
import { OUR_PREFIXES } from './config/env-prefixes.ts';
import { crossFieldRules, resolveNetwork } from './config/env-rules.ts';
import { streamsConfig } from './config/streams.ts';

const envSchema = z
  .object({
    NODE_ENV: optionalText,
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    /** Default: 127.0.0.1 in demo mode (no keystore, embedded sandbox), else 0.0.0.0. */
    HOST: optionalText,
    /** /metrics and /ready listen here, apart from the public port (0: an ephemeral port). */
    ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(9090),
    ADMIN_HOST: z.string().default('127.0.0.1'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),

    SVC_NETWORK: z.enum(['mainnet', 'testnet']).optional(),
    SVC_BASE_URL: optionalUrl,
    SVC_TESTNET_BASE_URL: optionalUrl,
    /** `off`: never start the embedded sandbox (an upstream URL is then required; containers). */
    SVC_EMBEDDED_SANDBOX: z.enum(['auto', 'off']).default('auto'),
    SVC_SANDBOX_SEED: optionalText,
    SVC_SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    SVC_KEYSTORE: optionalText,
    REDIS_URL: redisUrls,
    REDIS_KEY_PREFIX: z
      .string()
      .regex(
        /^[A-Za-z0-9_.:-]+$/,
        'letters, digits, _ . : - only (no braces: keys carry hash tags)',
      )
      .default('svc'),
    /** Bound of the in-process store (no REDIS_URL): string and hash keys it holds at most. */
    MEMORY_STORE_MAX_KEYS: z.coerce.number().int().positive().default(1_000_000),

    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    UPSTREAM_RETRY_MAX: z.coerce.number().int().min(0).max(10).default(2),
    UPSTREAM_RETRY_BASE_MS: ms(100),
    UPSTREAM_RETRY_CAP_MS: ms(2_000),
    UPSTREAM_BUDGET_WAIT_MS: ms(2_000),
    /** One deadline per GraphQL operation: budget waits, retries and every upstream attempt. */
    UPSTREAM_DEADLINE_MS: z.coerce.number().int().positive().default(5_000),
    UPSTREAM_MAX_RESPONSE_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(4 * 1024 * 1024),
    UPSTREAM_LIMIT_SCALE: z.coerce.number().positive().default(1),
    /** Consecutive unavailable attempts that open a route's circuit (0: no circuit). */
    UPSTREAM_CIRCUIT_FAILURES: z.coerce.number().int().min(0).max(1_000).default(5),
    /** How long an open circuit fails calls fast before it lets one probe through. */
    UPSTREAM_CIRCUIT_COOLDOWN_MS: z.coerce.number().int().positive().default(5_000),
    GATEWAY_REPLICAS: z.coerce.number().int().positive().max(1_000).default(1),
    SVC_RECV_WINDOW_MS: z.coerce.number().int().positive().optional(),

    CACHE_ENABLED: flag.default(true),
    CACHE_TTL_ACCOUNT_MS: ms(5_000),
    CACHE_TTL_OPEN_ORDER_MS: ms(1_000),
    CACHE_TTL_FINAL_ORDER_MS: ms(60_000),
    CACHE_TTL_REFERRAL_MS: ms(5_000),
    /** Symbol rules (`/v1/public/info`): they change rarely. */
    CACHE_TTL_MARKET_RULES_MS: ms(300_000),
    /** Prices, funding, trades, books and candles: shared by every caller, short-lived. */
    CACHE_TTL_MARKET_MS: ms(1_000),

    PERSISTED_OPERATIONS: z.enum(['off', 'allow', 'require']).default('allow'),
    /** Both default to on, off when NODE_ENV=production. */
    GRAPHQL_INTROSPECTION: flag.optional(),
    GRAPHIQL: flag.optional(),
    MAX_BODY_BYTES: z.coerce.number().int().positive().default(100_000),
    MAX_DEPTH: z.coerce.number().int().positive().default(8),
    MAX_ALIASES: z.coerce.number().int().positive().default(30),
    MAX_TOKENS: z.coerce.number().int().positive().default(2_000),
    /**
     * Counted with `first`/`last` variables (use-cost-limit.ts): the reference screen's
     * open-order snapshot (100 orders, every field) costs 33,000; a 500-row page of them is
     * refused (page by 100). 5,000 held only while variables went uncounted.
     */
    MAX_COST: z.coerce.number().int().positive().default(50_000),
    SHUTDOWN_GRACE_MS: ms(10_000),

    /** Caller limits, in upstream calls per window (src/caller-limits). */
    CALLER_WINDOW_MS: z.coerce.number().int().min(1_000).multipleOf(1_000).default(60_000),
    CALLER_POINTS: z.coerce.number().int().positive().default(1_200),
    CALLER_ANON_POINTS: z.coerce.number().int().positive().default(120),
    CALLER_GLOBAL_SHARE: z.coerce.number().positive().max(1).default(0.4),
    CALLER_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Request budgets, counted before parsing (src/plugins/use-request-budget.ts); 0: off. */
    CALLER_REQUEST_WINDOW_MS: z.coerce.number().int().min(1_000).multipleOf(1_000).default(10_000),
    CALLER_ANON_REQUESTS: z.coerce.number().int().nonnegative().default(600),
    CALLER_FREE_REQUESTS: z.coerce.number().int().nonnegative().default(600),
    CALLER_REFUSAL_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(500),

    /** Broker whose tickers the public subscriptions follow (embedded: the sandbox's). */
    SVC_BROKER_ID: optionalText,
    /** The upstream's WebSocket origin; default: the REST base URL with ws(s)://. */
    SVC_WS_URL: optionalText.pipe(
      z
        .url({ protocol: /^wss?$/ })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
    ),
    STREAM_GRACE_MS: ms(5_000),
    STREAM_SILENCE_MS: z.coerce.number().int().positive().default(30_000),
    STREAM_RECONNECT_BASE_MS: z.coerce.number().int().positive().default(250),
    STREAM_RECONNECT_CAP_MS: z.coerce.number().int().positive().default(10_000),
    STREAM_RESUME_WINDOW_MS: ms(60_000),
    STREAM_RESUME_MAX_REPLAY: z.coerce.number().int().positive().max(100_000).default(5_000),
    STREAM_LOG_MAX_EVENTS: z.coerce.number().int().positive().max(100_000).default(5_000),
    STREAM_LOG_TTL_MS: z.coerce.number().int().positive().default(3_600_000),
    SUBSCRIPTION_QUEUE_MAX: z.coerce.number().int().positive().max(100_000).default(256),
    /** `off`: every subscription result is pulled through yoga's iterators (src/live/direct-lane.ts). */
    SUBSCRIPTION_DIRECT_LANE: z.enum(['on', 'off']).default('on'),
    /** Order mutations waiting for their outcome (`waitFor`) per account and replica; cancel-on-disconnect. */
    ORDER_WAIT_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(16),
    ORDER_WAIT_MAX: z.coerce.number().int().positive().default(1_000),
    CANCEL_ON_DISCONNECT_AFTER_MS: cod.afterMs,
    CANCEL_ON_DISCONNECT_RENEW_MS: cod.renewMs,
    CANCEL_ON_DISCONNECT_SESSION_TTL_MS: cod.sessionTtlMs,
    CANCEL_ON_DISCONNECT_MAX_SESSIONS: cod.maxSessions,
    CANCEL_ON_DISCONNECT_MAX_ACCOUNTS: cod.maxAccounts,
    SCREEN_MAX: z.coerce.number().int().positive().default(1_000),
    SCREEN_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(10),

    /** Connection caps and server timeouts (docs/operations.md#connection-caps-and-timeouts). */
    CONN_MAX: z.coerce.number().int().positive().optional(),
    CONN_FD_RESERVE: z.coerce.number().int().nonnegative().default(256),
    CONN_MAX_PER_IP: z.coerce.number().int().positive().default(256),
    CONN_WS_MAX_PER_IP: z.coerce.number().int().positive().default(64),
    CONN_WS_MAX_PER_PRINCIPAL: z.coerce.number().int().positive().default(32),
    CONN_SSE_MAX_PER_IP: z.coerce.number().int().positive().default(64),
    CONN_SSE_MAX_PER_PRINCIPAL: z.coerce.number().int().positive().default(32),
    CONN_WS_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
    CONN_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    CONN_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    CONN_KEEPALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  })
  .superRefine(crossFieldRules);

type Env = z.output<typeof envSchema>;

function upstreamConfig(env: Env) {
  return {
    ...resolveNetwork(env),
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    retry: {
      max: env.UPSTREAM_RETRY_MAX,
      baseMs: env.UPSTREAM_RETRY_BASE_MS,
      capMs: env.UPSTREAM_RETRY_CAP_MS,
    },
    budgetWaitMs: env.UPSTREAM_BUDGET_WAIT_MS,
    deadlineMs: env.UPSTREAM_DEADLINE_MS,
    maxResponseBytes: env.UPSTREAM_MAX_RESPONSE_BYTES,
    /** Multiplies every documented upstream limit (benchmarks and soak tests only). */
    limitScale: env.UPSTREAM_LIMIT_SCALE,
    /**
     * Gateway replicas sharing the upstream budget. While the shared store (Redis) is down
     * each replica falls back to an in-process limiter with `floor(limit / replicas)`.
     */
    replicas: env.GATEWAY_REPLICAS,
    recvWindowMs: env.SVC_RECV_WINDOW_MS,
    /** A circuit per upstream route (src/upstream/circuit.ts). */
    circuit: {
      failures: env.UPSTREAM_CIRCUIT_FAILURES,
      cooldownMs: env.UPSTREAM_CIRCUIT_COOLDOWN_MS,
    },
    cache: {
      enabled: env.CACHE_ENABLED,
      accountTtlMs: env.CACHE_TTL_ACCOUNT_MS,
      openOrderTtlMs: env.CACHE_TTL_OPEN_ORDER_MS,
      finalOrderTtlMs: env.CACHE_TTL_FINAL_ORDER_MS,
      referralTtlMs: env.CACHE_TTL_REFERRAL_MS,
      marketRulesTtlMs: env.CACHE_TTL_MARKET_RULES_MS,
      marketTtlMs: env.CACHE_TTL_MARKET_MS,
    },
  };
}

function callerLimitsConfig(env: Env) {
  return {
    windowMs: env.CALLER_WINDOW_MS,
    points: env.CALLER_POINTS,
    anonymousPoints: env.CALLER_ANON_POINTS,
    globalShare: env.CALLER_GLOBAL_SHARE,
    proxyHops: env.CALLER_PROXY_HOPS,
    /** Requests per window before parsing: anonymous per IP, and a principal's free ones. */
    requests: {
      windowMs: env.CALLER_REQUEST_WINDOW_MS,
      anonymous: env.CALLER_ANON_REQUESTS,
      free: env.CALLER_FREE_REQUESTS,
      /** A refusal of these budgets is answered after this long (capped by the window). */
      refusalDelayMs: env.CALLER_REFUSAL_DELAY_MS,
    },
  };
}

/** The environment, validated and shaped into the gateway's configuration in one pass. */
const configSchema = envSchema.transform((env) => {
  const production = env.NODE_ENV === 'production';
  return {
    port: env.PORT,
    /** HOST as set; undefined: the start command picks by mode (`publicHost`). */
    host: env.HOST,
    admin: { port: env.ADMIN_PORT, host: env.ADMIN_HOST },
    logLevel: env.LOG_LEVEL,
    production,
    upstream: upstreamConfig(env),
    sandboxSeedFile: env.SVC_SANDBOX_SEED,
    sandboxPort: env.SVC_SANDBOX_PORT,
    keystoreFile: env.SVC_KEYSTORE,
    redis: { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX },
    memoryStore: { maxKeys: env.MEMORY_STORE_MAX_KEYS },
    persistedOperations: env.PERSISTED_OPERATIONS,
    introspection: env.GRAPHQL_INTROSPECTION ?? !production,
    graphiql: env.GRAPHIQL ?? !production,
    limits: {
      maxBodyBytes: env.MAX_BODY_BYTES,
      maxDepth: env.MAX_DEPTH,
      maxAliases: env.MAX_ALIASES,
      maxTokens: env.MAX_TOKENS,
      maxCost: env.MAX_COST,
    },
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    callerLimits: callerLimitsConfig(env),
    streams: streamsConfig(env),
    cancelOnDisconnect: cod.cancelOnDisconnectConfig(env),
    connections: connectionsConfig(env),
  };
});

export type Config = z.output<typeof configSchema>;
type Upstream = Config['upstream'];
/** The upstream part; tests and benches build it by hand and may leave out the defaulted knobs. */
type Defaulted = 'limitScale' | 'replicas' | 'deadlineMs' | 'maxResponseBytes' | 'circuit';
/** Market TTLs added later: hand-built configs may leave them out (cache-lifetime.ts defaults). */
type DefaultedTtl = 'marketRulesTtlMs' | 'marketTtlMs';
type CacheConfig = Omit<Upstream['cache'], DefaultedTtl> &
  Partial<Pick<Upstream['cache'], DefaultedTtl>>;
export type UpstreamConfig = Omit<Upstream, Defaulted | 'cache'> &
  Partial<Pick<Upstream, Defaulted>> & { cache: CacheConfig };

export { ConfigError };

/**
 * Parses the given environment (default `process.env`); throws `ConfigError`.
 * A variable set to blank text counts as unset (`FOO=` in a compose file means "default").
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}

const KNOWN = new Set(Object.keys(envSchema.shape));

/** Names in `source` that carry one of our prefixes but that no setting reads, sorted. */
export function unknownVariables(source: Record<string, string | undefined>): string[] {
  return Object.keys(source)
    .filter((name) => !KNOWN.has(name) && OUR_PREFIXES.some((p) => name.startsWith(p)))
    .sort();
}
