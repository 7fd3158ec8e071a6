/**
 * Upstream error codes → error kinds: a table (`reference/upstream-facts.md`), not a chain
 * of ifs. Codes the table does not know fall back to the HTTP status.
 */
import type { UpstreamErrorKind } from './errors.ts';

export type Mapped =
  | { kind: Exclude<UpstreamErrorKind, 'unavailable' | 'malformed'> }
  | { kind: 'unavailable'; reason: 'server_error' | 'retry_later' };

const rejected: Mapped = { kind: 'rejected' };
const unauthorized: Mapped = { kind: 'unauthorized' };
const rateLimited: Mapped = { kind: 'rate_limited' };

export const UPSTREAM_CODES: ReadonlyMap<number, Mapped & { meaning: string }> = new Map([
  [-1000, { kind: 'unavailable', reason: 'server_error', meaning: 'unknown error' }],
  [-1001, { ...unauthorized, meaning: 'invalid signature / key format' }],
  [-1002, { ...unauthorized, meaning: 'invalid, insufficient, expired or revoked key' }],
  [-1003, { ...rateLimited, meaning: 'too many requests' }],
  [-1004, { ...rejected, meaning: 'unknown parameter' }],
  [-1005, { ...rejected, meaning: 'invalid parameter' }],
  [-1006, { ...rejected, meaning: 'resource not found' }],
  [-1007, { ...rejected, meaning: 'duplicate request' }],
  [-1008, { ...rejected, meaning: 'quantity too high' }],
  [-1009, { ...rejected, meaning: 'cannot withdraw' }],
  [-1011, { kind: 'unavailable', reason: 'retry_later', meaning: 'internal network error' }],
  [-1012, { ...rejected, meaning: 'rejected by an internal module' }],
  [-1101, { ...rejected, meaning: 'risk too high / insufficient margin' }],
  [-1102, { ...rejected, meaning: 'order value below minimum notional' }],
  [-1103, { ...rejected, meaning: 'price outside the allowed range or off the tick' }],
  [-1104, { ...rejected, meaning: 'quantity outside the allowed range or off the step' }],
  [-1105, { ...rejected, meaning: 'price too far from the mid price' }],
]);

export const NOT_FOUND_CODE = -1006;
export const DUPLICATE_CODE = -1007;

/** Mapping by HTTP status, for codes the table does not know and bodies without one. */
export function mapStatus(status: number): Mapped {
  if (status === 401 || status === 403) return unauthorized;
  if (status === 429) return rateLimited;
  if (status >= 500) return { kind: 'unavailable', reason: 'server_error' };
  return rejected;
}

export function mapCode(code: number | undefined, status: number): Mapped {
  const known = code === undefined ? undefined : UPSTREAM_CODES.get(code);
  if (!known) return mapStatus(status);
  const { meaning: _meaning, ...mapped } = known;
  return mapped;
}

/** `-1005`, `"-1011"` → number; anything else → undefined. */
export function parseCode(code: unknown): number | undefined {
  if (typeof code === 'number' && Number.isInteger(code)) return code;
  if (typeof code === 'string' && /^\s*-?\d+\s*$/.test(code)) return Number(code);
  return undefined;
}
