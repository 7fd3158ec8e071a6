/**
 * Store key layout. Every key of one account carries the same Redis Cluster hash tag, built
 * from a hash of the account id (ids never appear in keys in clear):
 *
 *   {a:<sha256(accountId)[0..16]>}:cache:<group>        hash, field = variant (query, id)
 *   {a:<…>}:rl:<limit key>                              sliding-window log (sorted set)
 *   {a:<…>}:rl:<limit key>:block                        upstream 429 block marker
 *   {global}:rl:<limit key>                             budgets per gateway IP (public calls)
 *   {a:<…>}:live:log | :live:writers | :live:seen:<id>  the account's event log (stream/log/)
 *
 * The store adds its namespace (`REDIS_KEY_PREFIX`, default `svc`) in front of each key.
 */
import { createHash } from 'node:crypto';

export type Scope = { kind: 'account'; accountId: string } | { kind: 'global' };

const tags = new Map<string, string>();

/** `{a:…}` for an account (memoised: computed once per account id), `{global}` otherwise. */
export function hashTag(scope: Scope): string {
  if (scope.kind === 'global') return '{global}';
  let tag = tags.get(scope.accountId);
  if (!tag) {
    const digest = createHash('sha256').update(scope.accountId).digest('hex').slice(0, 16);
    tag = `{a:${digest}}`;
    if (tags.size > 10_000) tags.clear();
    tags.set(scope.accountId, tag);
  }
  return tag;
}

export const cacheKey = (scope: Scope, group: string): string => `${hashTag(scope)}:cache:${group}`;

export const limitKey = (scope: Scope, name: string): string => `${hashTag(scope)}:rl:${name}`;
