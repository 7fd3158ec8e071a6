/** What a stream hub is made with, and what listens to it. */
import type { AccountApi, AccountCredentials } from '../api.ts';
import type { CacheGroup } from '../catalog.ts';
import type { AccountReads } from './account-reads.ts';
import type { BackoffPolicy } from './backoff.ts';
import type { AccountEventLog } from './log/event-log.ts';
import type { AccountStreamEvent } from './models.ts';
import type { ResyncBounds } from './order-resync.ts';

export interface StreamHubOptions {
  /** `ws(s)://host[:port]` of the upstream's streams (no trailing slash). */
  wsBase: string;
  /** The account view whose REST reads a resync uses. */
  forAccount(credentials: AccountCredentials): AccountApi;
  /** Drops an account's cached reads (the upstream client's `invalidate`). */
  invalidate(accountId: string, groups: readonly CacheGroup[]): Promise<void>;
  /** Server time, ms. @default Date.now */
  now?: () => number;
  /** @default 5_000 */
  graceMs?: number;
  /** How long an account's stream stays open (and logging) after its last subscriber. @default 0 */
  resumeWindowMs?: number;
  /** The accounts' event log (shared by the replicas on Redis). @default a MemoryEventLog */
  eventLog?: AccountEventLog;
  /** @default { baseMs: 250, capMs: 10_000 } */
  backoff?: BackoffPolicy;
  /** @default 30_000 (the server pings every 10 s) */
  silenceMs?: number;
  /** @default 10_000 */
  pingMs?: number;
  /** Auth refusals in a row before an account's stream gives up and ends its subscribers. @default 3 */
  maxAuthFailures?: number;
  /** How far back and how many pages a resync reads. @default DEFAULT_RESYNC_BOUNDS (5 s, 10 pages of 500) */
  resync?: Partial<ResyncBounds>;
  /** The id in the public stream's path (any id works for public data). @default 'svc-gateway' */
  publicId?: string;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
  /**
   * The public connection is (back) up, or a maintenance ended: the symbols' rules may have
   * changed while nobody listened (the gateway drops its cached rules).
   */
  rulesMayHaveChanged?: () => void;
  /** Overrides the REST reads of a resync (tests). @default accountReads(forAccount(credentials)) */
  reads?: (credentials: AccountCredentials) => AccountReads;
}

/**
 * A listener is a function or an object with the method (a subscriber that is already an
 * object: no closure per subscriber, there are thousands).
 */
export type AccountListener =
  | ((event: AccountStreamEvent) => void)
  | {
      accountEvent(event: AccountStreamEvent): void;
      /** The stream is (back) up and subscribed; `resumed`: after a reconnect (its resync follows). */
      accountReady?(resumed: boolean): void;
    };
export type PublicListener =
  | ((data: unknown, ts: number) => void)
  | {
      publicData(data: unknown, ts: number): void;
      /** The upstream refused the topic (`errorMsg`, e.g. `invalid symbol <s>`). */
      publicRefused?(reason: string): void;
    };
