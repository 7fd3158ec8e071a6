// @module-tag redis
/**
 * Market data is cached once for every caller: two callers (two accounts, or an account and
 * an anonymous caller) make one upstream call; concurrent ones are coalesced; two gateway
 * replicas on one Redis share the entry, under a key of the shared namespace; and the entry
 * lives for its TTL (rules long, prices short).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../../src/auth/principal.ts';
import { createRedisStore } from '../../../src/upstream/stores/redis.ts';
import type { Store } from '../../../src/upstream/stores/store.ts';
import { type GraphQLResult, type Harness, startHarness } from '../../helpers/graphql-harness.ts';
import { dropPrefix, REDIS_URL, rawRedis, uniquePrefix } from '../../helpers/redis.ts';
import {
  type Harness as ClientHarness,
  startHarness as startClientHarness,
} from '../upstream/harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON
type Any = any;

describe('one cache for every caller (GraphQL, one gateway)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const gql = (who: 'anonymous' | 'trader' | 'admin' | Principal, query: string) =>
    h.exec<Any>(who, query) as Promise<GraphQLResult<Any>>;

  it('serves markets to a second caller from the first one’s upstream calls', async () => {
    h.sandbox.resetRequestLog();
    const query = '{ markets { symbol markPrice estFundingRate } }';
    const first = await gql('trader', query);
    const second = await gql('anonymous', query);
    const third = await gql('admin', query);
    expect(first.errors).toBeUndefined();
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    for (const path of ['/v1/public/info', '/v1/public/futures', '/v1/public/funding_rates']) {
      expect(h.upstreamCalls({ path })).toBe(1);
    }
  });

  it('shares the signed book between accounts, and coalesces concurrent callers', async () => {
    h.advance(1_001);
    h.sandbox.resetRequestLog();
    const query = '{ orderBook(symbol: "PERP_BTC_USDC", depth: 5) { asks { price } timestamp } }';
    const answers = await Promise.all([
      gql('trader', query),
      gql('admin', query),
      gql('trader', query),
    ]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(h.upstreamCalls({ path: /^\/v1\/orderbook\// })).toBe(1);
    // depth 10 is in the same fetched step (20 levels): no second call.
    const deeper = await gql(
      'admin',
      '{ orderBook(symbol: "PERP_BTC_USDC", depth: 10) { asks { price } } }',
    );
    expect(deeper.data.orderBook.asks.slice(0, 5)).toEqual(answers[0].data.orderBook.asks);
    expect(h.upstreamCalls({ path: /^\/v1\/orderbook\// })).toBe(1);
  });

  it('keeps prices a second and rules for minutes', async () => {
    h.advance(1_001);
    h.sandbox.resetRequestLog();
    await gql('anonymous', '{ markets { symbol markPrice } }');
    expect(h.upstreamCalls({ path: '/v1/public/futures' })).toBe(1);
    expect(h.upstreamCalls({ path: '/v1/public/info' })).toBe(0);
    h.advance(999);
    await gql('anonymous', '{ markets { symbol markPrice } }');
    expect(h.upstreamCalls({ path: '/v1/public/futures' })).toBe(1);
    h.advance(2);
    await gql('anonymous', '{ markets { symbol markPrice } }');
    expect(h.upstreamCalls({ path: '/v1/public/futures' })).toBe(2);
    h.advance(300_000);
    h.sandbox.resetLimits();
    await gql('anonymous', '{ markets { symbol } }');
    expect(h.upstreamCalls({ path: '/v1/public/info' })).toBe(1);
  });
});

describe('one cache for every replica (Redis)', () => {
  let c: ClientHarness;
  const prefix = uniquePrefix('market-cache');
  const stores: Store[] = [];
  beforeAll(async () => {
    c = await startClientHarness();
  });
  afterAll(async () => {
    await c?.close();
    const redis = rawRedis();
    await dropPrefix(redis, prefix);
    redis.disconnect();
    await Promise.all(stores.map((s) => s.close()));
  });
  /** A gateway replica: its own client and connection, the shared prefix. */
  const replica = () => {
    const store = createRedisStore({ url: REDIS_URL, keyPrefix: prefix });
    stores.push(store);
    return c.client({ store });
  };

  it('a second replica reads the first one’s entry: one upstream call, a namespaced key with a TTL', async () => {
    const [one, two] = [replica(), replica()];
    const [alice, bob] = [c.account(), c.account()];
    const rules = await one.symbolInfos();
    expect(await two.symbolInfos()).toEqual(rules);
    expect(c.sandbox.requestCount({ path: '/v1/public/info' })).toBe(1);
    const book = await one.forAccount(alice).orderBook('PERP_ETH_USDC', 20);
    expect(await two.forAccount(bob).orderBook('PERP_ETH_USDC', 20)).toEqual(book);
    expect(c.sandbox.requestCount({ path: /^\/v1\/orderbook\// })).toBe(1);
    expect(two.events.map((e) => e.cache)).toEqual(['hit', 'hit']);

    const redis = rawRedis();
    try {
      const keys = await redis.keys(`${prefix}:*`);
      expect(keys.filter((k) => k.includes(':cache:')).sort()).toEqual([
        `${prefix}:{global}:cache:orderBook:s:PERP_ETH_USDC?max_level=20`,
        `${prefix}:{global}:cache:symbolRules:-`,
      ]);
      // The public read spent the gateway's global budget; the book, alice's account's.
      expect(keys).toContain(`${prefix}:{global}:rl:public_info`);
      expect(keys.filter((k) => /:\{a:[0-9a-f]{16}\}:rl:orderbook$/.test(k))).toHaveLength(1);
      const [bookTtl, rulesTtl] = await Promise.all([
        redis.pttl(`${prefix}:{global}:cache:orderBook:s:PERP_ETH_USDC?max_level=20`),
        redis.pttl(`${prefix}:{global}:cache:symbolRules:-`),
      ]);
      expect(bookTtl).toBeGreaterThan(0);
      expect(bookTtl).toBeLessThanOrEqual(1_000);
      expect(rulesTtl).toBeGreaterThan(1_000);
      expect(rulesTtl).toBeLessThanOrEqual(300_000);
    } finally {
      redis.disconnect();
    }
  });
});
