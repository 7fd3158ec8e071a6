/**
 * POST /v1/batch-order: 1 to 10 signed items, one result row per item in order; an item that
 * breaks a rule is a failed row while the others are placed; a malformed envelope or a bad
 * item signature fails the whole request with nothing placed.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { cid, type Fixture, startFixture } from './fixtures.ts';
import { fresh, read, resting } from './lifecycle.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

const batch = (c: SandboxClient, items: Record<string, unknown>[]) =>
  c.post('/v1/batch-order', { orders: items.map((item) => c.signed(item)) });

const countOrders = (c: SandboxClient) => f.sandbox.orders(c.account.accountId).length;

describe('POST /v1/batch-order', () => {
  it('places 10 items in order, one row each with the creation fields', async () => {
    const c = fresh(f);
    const items = Array.from({ length: 10 }, (_, i) => resting({ order_price: 2000 + i }));
    const r = await batch(c, items);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.rows).toHaveLength(10);
    r.body.data.rows.forEach((row: Record<string, unknown>, i: number) => {
      expect(row).toEqual({
        success: true,
        order_id: expect.any(Number),
        client_order_id: items[i]!.client_order_id,
        order_type: 'LIMIT',
        order_price: 2000 + i,
        order_quantity: 1,
        order_amount: null,
        error_message: 'none',
      });
    });
    const ids = r.body.data.rows.map((row: { order_id: number }) => row.order_id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await read(c, ids[9])).price).toBe(2009);
  });

  it('an item that breaks a rule or a risk check fails alone; the others are placed', async () => {
    // 100,000 USDC: 1,000 ETH (within base_max) needs more initial margin than that.
    const c = fresh(f, 100_000);
    const dup = cid('dup');
    const items = [
      resting({ client_order_id: dup }),
      resting({ order_price: -1 }),
      resting({ symbol: 'PERP_DOGE_USDC' }),
      resting({ client_order_id: dup, order_price: 2800 }),
      resting({ order_price: 2900.001 }),
      {
        symbol: 'PERP_ETH_USDC',
        order_type: 'MARKET',
        side: 'BUY',
        order_amount: 500,
        client_order_id: cid(),
      },
      resting({ level: 1 }),
      resting({ order_quantity: 1_000 }),
    ];
    const r = await batch(c, items);
    expect(r.status, r.text).toBe(200);
    const rows = r.body.data.rows;
    expect(rows.map((row: { success: boolean }) => row.success)).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(rows[1]).toEqual({
      success: false,
      order_id: null,
      client_order_id: items[1]!.client_order_id,
      order_type: 'LIMIT',
      order_price: -1,
      order_quantity: 1,
      order_amount: null,
      error_message: 'orders[1].order_price: must be greater than 0',
    });
    expect(rows[2].error_message).toMatch(/orders\[2\]\.symbol: unknown symbol/);
    expect(rows[3].error_message).toMatch(/orders\[3\]\.client_order_id: .* already used/);
    expect(rows[4].error_message).toMatch(/tick size/);
    expect(rows[5]).toMatchObject({ order_type: 'MARKET', order_amount: 500, order_price: null });
    expect(rows[6].error_message).toMatch(
      /orders\[6\]\.level: allowed only when order_type is BID or ASK/,
    );
    expect(rows[7].error_message).toMatch(/insufficient margin/);
    expect(countOrders(c)).toBe(2);
  });

  it('a malformed envelope fails the request and places nothing', async () => {
    const c = fresh(f);
    const eleven = Array.from({ length: 11 }, () => resting());
    const cases: [unknown, number, RegExp][] = [
      [{ orders: eleven.map((o) => c.signed(o)) }, -1005, /orders: must be an array of 1 to 10/],
      [{ orders: [] }, -1005, /orders: must be an array of 1 to 10/],
      [{ orders: c.signed(resting()) }, -1005, /orders: must be an array/],
      [{}, -1005, /orders: must be an array/],
      [{ orders: [c.signed(resting()), 'x'] }, -1005, /orders\[1\]: must be a JSON object/],
      [{ orders: [c.signed(resting())], extra: 1 }, -1004, /extra: unknown parameter/],
      [[c.signed(resting())], -1005, /body: must be a JSON object/],
    ];
    for (const [body, code, message] of cases) {
      const r = await c.post('/v1/batch-order', body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.code).toBe(code);
      expect(r.body.message).toMatch(message);
    }
    expect(countOrders(c)).toBe(0);
  });

  it('a bad item signature fails the whole request with 401 -1001 naming the item', async () => {
    const c = fresh(f);
    const good = c.signed(resting());
    const tampered = { ...c.signed(resting()), order_price: 2001 };
    const r = await c.post('/v1/batch-order', { orders: [good, tampered] });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1001);
    expect(r.body.message).toMatch(/orders\[1\]\.signature: order signature does not match/);
    const missing = await c.post('/v1/batch-order', { orders: [good, resting()] });
    expect(missing.body.message).toMatch(/orders\[1\]\.signature: the order signature is required/);
    expect(countOrders(c)).toBe(0);
  });

  it('accepts the batch vector items (vectors/signing.json → lifecycleSignatures.batch)', async () => {
    const vectors = JSON.parse(
      readFileSync(new URL('../../fixtures/signing.json', import.meta.url), 'utf8'),
    );
    const { items } = vectors.lifecycleSignatures.batch as {
      items: { params: Record<string, unknown>; orderSignature: string }[];
    };
    // The vector buys ETH at 1500: a sandbox of its own whose mark (2000) puts that price
    // within price_scope (a BUY at least mark × 0.6).
    const g = await startFixture();
    try {
      g.sandbox.setMidPrice('PERP_ETH_USDC', 2000);
      const account = {
        accountId: `0x${'cd'.repeat(32)}`,
        secret: vectors.requestSignature.secret,
      };
      g.sandbox.registerAccount({
        accountId: account.accountId,
        key: vectors.requestSignature.key,
        tradingKey: vectors.orderSignature.tradingKey,
        role: 'trader',
      });
      const c = new SandboxClient(
        g.sandbox.url,
        { ...account, tradingSecret: vectors.orderSignature.tradingSecret },
        () => g.clock.now,
      );
      const orders = items.map((item) => ({ ...item.params, signature: item.orderSignature }));
      const r = await c.post('/v1/batch-order', { orders });
      expect(r.status, r.text).toBe(200);
      // The LIMIT rests; the reduce-only MARKET sell has no long position to reduce.
      expect(r.body.data.rows.map((row: { success: boolean }) => row.success)).toEqual([
        true,
        true,
      ]);
      expect((await c.get('/v1/client/order/b-1')).body.data.status).toBe('NEW');
      expect((await c.get('/v1/client/order/b-2')).body.data.status).toBe('REJECTED');
    } finally {
      await g.sandbox.close();
    }
  });
});

describe('limits', () => {
  let g: Fixture | undefined;
  afterEach(async () => {
    await g?.sandbox.close();
    g = undefined;
  });

  it('1 batch per second; each item also spends one of POST /v1/order’s 10 per second', async () => {
    g = await startFixture({ limits: {} });
    const c = g.client;
    const two = () => [resting({ order_price: 2000 }), resting({ order_price: 2001 })];
    expect((await batch(c, two())).status).toBe(200);
    const second = await batch(c, two());
    expect(second.status).toBe(429);
    expect(second.body.message).toMatch(/POST \/v1\/batch-order allows 1 per 1 s/);
    expect(second.headers.get('retry-after')).toBe('1');
    // In the same second, 2 of 10 create-order hits are spent (the refused batch spent
    // nothing): 8 single orders fit, a ninth does not.
    for (let i = 0; i < 8; i++) expect((await c.order(resting())).status).toBe(200);
    expect((await c.order(resting())).status).toBe(429);
    g.clock.now += 1_000;
    // 9 single orders, then a batch of 2 items: over the create budget, nothing placed.
    for (let i = 0; i < 9; i++) expect((await c.order(resting())).status).toBe(200);
    const before = g.sandbox.orders(g.trader.accountId).length;
    const over = await batch(c, two());
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/POST \/v1\/order allows 10 per 1 s/);
    expect(g.sandbox.orders(g.trader.accountId)).toHaveLength(before);
    // The refused batch spent nothing: one item fits now.
    expect((await batch(c, [resting()])).status).toBe(200);
  });
});
