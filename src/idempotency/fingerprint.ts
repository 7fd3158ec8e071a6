/**
 * Fingerprints: what makes two requests "the same" for a key.
 *
 * - An order: the sha256 of its normalized order string (the text the order signature signs,
 *   without the signature), so numbers written differently (1000 and 1e3) are the same order.
 * - An algo order: the sha256 of its body's canonical JSON (the tree has nested objects).
 * - Any other mutation: the sha256 of the printed operation, its name and its variables with
 *   object keys sorted.
 */
import crypto, { createHash } from 'node:crypto';
import { normalizeOrderParams } from '../auth/order-signature.ts';
import type { CreateOrderParams } from '../contract/wire.ts';

/** One-shot `crypto.hash` where node has it (≥ 20.12): no Hash object per fingerprint. */
const sha256: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => createHash('sha256').update(text).digest('hex');

/** Order parameters as the signer sees them (the normalized text drops null and undefined). */
export function orderFingerprint(params: CreateOrderParams): string {
  return sha256(normalizeOrderParams(params as unknown as Record<string, unknown>));
}

/** A body with nested objects (an algo order's tree): its canonical JSON, so key order and
 * number spelling (1000 and 1e3) do not matter. */
export function bodyFingerprint(body: object): string {
  return sha256(canonicalJson(body));
}

/** JSON with object keys sorted at every level (variables in any key order are equal). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function operationFingerprint(
  document: string,
  operationName: string | null | undefined,
  variables: unknown,
): string {
  return sha256(canonicalJson({ document, operationName: operationName ?? null, variables }));
}

/** A key or principal label as it appears in store keys: hashed, never in clear. */
export const keyDigest = (text: string): string => sha256(text).slice(0, 32);
