/**
 * Caller auth: `Authorization: Bearer <token>` → keystore → `Principal`, resolved once per
 * request before the body is parsed. No header means an anonymous caller (the schema's scopes
 * answer UNAUTHENTICATED on fields that need one); a header that is malformed or carries an
 * unknown token fails the whole request with UNAUTHENTICATED (HTTP 401) and no upstream call.
 * So does a request with more than one Authorization header: node keeps only the first in
 * `req.headers` (and fetch's Headers would join them), so they are counted on the raw request.
 */
import type { Plugin } from 'graphql-yoga';
import type { Principal } from '../auth/principal.ts';
import type { PrincipalDirectory } from '../auth/principals.ts';
import { requestIdOf } from '../observability/request-context.ts';
import { bindGatewayContext } from '../resolvers/context.ts';
import type { GatewayContext } from '../schema/types.ts';
import type { UpstreamApi } from '../upstream/api.ts';
import { authenticate, authorizationCount, repeatedHeader } from './bearer-auth.ts';

export interface CallerAuthOptions {
  /** Token lookup built from the keystore (or the demo principals). */
  directory: PrincipalDirectory;
  /** The upstream every request context is bound to. */
  upstream: UpstreamApi;
  /**
   * One deadline per GraphQL operation (UPSTREAM_DEADLINE_MS), started as its context is
   * built, for all its upstream calls; the client's disconnect (`request.signal`) aborts them.
   * The Deadline object itself is made at the first upstream call, ending when it would have.
   * @default none (each upstream call gets the client's own deadline)
   */
  deadlineMs?: number;
}

const principals = new WeakMap<Request, Principal | null>();

/** The caller of a request that passed `useCallerAuth` (for later plugins such as persisted operations). */
export function principalOf(request: Request): Principal | null {
  return principals.get(request) ?? null;
}

export function useCallerAuth({
  directory,
  upstream,
  deadlineMs,
}: CallerAuthOptions): Plugin<GatewayContext> {
  return {
    onRequestParse({ request, serverContext }) {
      const count = authorizationCount(serverContext);
      if (count > 1) throw repeatedHeader(count);
      principals.set(
        request,
        authenticate(directory, request.headers.get('authorization'), request),
      );
    },
    onContextBuilding({ context }) {
      const { request } = context;
      const principal = principals.has(request)
        ? principalOf(request)
        : authenticate(directory, request.headers.get('authorization'), request);
      // The clock starts now (the operation's start), whenever the first call needs it.
      const deadline =
        deadlineMs === undefined
          ? undefined
          : { budgetMs: deadlineMs, at: performance.now() + deadlineMs, source: request };
      bindGatewayContext(context, principal, upstream, deadline, requestIdOf(request));
    },
  };
}
