/**
 * GET /v1/orders: filters, the four sorts with ties by order id, offset paging that never
 * skips or repeats, meta; and GET /v1/order/{order_id}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxClient } from '../../helpers/sandbox-client.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { fresh, place, resting } from './lifecycle.ts';

let f: Fixture;
let c: SandboxClient;
/** Every order of `c`, by id: the reference the listings are checked against. */
const placed: { id: number; created: number; symbol: string; side: string; type: string }[] = [];
const ETH = 'PERP_ETH_USDC';

beforeAll(async () => {
  f = await startFixture();
  const code = await f.adminClient.post('/v1/referral/create', {
    account_id: f.other.accountId,
    referral_code: 'LISTTAG',
    max_rebate_rate: 0.5,
    referrer_rebate_rate: 0.1,
    referee_rebate_rate: 0.1,
  });
  expect(code.status).toBe(200);
  c = fresh(f);
  // 37 orders over 12 distinct times (several share a created time), mixed symbols and sides.
  for (let i = 0; i < 37; i++) {
    if (i % 3 === 0) f.clock.now += 1_000;
    const symbol = i % 4 === 0 ? 'PERP_SOL_USDC' : ETH;
    const side = i % 5 === 0 ? 'SELL' : 'BUY';
    const price =
      symbol === ETH ? (side === 'BUY' ? 2000 + i : 4000 + i) : side === 'BUY' ? 100 : 200;
    const type = i % 6 === 0 ? 'POST_ONLY' : 'LIMIT';
    const id = await place(
      c,
      resting({
        symbol,
        side,
        order_type: type,
        order_price: price,
        ...(i % 7 === 0 ? { order_tag: 'LISTTAG' } : {}),
      }),
    );
    placed.push({ id, created: f.clock.now, symbol, side, type });
  }
  // Cancel a few (updated later than created) and fill one.
  for (const o of placed.filter((_, i) => i % 8 === 1)) {
    f.clock.now += 10;
    await c.cancel('/v1/order', { order_id: String(o.id), symbol: o.symbol });
  }
  f.clock.now += 10;
  const filled = await place(c, resting({ order_price: 3050, order_quantity: 0.5 }));
  placed.push({ id: filled, created: f.clock.now, symbol: ETH, side: 'BUY', type: 'LIMIT' });
  // Another account's orders never show.
  await place(fresh(f), resting());
});
afterAll(() => f.sandbox.close());

async function list(query: Record<string, string | number>) {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const r = await c.get(`/v1/orders${q.size ? `?${q}` : ''}`);
  expect(r.status, r.text).toBe(200);
  return r.body.data as { meta: Record<string, number>; rows: Record<string, unknown>[] };
}

/** Every page of a listing, concatenated. */
async function walk(query: Record<string, string | number>, size: number) {
  const ids: number[] = [];
  const first = await list({ ...query, size, page: 1 });
  const pages = Math.ceil(first.meta.total! / size);
  for (let page = 1; page <= pages + 1; page++) {
    const data = page === 1 ? first : await list({ ...query, size, page });
    expect(data.meta).toEqual({
      total: first.meta.total,
      records_per_page: size,
      current_page: page,
    });
    if (page > pages) expect(data.rows).toEqual([]);
    ids.push(...data.rows.map((r) => r.order_id as number));
  }
  return { ids, total: first.meta.total! };
}

describe('GET /v1/orders', () => {
  it('defaults: newest created first, 25 per page, page 1', async () => {
    const data = await list({});
    expect(data.meta).toEqual({ total: placed.length, records_per_page: 25, current_page: 1 });
    expect(data.rows).toHaveLength(25);
    const expected = [...placed].sort((a, b) => b.created - a.created || b.id - a.id);
    expect(data.rows.map((r) => r.order_id)).toEqual(expected.slice(0, 25).map((o) => o.id));
    expect(data.rows[0]).toMatchObject({ symbol: ETH, status: 'FILLED', type: 'LIMIT' });
  });

  it.each(['CREATED_TIME_DESC', 'CREATED_TIME_ASC', 'UPDATED_TIME_DESC', 'UPDATED_TIME_ASC'])(
    '%s: pages of 1, 7 and 500 cover every order once, in order, ties by id',
    async (sort) => {
      const all = await list({ sort_by: sort, size: 500 });
      expect(all.rows).toHaveLength(placed.length);
      const key = sort.startsWith('UPDATED') ? 'updated_time' : 'created_time';
      const sign = sort.endsWith('ASC') ? 1 : -1;
      const sorted = [...all.rows].sort(
        (a, b) =>
          sign *
          ((a[key] as number) - (b[key] as number) ||
            (a.order_id as number) - (b.order_id as number)),
      );
      expect(all.rows.map((r) => r.order_id)).toEqual(sorted.map((r) => r.order_id));
      for (const size of [1, 7]) {
        const { ids, total } = await walk({ sort_by: sort }, size);
        expect(total).toBe(placed.length);
        expect(ids).toEqual(all.rows.map((r) => r.order_id));
        expect(new Set(ids).size).toBe(ids.length);
      }
    },
  );

  it('filters combine: symbol, side, order_type, order_tag', async () => {
    const want = (p: (o: (typeof placed)[number]) => boolean) =>
      placed
        .filter(p)
        .map((o) => o.id)
        .sort((a, b) => a - b);
    const got = async (q: Record<string, string>) =>
      (await list({ ...q, size: 500, sort_by: 'CREATED_TIME_ASC' })).rows.map((r) => r.order_id);
    expect(await got({ symbol: 'PERP_SOL_USDC' })).toEqual(
      want((o) => o.symbol === 'PERP_SOL_USDC'),
    );
    expect(await got({ side: 'SELL', symbol: ETH })).toEqual(
      want((o) => o.side === 'SELL' && o.symbol === ETH),
    );
    expect(await got({ order_type: 'POST_ONLY' })).toEqual(want((o) => o.type === 'POST_ONLY'));
    const tagged = await list({ order_tag: 'LISTTAG', size: 500 });
    expect(tagged.meta.total).toBe(Math.ceil(37 / 7));
    expect(tagged.rows.every((r) => r.order_tag === 'LISTTAG')).toBe(true);
    expect((await list({ symbol: 'PERP_BTC_USDC' })).meta.total).toBe(0);
  });

  it('status: single values, INCOMPLETE (NEW + PARTIAL_FILLED), COMPLETED (CANCELLED + FILLED)', async () => {
    const all = (await list({ size: 500 })).rows;
    const count = (statuses: string[]) =>
      all.filter((r) => statuses.includes(r.status as string)).length;
    for (const status of ['NEW', 'CANCELLED', 'FILLED', 'REJECTED', 'PARTIAL_FILLED']) {
      const data = await list({ status, size: 500 });
      expect(data.meta.total, status).toBe(count([status]));
      expect(data.rows.every((r) => r.status === status)).toBe(true);
    }
    expect(count(['CANCELLED'])).toBeGreaterThan(0);
    expect((await list({ status: 'INCOMPLETE' })).meta.total).toBe(
      count(['NEW', 'PARTIAL_FILLED']),
    );
    expect((await list({ status: 'COMPLETED' })).meta.total).toBe(count(['CANCELLED', 'FILLED']));
  });

  it('start_t and end_t bound created_time, both inclusive', async () => {
    const times = [...new Set(placed.map((o) => o.created))].sort((a, b) => a - b);
    const [from, to] = [times[2]!, times[5]!];
    const data = await list({ start_t: from, end_t: to, size: 500 });
    const expected = placed.filter((o) => o.created >= from && o.created <= to);
    expect(data.meta.total).toBe(expected.length);
    expect(
      data.rows.every(
        (r) => (r.created_time as number) >= from && (r.created_time as number) <= to,
      ),
    ).toBe(true);
    expect((await list({ start_t: to, end_t: to })).meta.total).toBe(
      placed.filter((o) => o.created === to).length,
    );
    expect((await list({ start_t: times.at(-1)! + 1 })).meta.total).toBe(0);
  });

  it('bad values are -1005 naming the field; unknown names -1004', async () => {
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ size: '0' }, -1005, /size: must be at least 1/],
      [{ size: '501' }, -1005, /size: must be at most 500/],
      [{ size: '2.5' }, -1005, /size: must be an integer/],
      [{ page: '0' }, -1005, /page: must be at least 1/],
      [{ page: 'x' }, -1005, /page: must be an integer/],
      [{ sort_by: 'PRICE' }, -1005, /sort_by: must be one of CREATED_TIME_DESC/],
      [{ status: 'OPEN' }, -1005, /status: must be one of NEW, PARTIAL_FILLED/],
      [{ status: 'REPLACED' }, -1005, /status: must be one of/],
      [{ side: 'buy' }, -1005, /side: must be one of BUY, SELL/],
      [{ order_type: 'STOP' }, -1005, /order_type: must be one of/],
      [{ symbol: 'ETH' }, -1005, /symbol: must have the form/],
      [{ order_tag: 'x'.repeat(37) }, -1005, /order_tag: must be at most 36/],
      [{ start_t: '-1' }, -1005, /start_t: must be at least 0/],
      [{ start_t: '2000', end_t: '1000' }, -1005, /start_t: must not be after end_t/],
      [{ limit: '5' }, -1004, /limit: unknown parameter/],
    ];
    for (const [query, code, message] of cases) {
      const r = await c.get(`/v1/orders?${new URLSearchParams(query)}`);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.code).toBe(code);
      expect(r.body.message).toMatch(message);
    }
    expect((await list({ size: 500 })).rows).toHaveLength(placed.length);
    expect((await list({ size: 1 })).rows).toHaveLength(1);
  });
});

describe('GET /v1/order/{order_id}', () => {
  it('reads one order by exchange id; another account’s or unknown is -1006; bad id -1005', async () => {
    const id = placed[3]!.id;
    const r = await c.get(`/v1/order/${id}`);
    expect(r.body.data).toMatchObject({ order_id: id, symbol: placed[3]!.symbol });
    expect((await f.otherClient.get(`/v1/order/${id}`)).body.code).toBe(-1006);
    expect((await c.get('/v1/order/999999')).body.code).toBe(-1006);
    for (const bad of ['abc', '0', '1.5', '-3']) {
      const r2 = await c.get(`/v1/order/${bad}`);
      expect(r2.body.code, bad).toBe(-1005);
      expect(r2.body.message).toMatch(/order_id: must be a positive integer/);
    }
  });
});
