import type { Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../schema/context.ts';
import type { AccountApi, UpstreamApi } from '../upstream/api.ts';
import type { Deadline } from '../upstream/deadline.ts';
import { unauthenticated } from './errors.ts';
import { createLoaders } from './loaders.ts';

/**
 * Builds the per-request context: the caller's account view and fresh loaders, every
 * upstream call bound to the operation's `deadline` and sending the HTTP request's id when
 * given.
 */
export function createGatewayContext(
  principal: Principal | null,
  shared: UpstreamApi,
  deadline?: Deadline,
  requestId?: string,
): GatewayContext {
  const upstream =
    deadline || requestId !== undefined ? shared.withDeadline(deadline, requestId) : shared;
  const account = principal ? upstream.forAccount(principal.credentials) : null;
  return { principal, upstream, account, loaders: createLoaders(account) };
}

/** The caller's account; UNAUTHENTICATED when anonymous (scopes normally stop that first). */
export function requireAccount(ctx: GatewayContext): AccountApi {
  if (!ctx.account) throw unauthenticated();
  return ctx.account;
}
