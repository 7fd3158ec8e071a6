import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Gateway } from '../../src/server.ts';

/** The sandbox's limits and the gateway's mirrored budget, raised alike for the benchmarks. */
export const BENCH_LIMIT_SCALE = '1000000';

/** This checkout: the tree the bench tools measure unless told another. */
const HERE = fileURLToPath(new URL('../..', import.meta.url));

export interface TreeGatewayOptions {
  /** A source tree with node_modules (an A/B tool's other side). @default this checkout */
  root?: string;
  sandboxUrl: string;
  trader: Record<string, string>;
  /** The bearer token the trader's principal answers to. */
  token: string;
  /** The principal's keystore label. */
  label: string;
  /** @default true */
  cacheEnabled?: boolean;
}

/**
 * The gateway of the tree at `root` (its own modules; node_modules shared), configured like
 * bench/servers/gateway.ts against the bench's sandbox, with one principal: `trader` behind
 * `token`, caller limits out of the way. The in-process bench tools and A/B runs build it here,
 * so two trees loaded side by side get the same configuration.
 */
export async function treeGateway(options: TreeGatewayOptions): Promise<Gateway> {
  const root = resolve(options.root ?? HERE);
  const { hashToken } = (await import(
    `${root}/src/auth/principals.ts`
  )) as typeof import('../../src/auth/principals.ts');
  const { loadConfig } = (await import(
    `${root}/src/config.ts`
  )) as typeof import('../../src/config.ts');
  const { createGateway } = (await import(
    `${root}/src/server.ts`
  )) as typeof import('../../src/server.ts');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    SVC_BASE_URL: options.sandboxUrl,
    CACHE_ENABLED: String(options.cacheEnabled ?? true),
    UPSTREAM_LIMIT_SCALE: BENCH_LIMIT_SCALE,
    CALLER_POINTS: String(1e12),
    CALLER_ANON_POINTS: String(1e12 - 1),
  });
  const { trader } = options;
  return createGateway({
    config,
    keystore: {
      principals: [
        {
          label: options.label,
          tokenSha256: hashToken(options.token),
          accountId: trader.accountId!,
          secret: trader.secret!,
          tradingSecret: trader.tradingSecret!,
          role: 'trader',
        },
      ],
    },
  });
}
