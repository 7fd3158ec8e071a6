/**
 * The cancel-on-disconnect settings (docs/subscriptions.md#cancel-on-disconnect): their zod
 * types, and the shape config.ts gives them. The variables are listed in config.ts's schema.
 */
import { z } from 'zod';
import { CANCEL_ALL_AFTER_MAX_MS, CANCEL_ALL_AFTER_MIN_MS } from '../contract/constants.ts';

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** The upstream's range of `trigger_after` (POST /v1/order/cancel_all_after). */
export const afterMs = int(CANCEL_ALL_AFTER_MIN_MS, CANCEL_ALL_AFTER_MAX_MS, 30_000);
export const renewMs = int(100, CANCEL_ALL_AFTER_MAX_MS, 10_000);
export const sessionTtlMs = int(300, 600_000, 15_000);
export const maxSessions = int(1, 1_000, 16);
export const maxAccounts = int(1, 1_000_000, 10_000);

/** The variables it reads. */
export interface CancelOnDisconnectEnv {
  CANCEL_ON_DISCONNECT_AFTER_MS: number;
  CANCEL_ON_DISCONNECT_RENEW_MS: number;
  CANCEL_ON_DISCONNECT_SESSION_TTL_MS: number;
  CANCEL_ON_DISCONNECT_MAX_SESSIONS: number;
  CANCEL_ON_DISCONNECT_MAX_ACCOUNTS: number;
}

export interface CancelOnDisconnectConfig {
  /** `trigger_after` of a session that names none. */
  afterMs: number;
  /** Renewals at most this far apart (and at most a third of the delay apart). */
  renewMs: number;
  /** A session's record in the shared store lives this long past its last heartbeat. */
  sessionTtlMs: number;
  /** Sessions of one account, on all replicas together. */
  maxSessions: number;
  /** Accounts with sessions on this replica. */
  maxAccounts: number;
}

export const cancelOnDisconnectConfig = (env: CancelOnDisconnectEnv): CancelOnDisconnectConfig => ({
  afterMs: env.CANCEL_ON_DISCONNECT_AFTER_MS,
  renewMs: env.CANCEL_ON_DISCONNECT_RENEW_MS,
  sessionTtlMs: env.CANCEL_ON_DISCONNECT_SESSION_TTL_MS,
  maxSessions: env.CANCEL_ON_DISCONNECT_MAX_SESSIONS,
  maxAccounts: env.CANCEL_ON_DISCONNECT_MAX_ACCOUNTS,
});
