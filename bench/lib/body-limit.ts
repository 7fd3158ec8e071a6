/**
 * The body limit of the bench's yoga floors (scenarios 1, 2b and 2b′), from BENCH_BODY_LIMIT:
 * `gateway` (default) — the gateway's own setting, dist/'s `useRequestBodyLimit` at the
 * gateway's default MAX_BODY_BYTES with yoga's `maxRequestBodySize` off, so a floor does no
 * work the gateway skips; `yoga` — yoga's default (25 MB, every body re-streamed), as shipped.
 */
import type { Plugin } from 'graphql-yoga';
import { fromDist } from './dist.ts';

/** The gateway's MAX_BODY_BYTES default (src/config.ts). */
const MAX_BODY_BYTES = 100_000;

export async function floorBodyLimit(): Promise<Plugin | undefined> {
  const setting = process.env.BENCH_BODY_LIMIT ?? 'gateway';
  if (setting === 'yoga') return undefined;
  if (setting !== 'gateway') throw new Error(`BENCH_BODY_LIMIT: gateway or yoga, not ${setting}`);
  const { useRequestBodyLimit } = await fromDist<
    typeof import('../../src/plugins/use-request-body-limit.ts')
  >('plugins/use-request-body-limit');
  return useRequestBodyLimit(MAX_BODY_BYTES);
}
