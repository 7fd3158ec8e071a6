/**
 * What the rest of the gateway sees of the upstream. The typed methods are derived from the
 * catalog (`AccountApi`, `PublicApi`); resolvers depend only on these interfaces, implemented
 * by `client.ts`.
 */
import type { AccountApi, PublicApi } from './catalog.ts';
import type { Deadline } from './deadline.ts';

export type { AccountApi, PublicApi } from './catalog.ts';

/** Key material of one upstream account. Never logged, never in an error. */
export interface AccountCredentials {
  accountId: string;
  /** ed25519 secret: base58 text (32 or 64 bytes, optional `ed25519:` prefix). */
  secret: string;
  /** secp256k1 trading secret: 64 hex characters. Needed for orders only. */
  tradingSecret?: string;
}

export interface UpstreamApi extends PublicApi {
  /** A view of the client bound to one account's credentials (cheap; cache it per principal). */
  forAccount(credentials: AccountCredentials): AccountApi;
  /**
   * A view whose every call (and every account view's) runs under one GraphQL operation's
   * deadline and abort signal, sending its HTTP request's id (`x-request-id`, log lines):
   * built per request by the context, so resolvers stay unaware.
   */
  withDeadline(deadline: Deadline | undefined, requestId?: string): UpstreamApi;
  /** The upstream's time now, ms: the host clock corrected by the offset its answers taught. */
  serverNow(): number;
  /** True when the upstream answers (used by `/ready`). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
