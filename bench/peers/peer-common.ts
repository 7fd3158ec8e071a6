/**
 * What every peer shares, so that they differ only in the framework under test: the traders
 * (bearer token → this project's `RequestSigner`, as the gateway's keystore maps them), the
 * access log (one JSON line per request through pino, the logger Fastify ships, written
 * asynchronously in 4 KiB batches as pino recommends for throughput: the gateway batches its
 * own lines too), the package versions they report, and the upstream check.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { RequestSigner } from '../../src/auth/request-signature.ts';
import type { AccountInfo, Envelope } from '../../src/contract/wire.ts';
import { requireEnv } from '../lib/child.ts';

/** Bearer token → signer, and account id → signer (for a fetch that signs on a cache miss). */
export function peerKeystore(): {
  byToken: Map<string, RequestSigner>;
  byAccount: Map<string, RequestSigner>;
} {
  const traders = JSON.parse(requireEnv('BENCH_TRADERS')) as Array<{
    token: string;
    accountId: string;
    secret: string;
  }>;
  const byToken = new Map<string, RequestSigner>();
  const byAccount = new Map<string, RequestSigner>();
  for (const { token, accountId, secret } of traders) {
    const signer = new RequestSigner({ accountId, secret });
    byToken.set(token, signer);
    byAccount.set(accountId, signer);
  }
  return { byToken, byAccount };
}

/** The signer of an `Authorization: Bearer …` header, if the token is known. */
export function signerOf(
  keystore: Map<string, RequestSigner>,
  authorization: string | null | undefined,
): RequestSigner | undefined {
  return authorization?.startsWith('Bearer ') ? keystore.get(authorization.slice(7)) : undefined;
}

/**
 * Seconds a peer caches the upstream's account information (BENCH_PEER_CACHE_TTL_S), or
 * undefined: no cache.
 */
export function cacheTtlS(): number | undefined {
  const ttl = Number(process.env.BENCH_PEER_CACHE_TTL_S ?? '');
  return Number.isFinite(ttl) && ttl > 0 ? ttl : undefined;
}

/** The access log every peer writes: pino at info, asynchronous 4 KiB batches to stdout. */
export function accessLogger() {
  return pino({ level: 'info' }, pino.destination({ dest: 1, sync: false, minLength: 4096 }));
}

export const LOGGING = 'one JSON line per request (pino, async, 4 KiB batches) to stdout';

/** `name@version` of an installed package (for the run's description of each peer). */
export function versionOf(name: string): string {
  const file = fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url));
  try {
    return `${name}@${(JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version}`;
  } catch {
    return `${name}@?`;
  }
}

/** The upstream's account information from its envelope, or an error naming what failed. */
export function accountOf(status: number, envelope: Envelope<AccountInfo>): AccountInfo {
  if (status !== 200 || !envelope.success || !envelope.data) {
    throw new Error(`upstream error: HTTP ${status}`);
  }
  return envelope.data;
}
