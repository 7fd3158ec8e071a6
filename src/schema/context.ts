import type { Principal } from '../auth/principal.ts';
import type { Idempotency } from '../idempotency/index.ts';
import type { LiveContext } from '../resolvers/live.ts';
import type { Loaders } from '../resolvers/loaders.ts';
import type { AccountApi, UpstreamApi } from '../upstream/api.ts';

/** Per-request GraphQL context, bound by `bindGatewayContext` in src/resolvers/context.ts. */
export interface GatewayContext {
  /** The authenticated caller, or null for anonymous requests. */
  principal: Principal | null;
  upstream: UpstreamApi;
  /** The upstream bound to the caller's account; null when anonymous. */
  account: AccountApi | null;
  /**
   * HTTP attempts the operation sent upstream so far (0 when it failed before sending any:
   * an open circuit, a budget or deadline refusal; undefined before its first upstream call).
   * Read by the idempotency plugin.
   */
  readonly upstreamAttempts?: number;
  /** Per-request DataLoaders (deduplicate and batch within one request). */
  loaders: Loaders;
  /** Exactly-once placements (set by the idempotency plugin); absent: no records kept. */
  idempotency?: Idempotency;
  /** Live updates (subscriptions); absent when the gateway runs without streams. */
  live?: LiveContext;
}
