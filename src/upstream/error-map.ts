/**
 * Upstream error codes → error kinds, read from the contract's code table
 * (`contract/errors.ts`), not a chain of ifs. Codes the table does not know fall back to the
 * HTTP status.
 */
import { DUPLICATE, NOT_FOUND, RETRY_LATER, UPSTREAM_ERRORS } from '../contract/errors.ts';
import type { UpstreamErrorKind } from './errors.ts';

export type Mapped =
  | { kind: Exclude<UpstreamErrorKind, 'unavailable' | 'malformed'> }
  | { kind: 'unavailable'; reason: 'server_error' | 'retry_later' };

const rejected: Mapped = { kind: 'rejected' };
const unauthorized: Mapped = { kind: 'unauthorized' };
const rateLimited: Mapped = { kind: 'rate_limited' };

/** A known code maps by the status it travels with, except -1011: a 400 meaning "retry later". */
export const UPSTREAM_CODES: ReadonlyMap<number, Mapped & { meaning: string }> = new Map(
  Object.entries(UPSTREAM_ERRORS).map(([text, { status, meaning }]) => {
    const code = Number(text);
    const kind: Mapped =
      code === RETRY_LATER ? { kind: 'unavailable', reason: 'retry_later' } : mapStatus(status);
    return [code, { ...kind, meaning }];
  }),
);

export const NOT_FOUND_CODE = NOT_FOUND;
export const DUPLICATE_CODE = DUPLICATE;

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
