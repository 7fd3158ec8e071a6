/**
 * Bearer tokens → keystore → principals. The keystore (`SVC_KEYSTORE`) binds the SHA-256 of
 * each caller token to one upstream account's keys and a role:
 *
 *   {"principals": [{"label": "alice", "tokenSha256": "<64 hex>", "accountId": "0x…",
 *     "secret": "ed25519:…", "tradingSecret": "<64 hex>", "role": "trader"}]}
 *
 * `secret` and `tradingSecret` may be `env:NAME` (read from the given environment). Tokens
 * are never stored, only their digests; lookups compare digests in constant time.
 */
import crypto, { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { KeyFormatError, parseEd25519Secret, parseTradingSecret } from './keys.ts';
import type { Principal, Role } from './principal.ts';

export const ROLES = ['trader', 'broker_admin'] as const satisfies readonly Role[];
const TOKEN_PREFIX = 'svcgw_';
const ENV_REF = /^env:([A-Za-z_][A-Za-z0-9_]*)$/;

const entrySchema = z.object({
  label: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/, 'letters, digits and . _ @ - (at most 64)'),
  tokenSha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
    .transform((v) => v.toLowerCase()),
  accountId: z.string().trim().min(1).max(200),
  secret: z.string().min(1),
  tradingSecret: z.string().min(1),
  role: z.enum(ROLES),
  /** May send raw query text when persisted operations are required. */
  developer: z.boolean().default(false),
});
const keystoreSchema = z.object({ principals: z.array(entrySchema) });

/** One keystore entry as written in the file (secrets may still be `env:NAME`). */
export type KeystoreEntry = z.input<typeof entrySchema>;
export interface Keystore {
  principals: KeystoreEntry[];
}

export class KeystoreError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid keystore:\n  ${problems.join('\n  ')}`);
    this.name = 'KeystoreError';
  }
}

/** Validates keystore JSON; messages name fields, never values. */
export function parseKeystore(json: unknown): z.output<typeof keystoreSchema> {
  const parsed = keystoreSchema.safeParse(json);
  if (!parsed.success) {
    throw new KeystoreError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(keystore)'}: ${i.message}`),
    );
  }
  const problems: string[] = [];
  const labels = new Set<string>();
  const digests = new Set<string>();
  parsed.data.principals.forEach((entry, i) => {
    if (labels.has(entry.label)) problems.push(`principals.${i}.label: duplicate "${entry.label}"`);
    if (digests.has(entry.tokenSha256)) problems.push(`principals.${i}.tokenSha256: duplicate`);
    labels.add(entry.label);
    digests.add(entry.tokenSha256);
  });
  if (problems.length > 0) throw new KeystoreError(problems);
  return parsed.data;
}

export async function readKeystoreFile(path: string): Promise<Keystore> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new KeystoreError([`${path}: cannot read (${code})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeystoreError([`${path}: not valid JSON`]);
  }
  return parseKeystore(json);
}

/** `crypto.hash` where node has it (≥ 20.12: one-shot, no Hash object, ~3× cheaper). */
const oneShot = typeof crypto.hash === 'function';

export function hashToken(token: string): string {
  return oneShot
    ? crypto.hash('sha256', token, 'hex')
    : createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new caller token: `svcgw_` + `bytes` (32 unless said) random bytes, base64url. */
export function generateToken(bytes = 32): string {
  return `${TOKEN_PREFIX}${randomBytes(bytes).toString('base64url')}`;
}

function resolveSecret(
  value: string,
  where: string,
  parse: (text: string) => unknown,
  env: Record<string, string | undefined>,
  problems: string[],
): string {
  const ref = ENV_REF.exec(value);
  const resolved = ref?.[1] ? env[ref[1]]?.trim() : value;
  if (!resolved) {
    problems.push(`${where}: environment variable ${ref?.[1]} is not set`);
    return '';
  }
  try {
    parse(resolved);
  } catch (error) {
    // KeyFormatError messages never contain the key text.
    problems.push(`${where}: ${error instanceof KeyFormatError ? error.message : 'invalid'}`);
  }
  return resolved;
}

export interface KeystorePrincipal {
  principal: Principal;
  tokenSha256: string;
}

/** Resolves `env:NAME` secrets and checks every key; throws `KeystoreError` naming each problem. */
export function resolveKeystore(
  keystore: Keystore,
  env: Record<string, string | undefined>,
): KeystorePrincipal[] {
  const parsed = parseKeystore(keystore);
  const problems: string[] = [];
  const out = parsed.principals.map((entry, i) => ({
    tokenSha256: entry.tokenSha256,
    principal: {
      label: entry.label,
      role: entry.role,
      developer: entry.developer,
      credentials: {
        accountId: entry.accountId,
        secret: resolveSecret(
          entry.secret,
          `principals.${i}.secret`,
          parseEd25519Secret,
          env,
          problems,
        ),
        tradingSecret: resolveSecret(
          entry.tradingSecret,
          `principals.${i}.tradingSecret`,
          parseTradingSecret,
          env,
          problems,
        ),
      },
    },
  }));
  if (problems.length > 0) throw new KeystoreError(problems);
  return out;
}

/**
 * Looks callers up by token: the SHA-256 of the token finds the one candidate entry (a Map
 * keyed by digest: O(1) however many principals), which is then compared in constant time.
 * What the lookup's timing could reveal is at most something about the digest of the token
 * sent, never about a stored digest's preimage.
 */
export class PrincipalDirectory {
  private readonly entries: Array<{ digest: Buffer; principal: Principal }>;
  private readonly byDigest: Map<string, { digest: Buffer; principal: Principal }>;

  constructor(entries: readonly KeystorePrincipal[]) {
    this.entries = entries.map((e) => ({
      digest: Buffer.from(e.tokenSha256, 'hex'),
      principal: e.principal,
    }));
    this.byDigest = new Map();
    for (const entry of this.entries) {
      const hex = entry.digest.toString('hex');
      if (!this.byDigest.has(hex)) this.byDigest.set(hex, entry); // the first one wins
    }
  }

  get principals(): Principal[] {
    return this.entries.map((e) => e.principal);
  }

  authenticate(token: string): Principal | null {
    return this.lookup(token)?.principal ?? null;
  }

  /** The caller and the token's SHA-256 (hex), which keys its limits: hashed once per request. */
  lookup(token: string): { principal: Principal; tokenSha256: string } | null {
    const hex = hashToken(token);
    const entry = this.byDigest.get(hex);
    return entry && timingSafeEqual(entry.digest, Buffer.from(hex, 'hex'))
      ? { principal: entry.principal, tokenSha256: hex }
      : null;
  }
}
