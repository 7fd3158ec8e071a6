/**
 * What the logs never show: values under secret key names, and secret shapes in any text.
 *
 * Keys are matched whole (case, `-` and `_` ignored) against a list of names and a few
 * suffixes, so `maxTokens`, `tokenCount`, `signatureValid` or `privateMode` stay readable;
 * `*Hash` keys (persisted-operation and tx hashes) are never blanked by name or shape.
 * Text is scanned for shapes that only secrets have: `Bearer …`/`Basic …` credentials,
 * `svcgw_…` gateway tokens, base58 runs as long as an ed25519 secret (32 or 64 bytes), and
 * literals registered at start (every configured secret and token). A bare 64-hex value is
 * NOT a secret shape (hashes look the same): trading secrets are caught as registered
 * literals, or by the key they sit under (`tradingSecret`).
 */
import { isHashKey, isSecretKey } from './secret-keys.ts';

export const REDACTED = '[REDACTED]';

const BASE58 = '1-9A-HJ-NP-Za-km-z';
const SECRET_TEXT: Array<[RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`],
  [/\bsvcgw_[A-Za-z0-9_-]+/g, REDACTED],
  // ed25519 secrets: base58 of a 32-byte seed (43–44 characters) or of seed‖public key
  // (86–88), with or without `ed25519:`. A 32-byte public key has the seed's shape and is
  // blanked too: harmless, and no shape tells them apart.
  [
    new RegExp(
      `(?<![0-9A-Za-z])(?:ed25519:)?(?:[${BASE58}]{86,88}|[${BASE58}]{43,44})(?![0-9A-Za-z])`,
      'g',
    ),
    REDACTED,
  ],
];

/** True whenever a SECRET_TEXT pattern could match (a cheap superset). */
const AUTH_SCHEME = /bearer|basic/i;
const BASE58_RUN = new RegExp(`[${BASE58}]{43}`);
export function maybeSecretText(text: string): boolean {
  return (
    AUTH_SCHEME.test(text) ||
    text.includes('svcgw_') ||
    (text.length >= 43 && BASE58_RUN.test(text))
  );
}

/** `text` without registered literals and secret shapes. */
export function redactText(text: string, secrets: Iterable<string> = [], shapes = true): string {
  let out = text;
  // `includes` first: most text holds no secret, and split/join allocates for every one.
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  if (!shapes || !maybeSecretText(out)) return out;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
}

/** Deep copy of `value` with secret keys and secret-looking text replaced. */
export function redact(
  value: unknown,
  secrets: Iterable<string> = [],
  depth = 0,
  shapes = true,
): unknown {
  if (typeof value === 'string') return redactText(value, secrets, shapes);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[…]';
  if (value instanceof Error) {
    const code = (value as { extensions?: { code?: unknown } }).extensions?.code;
    return redact(
      { name: value.name, message: value.message, code, stack: value.stack },
      secrets,
      depth + 1,
    );
  }
  if (Array.isArray(value)) {
    return value.slice(0, 50).map((v) => redact(v, secrets, depth + 1, shapes));
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      v != null && isSecretKey(key) ? REDACTED : redact(v, secrets, depth + 1, !isHashKey(key));
  }
  return out;
}
