// @module-tag redis
/**
 * Cache isolation between accounts, on Redis: one account's cached reads are never served to
 * another, even for the same client_order_id, concurrently, or through the shared store.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashTag } from '../../../src/upstream/keys.ts';
import { REDIS_URL } from '../server/harness.ts';
import {
  allCodes,
  findLeaks,
  type Reply,
  type SecurityStack,
  secretForms,
  secretPieces,
  startSecurityStack,
} from './harness.ts';

let s: SecurityStack;
beforeAll(async () => {
  s = await startSecurityStack('cache', { env: { CACHE_TTL_ACCOUNT_MS: '60000' } });
});
afterAll(() => s?.close());
beforeEach(() => s.sandbox.resetRequestLog());

const calls = (caller: 'trader' | 'otherTrader', path: string | RegExp) =>
  s.sandbox.requestCount({ path, accountId: s.accountOf(caller) });

describe('cache isolation', () => {
  it("account info: each account reads its own, never the other's cached copy", async () => {
    const a1 = await s.gql('trader', '{ account { id } }');
    const b1 = await s.gql('otherTrader', '{ account { id } }');
    const a2 = await s.gql('trader', '{ account { id } }');
    expect(a1.body?.data).toEqual({ account: { id: s.accountOf('trader') } });
    expect(b1.body?.data).toEqual({ account: { id: s.accountOf('otherTrader') } });
    expect(a2.body?.data).toEqual(a1.body?.data);
    expect(calls('trader', '/v1/client/info')).toBe(1); // the second read was a hit
    expect(calls('otherTrader', '/v1/client/info')).toBe(1); // not a hit on A's entry
  });

  it('concurrent reads of both accounts each get their own answer', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.gql(i % 2 ? 'trader' : 'otherTrader', '{ account { id } }'),
      ),
    );
    replies.forEach((reply, i) => {
      const caller = i % 2 ? 'trader' : 'otherTrader';
      expect(reply.body?.data).toEqual({ account: { id: s.accountOf(caller) } });
    });
  });

  it('the same client_order_id in two accounts: two orders, two cache entries', async () => {
    const place = (caller: 'trader' | 'otherTrader', side: 'BUY' | 'SELL') =>
      s.gql(
        caller,
        `mutation { placeOrder(input: {symbol: "PERP_BTC_USDC", orderType: MARKET, side: ${side},
           orderQuantity: 0.001, clientOrderId: "iso-1"}) {
           __typename ... on PlaceOrderSuccess { order { orderId side } } } }`,
      );
    const placed = (reply: Reply) =>
      (reply.body?.data?.placeOrder as { order: { orderId: unknown } } | undefined)?.order;
    const read = (caller: 'trader' | 'otherTrader') =>
      s.gql(caller, '{ order(clientOrderId: "iso-1") { orderId side } }');

    // A places and reads (cached); B, who has no such order, is not served A's entry.
    const a = await place('trader', 'BUY');
    const aOrder = placed(a);
    expect((await read('trader')).body?.data).toEqual({ order: aOrder });
    const before = calls('otherTrader', '/v1/client/order/iso-1');
    const missing = await read('otherTrader');
    expect(missing.body?.data).toEqual({ order: null });
    expect(allCodes(missing.body)).toEqual(['NOT_FOUND']);
    expect(calls('otherTrader', '/v1/client/order/iso-1')).toBe(before + 1);

    // B places its own with the same id: each reads its own order.
    const b = await place('otherTrader', 'SELL');
    const bOrder = placed(b);
    expect(bOrder).toMatchObject({ side: 'SELL' });
    expect(bOrder?.orderId).not.toEqual(aOrder?.orderId);
    expect((await read('otherTrader')).body?.data).toEqual({ order: bOrder });
    expect((await read('trader')).body?.data).toEqual({ order: aOrder });
  });

  it("in Redis, every cache key carries exactly one account hash tag, and A's entries hold only A's data", async () => {
    const tag = (caller: 'trader' | 'otherTrader') =>
      hashTag({ kind: 'account', accountId: s.accountOf(caller) as string });
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      expect(s.gw.gateway.store.kind).toBe('redis');
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(
          cursor,
          'MATCH',
          `${s.prefix}:*:cache:*`,
          'COUNT',
          1000,
        );
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0');
      expect(keys.length).toBeGreaterThanOrEqual(4);
      for (const key of keys) {
        const owners = (['trader', 'otherTrader'] as const).filter((c) => key.includes(tag(c)));
        if (key.startsWith(`${s.prefix}:{global}:cache:`)) {
          // Market data, shared by every caller (docs/market-data.md): no account in it at all.
          expect(owners, key).toEqual([]);
          const text = (await redis.get(key)) ?? '';
          for (const c of ['trader', 'otherTrader'] as const) {
            expect(text).not.toContain(s.accountOf(c));
          }
          continue;
        }
        expect(owners, key).toHaveLength(1);
        const other = owners[0] === 'trader' ? 'otherTrader' : 'trader';
        const values = Object.values(await redis.hgetall(key)).join('\n');
        expect(values).not.toContain(s.accountOf(other));
      }
    } finally {
      redis.disconnect();
    }
  });
});

describe('secret scan', () => {
  it('finds a planted piece of a secret in any encoding (the scanner works)', () => {
    const pieces = secretPieces(secretForms(s.callers.trader));
    const { secret, tradingSecret } = s.callers.trader.entry;
    const token = s.callers.trader.token;
    expect(findLeaks([`x ${token.slice(10, 30)} y`], pieces)).toHaveLength(1);
    expect(findLeaks([`"k":"${secret.slice(20, 37)}"`], pieces)).toHaveLength(1);
    expect(findLeaks([tradingSecret.toUpperCase().slice(5, 25)], pieces)).toHaveLength(1);
    expect(
      findLeaks([`${Buffer.from(tradingSecret, 'hex').toString('base64')}`], pieces),
    ).toHaveLength(1);
    expect(findLeaks([token.slice(10, 25), 'nothing secret here at all'], pieces)).toEqual([]);
  });

  it('leaks no secret, token or key in any log line, response, error or metric of this file', async () => {
    expect(await s.leaks()).toEqual([]);
  });
});
