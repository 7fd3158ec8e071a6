/**
 * The sandbox's own copy of the order-signature normalization (keys sorted by code point,
 * nulls dropped, `True`/`False`, numbers as Python's `'%.10g'`). Written apart from the
 * gateway's `src/auth/format-g10.ts` on purpose, and by another method: if the sandbox
 * verified with the gateway's normalizer, a bug there would sign and verify alike and every
 * integration test would pass. Both are pinned by test/fixtures/signing-corpus.json, which
 * Python generated. python-g10.ts formats the numbers.
 */

import { pythonG10 } from './python-g10.ts';

const utf8 = new TextEncoder();

/** Python sorts str by code point; UTF-8 byte order is code point order. */
function byCodePoint(a: string, b: string): number {
  return Buffer.compare(utf8.encode(a), utf8.encode(b));
}

function text(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return pythonG10(value);
  return String(value);
}

/** The normalized string the order signature covers. */
export function normalizeForSignature(params: Record<string, unknown>): string {
  return Object.keys(params)
    .sort(byCodePoint)
    .filter((key) => params[key] !== null && params[key] !== undefined)
    .map((key) => `${key}=${text(params[key])}`)
    .join('&');
}
