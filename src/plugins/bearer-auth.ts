/**
 * The Authorization header of a request: exactly one, `Bearer <token>` with a token the
 * directory knows (else UNAUTHENTICATED, HTTP 401), and the digest of the token accepted.
 */
import type { IncomingMessage } from 'node:http';
import { createGraphQLError } from 'graphql-yoga';
import type { Principal } from '../auth/principal.ts';
import type { PrincipalDirectory } from '../auth/principals.ts';

const BEARER = /^Bearer +([\x21-\x7e]{1,512})$/i;
function unauthenticated() {
  return createGraphQLError('Missing, malformed or unknown bearer token.', {
    extensions: {
      code: 'UNAUTHENTICATED',
      http: { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } },
    },
  });
}

export function repeatedHeader(count: number) {
  return createGraphQLError(`Send exactly one Authorization header (this request has ${count}).`, {
    extensions: {
      code: 'UNAUTHENTICATED',
      rule: 'oneAuthorizationHeader',
      http: { status: 401, headers: { 'WWW-Authenticate': 'Bearer error="invalid_request"' } },
    },
  });
}

/** Authorization headers of the node request behind `serverContext` (0 when none is known). */
export function authorizationCount(serverContext: unknown): number {
  const req = (serverContext as { req?: Pick<IncomingMessage, 'headersDistinct'> } | undefined)
    ?.req;
  return req?.headersDistinct?.authorization?.length ?? 0;
}

/** Token digests of the requests `useCallerAuth` authenticated (caller limits key by them). */
const tokenDigests = new WeakMap<Request, string>();
/** Principals already found for a request: the request budget and caller auth both ask. */
const accepted = new WeakMap<Request, Principal>();

/** `null` for no header; throws UNAUTHENTICATED for a bad one. */
export function authenticate(
  directory: PrincipalDirectory,
  header: string | null,
  request?: Request,
): Principal | null {
  if (header === null || header.trim() === '') return null;
  const known = request && accepted.get(request);
  if (known) return known;
  const token = BEARER.exec(header.trim())?.[1];
  const found = token ? directory.lookup(token) : null;
  if (!found) throw unauthenticated();
  if (request) {
    tokenDigests.set(request, found.tokenSha256);
    accepted.set(request, found.principal);
  }
  return found.principal;
}

/** SHA-256 (hex) of the bearer token `useCallerAuth` accepted for this request, if any. */
export function tokenDigestOf(request: Request): string | undefined {
  return tokenDigests.get(request);
}
