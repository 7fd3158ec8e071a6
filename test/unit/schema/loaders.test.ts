import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../src/contract/wire.ts';
import { createLoaders, queryKey } from '../../../src/resolvers/loaders.ts';
import type { AccountApi } from '../../../src/upstream/api.ts';
import { UpstreamRejectedError } from '../../../src/upstream/errors.ts';

/** An AccountApi that records calls and lets the test release them. */
function fakeAccount() {
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const api = {
    accountId: '0xacc',
    async accountInfo() {
      calls.push('info');
      return { account_id: '0xacc' };
    },
    async orderByClientOrderId(id: string) {
      calls.push(`order:${id}`);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      if (id === 'gone') throw new UpstreamRejectedError('orderByClientOrderId', -1006, 'no', 400);
      return { client_order_id: id } as OrderRecord;
    },
    async referralAdminInfo(query: object) {
      calls.push(`admin:${JSON.stringify(query)}`);
      return { rows: [], meta: { records_per_page: 25, current_page: 1, total: 0 } };
    },
  } as unknown as AccountApi;
  return { api, calls, maxInFlight: () => maxInFlight };
}

describe('createLoaders', () => {
  it('reads each distinct order once, all in parallel; a failed id fails alone', async () => {
    const { api, calls, maxInFlight } = fakeAccount();
    const loaders = createLoaders(api);
    const ids = ['a', 'b', 'a', 'gone', 'b'];
    const results = await Promise.allSettled(ids.map((id) => loaders.order.load(id)));
    expect(calls.sort()).toEqual(['order:a', 'order:b', 'order:gone']);
    expect(maxInFlight()).toBe(3);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((results[3] as PromiseRejectedResult).reason).toBeInstanceOf(UpstreamRejectedError);
  });

  it('reads account info once per request, however many fields ask', async () => {
    const { api, calls } = fakeAccount();
    const loaders = createLoaders(api);
    await Promise.all([1, 2, 3].map(() => loaders.accountInfo.load(api.accountId)));
    await loaders.accountInfo.load(api.accountId);
    expect(calls).toEqual(['info']);
  });

  it('deduplicates equal queries whatever their key order; distinct queries are separate', async () => {
    const { api, calls } = fakeAccount();
    const loaders = createLoaders(api);
    await Promise.all([
      loaders.referralAdminInfo.load({ page: 1, size: 10 }),
      loaders.referralAdminInfo.load({ size: 10, page: 1 }),
      loaders.referralAdminInfo.load({ page: 2, size: 10 }),
    ]);
    expect(calls).toHaveLength(2);
    expect(queryKey({ b: 1, a: undefined, c: null })).toBe(queryKey({ b: 1 }));
  });

  it('anonymous loaders reject with UNAUTHENTICATED and call nothing', async () => {
    const loaders = createLoaders(null);
    await expect(loaders.order.load('a')).rejects.toMatchObject({
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('each request gets fresh loaders (no cross-request cache)', async () => {
    const { api, calls } = fakeAccount();
    await createLoaders(api).order.load('a');
    await createLoaders(api).order.load('a');
    expect(calls).toEqual(['order:a', 'order:a']);
  });
});
