/**
 * The benchmark's traders (`BENCH_TRADERS`, set by the bench for its gateway children) as
 * the gateway's keystore: one trader principal per token.
 */
import type { Keystore } from '../../src/auth/principals.ts';
import { requireEnv } from './child.ts';

/** `hashToken`: the gateway's own (from dist/ in the bench's children). */
export function benchKeystore(hashToken: (token: string) => string): Keystore {
  const traders = JSON.parse(requireEnv('BENCH_TRADERS')) as Array<{
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
