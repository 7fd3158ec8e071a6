/**
 * Key names whose values the logs never show. Keys are matched whole (case, `-` and `_`
 * ignored) against a list of names and a few suffixes, so `maxTokens`, `tokenCount`,
 * `signatureValid` or `privateMode` stay readable; `*Hash` keys are never blanked by name.
 */

/** Key names (lowercase, without `-`/`_`) whose values are never logged. */
const SECRET_NAMES = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'bearertoken',
  'authtoken',
  'apitoken',
  'sessiontoken',
  'demotoken',
  'apikey',
  'xapikey',
  'seed',
  'mnemonic',
  'credential',
]);
/** Suffixes of key names whose values are never logged (`tradingSecret`, `svc-signature`). */
const SECRET_SUFFIXES = [
  'secret',
  'secrets',
  'password',
  'passphrase',
  'privatekey',
  'secretkey',
  'signature',
  'credentials',
];

function keyIsSecret(key: string): boolean {
  const name = key.toLowerCase().replace(/[-_]/g, '');
  if (name.endsWith('hash')) return false;
  return SECRET_NAMES.has(name) || SECRET_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

const secretKeys = new Map<string, boolean>();
/** Memoized `keyIsSecret` (log lines reuse a small set of keys). */
export function isSecretKey(key: string): boolean {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = keyIsSecret(key);
    if (secretKeys.size < 1_000) secretKeys.set(key, secret);
  }
  return secret;
}

/** Keys whose text is not scanned for shapes (a base58 sha256 is as long as a seed). */
export function isHashKey(key: string): boolean {
  return key.length > 4 && key.slice(-4).toLowerCase() === 'hash';
}
