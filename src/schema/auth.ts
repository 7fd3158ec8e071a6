/**
 * Field auth presets. Scopes: `authenticated` (any caller with a bearer token) and
 * `brokerAdmin` (role broker_admin). Denied fields never validate, resolve or call upstream.
 */
import { forbiddenMember, unauthenticated } from './errors.ts';
import type { GatewayContext } from './types.ts';

export const authenticated = { authScopes: { authenticated: true } } as const;

/** A broker-admin query: FORBIDDEN (or UNAUTHENTICATED) GraphQL error when denied. */
export const brokerAdminQuery = { authScopes: { brokerAdmin: true } } as const;

/**
 * A broker-admin mutation: a known caller without the role gets the ForbiddenError member;
 * an anonymous caller still gets the UNAUTHENTICATED GraphQL error.
 */
export function brokerAdminMutation(name: string) {
  return {
    authScopes: { brokerAdmin: true },
    unauthorizedResolver: (_root: unknown, _args: unknown, ctx: GatewayContext): never => {
      if (!ctx.principal) throw unauthenticated();
      // The errors plugin (outside scope auth) turns it into the ForbiddenError member.
      throw forbiddenMember(name);
    },
  } as const;
}
