/**
 * The bearer token of a graphql-ws connection, from its `connection_init` payload
 * (`connectionParams`). HTTP header names are case-insensitive and clients copy them as they
 * are (`Authorization`), so the key is too; a spelling that silently made the caller
 * anonymous would hide a misconfigured client behind public data.
 */

/** `connectionParams` holding the token in two spellings with different values. */
export class ConflictingAuthorization extends Error {
  constructor(keys: string[]) {
    super(`connectionParams: ${keys.join(', ')} hold different values; send one authorization`);
    this.name = 'ConflictingAuthorization';
  }
}

/**
 * The `authorization` entry of `params`, whatever its case; null when there is none (or it
 * is null). Throws `ConflictingAuthorization` for two spellings with different values, and
 * `TypeError` for a value that is not text: both refuse the connection, like a bad token.
 */
export function authorizationOf(params: Record<string, unknown> | undefined): string | null {
  if (!params || typeof params !== 'object') return null;
  const keys = Object.keys(params).filter((key) => key.toLowerCase() === 'authorization');
  const values = new Set(keys.map((key) => params[key]).filter((value) => value != null));
  if (values.size > 1) throw new ConflictingAuthorization(keys);
  const [value] = values;
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new TypeError('connectionParams.authorization: not text');
  return value;
}
