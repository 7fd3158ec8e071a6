/**
 * The benchmark's traders (`BENCH_TRADERS`, or the file `BENCH_TRADERS_FILE` names, set by
 * the bench for its gateway children) as the gateway's keystore: one trader principal per
 * token.
 */
import { readFileSync } from 'node:fs';
import type { Keystore } from '../../src/auth/principals.ts';
import { requireEnv } from './child.ts';

/** `hashToken`: the gateway's own (from dist/ in the bench's children). */
export function benchKeystore(hashToken: (token: string) => string): Keystore {
  // BENCH_TRADERS_FILE: hundreds of traders do not fit one environment variable (128 KiB).
  const file = process.env.BENCH_TRADERS_FILE;
  const text = file ? readFileSync(file, 'utf8') : requireEnv('BENCH_TRADERS');
  const traders = JSON.parse(text) as Array<{
    token: string;
    accountId: string;
    secret: string;
    tradingSecret: string;
  }>;
  return {
    principals: traders.map((trader, i) => ({
      label: `bench-trader-${i}`,
      tokenSha256: hashToken(trader.token),
      accountId: trader.accountId,
      secret: trader.secret,
      tradingSecret: trader.tradingSecret,
      role: 'trader' as const,
    })),
  };
}
