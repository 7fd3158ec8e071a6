/** The live-updates part of the configuration (config.ts): upstream streams, queues, resumes. */

/** The variables it reads (their zod types are in config.ts). */
export interface StreamsEnv {
  SVC_BROKER_ID?: string | undefined;
  SVC_WS_URL?: string | undefined;
  STREAM_GRACE_MS: number;
  STREAM_SILENCE_MS: number;
  STREAM_RECONNECT_BASE_MS: number;
  STREAM_RECONNECT_CAP_MS: number;
  STREAM_RESUME_WINDOW_MS: number;
  STREAM_RESUME_MAX_REPLAY: number;
  STREAM_LOG_MAX_EVENTS: number;
  STREAM_LOG_TTL_MS: number;
  SUBSCRIPTION_QUEUE_MAX: number;
  SUBSCRIPTION_DIRECT_LANE: 'on' | 'off';
  ORDER_WAIT_MAX_PER_ACCOUNT: number;
  ORDER_WAIT_MAX: number;
  SCREEN_MAX: number;
  SCREEN_MAX_PER_ACCOUNT: number;
}

/** Live updates: the upstream's streams and the subscribers' queues. */
export function streamsConfig(env: StreamsEnv) {
  return {
    brokerId: env.SVC_BROKER_ID,
    wsUrl: env.SVC_WS_URL,
    graceMs: env.STREAM_GRACE_MS,
    silenceMs: env.STREAM_SILENCE_MS,
    reconnect: { baseMs: env.STREAM_RECONNECT_BASE_MS, capMs: env.STREAM_RECONNECT_CAP_MS },
    /** Resumable subscriptions (docs/subscriptions.md#resuming-a-subscription). */
    resume: { windowMs: env.STREAM_RESUME_WINDOW_MS, maxReplay: env.STREAM_RESUME_MAX_REPLAY },
    /** Each account's event log: entries kept, dropped this long after its last event. */
    log: { maxEvents: env.STREAM_LOG_MAX_EVENTS, ttlMs: env.STREAM_LOG_TTL_MS },
    /** Events a subscriber may fall behind before it is ended. */
    queueMax: env.SUBSCRIPTION_QUEUE_MAX,
    /** Shared, error-free results handed to the transports in the hub's loop. */
    directLane: env.SUBSCRIPTION_DIRECT_LANE === 'on',
    waits: { maxPerAccount: env.ORDER_WAIT_MAX_PER_ACCOUNT, max: env.ORDER_WAIT_MAX },
    /** `tradingScreen` computations (account, symbol, depth) per replica and per account. */
    screens: { max: env.SCREEN_MAX, maxPerAccount: env.SCREEN_MAX_PER_ACCOUNT },
  };
}
