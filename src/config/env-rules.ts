/**
 * What the environment's variables must satisfy together (each variable's own rule is its
 * zod type in config.ts), and which upstream they name.
 */
import type { RefinementCtx } from 'zod';

/** The variables the rules read. */
export interface RuledEnv {
  CONN_HEADERS_TIMEOUT_MS: number;
  CONN_REQUEST_TIMEOUT_MS: number;
  UPSTREAM_RETRY_BASE_MS: number;
  UPSTREAM_RETRY_CAP_MS: number;
  CALLER_POINTS: number;
  CALLER_ANON_POINTS: number;
  SVC_NETWORK?: 'mainnet' | 'testnet' | undefined;
  SVC_BASE_URL?: string | undefined;
  SVC_TESTNET_BASE_URL?: string | undefined;
  SVC_EMBEDDED_SANDBOX: 'auto' | 'off';
}

/** [variable the problem is reported on, when it is broken, what the rule is] */
const RULES: [keyof RuledEnv, (env: RuledEnv) => boolean, string][] = [
  [
    'CONN_HEADERS_TIMEOUT_MS',
    (env) => env.CONN_HEADERS_TIMEOUT_MS > env.CONN_REQUEST_TIMEOUT_MS,
    'must be at most CONN_REQUEST_TIMEOUT_MS (the headers are part of the request)',
  ],
  [
    'UPSTREAM_RETRY_CAP_MS',
    (env) => env.UPSTREAM_RETRY_CAP_MS < env.UPSTREAM_RETRY_BASE_MS,
    'must be at least UPSTREAM_RETRY_BASE_MS',
  ],
  [
    'CALLER_ANON_POINTS',
    (env) => env.CALLER_ANON_POINTS >= env.CALLER_POINTS,
    'must be lower than CALLER_POINTS (anonymous callers get less)',
  ],
  [
    'SVC_BASE_URL',
    (env) => env.SVC_NETWORK === 'mainnet' && !env.SVC_BASE_URL,
    'required when SVC_NETWORK=mainnet',
  ],
  [
    'SVC_TESTNET_BASE_URL',
    (env) => env.SVC_NETWORK === 'testnet' && !env.SVC_TESTNET_BASE_URL,
    'required when SVC_NETWORK=testnet',
  ],
  [
    'SVC_EMBEDDED_SANDBOX',
    // (SVC_NETWORK without its URL is reported on that URL.)
    (env) =>
      env.SVC_EMBEDDED_SANDBOX === 'off' &&
      !env.SVC_NETWORK &&
      resolveNetwork(env).baseUrl === undefined,
    'is off, so an upstream is required: set SVC_BASE_URL (or SVC_NETWORK with its URL)',
  ],
];

/** Reports every broken rule on the variable it names (zod's `superRefine`). */
export function crossFieldRules<E extends RuledEnv>(env: E, ctx: RefinementCtx<E>): void {
  for (const [path, broken, message] of RULES) {
    if (broken(env)) ctx.addIssue({ code: 'custom', path: [path], message });
  }
}

/** Which upstream: `baseUrl` undefined means "start the embedded sandbox and use its URL". */
export function resolveNetwork(env: RuledEnv): {
  baseUrl: string | undefined;
  network: 'mainnet' | 'testnet' | 'sandbox';
} {
  if (env.SVC_NETWORK === 'testnet')
    return { baseUrl: env.SVC_TESTNET_BASE_URL, network: 'testnet' };
  if (env.SVC_NETWORK === 'mainnet' || env.SVC_BASE_URL) {
    return { baseUrl: env.SVC_BASE_URL, network: 'mainnet' };
  }
  if (env.SVC_TESTNET_BASE_URL) return { baseUrl: env.SVC_TESTNET_BASE_URL, network: 'testnet' };
  return { baseUrl: undefined, network: 'sandbox' };
}
