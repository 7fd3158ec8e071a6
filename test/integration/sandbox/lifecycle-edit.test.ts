/**
 * PUT /v1/order: only price and quantity change; the order streams and reads REPLACED with
 * the new values until its next change or REPLACED_READ_MS of the sandbox clock, then carries
 * on (NEW / PARTIAL_FILLED); every rule at its edge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderChanged } from '../../../src/sandbox/index.ts';
import { REPLACED_READ_MS } from '../../../src/sandbox/records.ts';
import type { SandboxClient } from '../../helpers/sandbox-client.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { fresh, place, read, resting } from './lifecycle.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

/** The full edit body of a resting order (as placed), with overrides. */
function editOf(
  orderId: number | string,
  placed: Record<string, unknown>,
  over: Record<string, unknown> = {},
) {
  return {
    order_id: orderId,
    symbol: placed.symbol,
    side: placed.side,
    order_type: placed.order_type,
    order_price: placed.order_price,
    order_quantity: placed.order_quantity,
    ...over,
  };
}

const edit = (c: SandboxClient, body: Record<string, unknown>) =>
  c.put('/v1/order', c.signed(body));

describe('PUT /v1/order', () => {
  it('changes price and quantity: EDIT_SENT, REPLACED in the events and on a read, then NEW', async () => {
    const c = fresh(f);
    const o = resting();
    const id = await place(c, o);
    const events: OrderChanged[] = [];
    const off = f.sandbox.events.on('order', (e) => {
      if (e.order.order_id === id) events.push(e);
    });
    try {
      f.clock.now += 1_000;
      const r = await edit(c, editOf(String(id), o, { order_price: 2950.5, order_quantity: 2 }));
      expect(r.status, r.text).toBe(200);
      expect(r.body.data).toEqual({ status: 'EDIT_SENT' });
    } finally {
      off();
    }
    expect(events.map((e) => [e.kind, e.order.status, e.order.price, e.order.quantity])).toEqual([
      ['replaced', 'REPLACED', 2950.5, 2],
    ]);
    const edited = {
      order_id: id,
      price: 2950.5,
      quantity: 2,
      visible_quantity: 2,
      client_order_id: o.client_order_id,
      updated_time: f.clock.now,
    };
    expect(await read(c, id)).toMatchObject({ ...edited, status: 'REPLACED' });
    // Lists show it as they read it: not NEW yet, but still open (INCOMPLETE).
    const listed = async (status: string) =>
      ((await c.get(`/v1/orders?status=${status}`)).body.data.rows as { order_id: number }[]).map(
        (r) => r.order_id,
      );
    expect(await listed('NEW')).not.toContain(id);
    expect(await listed('INCOMPLETE')).toContain(id);
    f.clock.now += REPLACED_READ_MS - 1;
    expect((await read(c, id)).status).toBe('REPLACED');
    f.clock.now += 1;
    expect(await read(c, id)).toMatchObject({ ...edited, status: 'NEW' });
    expect(await listed('NEW')).toContain(id);
  });

  it("ends the REPLACED reading at the order's next change: a cancel, a fill of a crossing price", async () => {
    const c = fresh(f);
    const o = resting();
    const id = await place(c, o);
    expect((await edit(c, editOf(id, o, { order_price: 2901 }))).status).toBe(200);
    expect((await read(c, id)).status).toBe('REPLACED');
    const cancel = await c.cancel('/v1/order', { order_id: String(id), symbol: o.symbol });
    expect(cancel.status, cancel.text).toBe(200);
    expect((await read(c, id)).status).toBe('CANCELLED');
    const other = resting();
    const taker = await place(c, other);
    f.clock.now += 1_000;
    const crossing = await edit(c, editOf(taker, other, { order_price: 3_050 }));
    expect(crossing.status, crossing.text).toBe(200);
    expect(['PARTIAL_FILLED', 'FILLED']).toContain((await read(c, taker)).status);
  });

  it('order_id may be a number or a decimal string', async () => {
    const c = fresh(f);
    const o = resting();
    const id = await place(c, o);
    expect((await edit(c, editOf(id, o, { order_price: 2901 }))).status).toBe(200);
    expect((await edit(c, editOf(String(id), o, { order_price: 2902 }))).status).toBe(200);
    expect((await read(c, id)).price).toBe(2902);
    const bad = await edit(c, editOf(`${id}x`, o));
    expect(bad.body.code).toBe(-1005);
    expect(bad.body.message).toMatch(/order_id: must be an integer/);
  });

  it('a new price that crosses fills at once; a filled order is final (-1006)', async () => {
    const c = fresh(f);
    const o = resting({ order_quantity: 2 });
    const id = await place(c, o);
    const r = await edit(c, editOf(id, o, { order_price: 3000.1 }));
    expect(r.status).toBe(200);
    expect(await read(c, id)).toMatchObject({ status: 'FILLED', total_executed_quantity: 2 });
    const again = await edit(c, editOf(id, o, { order_price: 2900 }));
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(-1006);
  });

  it('only price and quantity can change: every other field must describe the order', async () => {
    const c = fresh(f);
    const o = resting({ visible_quantity: 0.5 });
    const id = await place(c, o);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ side: 'SELL' }, /side: cannot be changed after placement/],
      [{ order_type: 'POST_ONLY' }, /order_type: cannot be changed/],
      [{ client_order_id: 'other' }, /client_order_id: cannot be changed/],
      [{ reduce_only: true }, /reduce_only: cannot be changed/],
      [{ visible_quantity: 0.4 }, /visible_quantity: cannot be changed/],
    ];
    for (const [over, message] of cases) {
      const r = await edit(c, editOf(id, o, over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.code).toBe(-1005);
      expect(r.body.message).toMatch(message);
    }
    const same = await edit(
      c,
      editOf(id, o, {
        client_order_id: o.client_order_id,
        reduce_only: false,
        visible_quantity: 0.5,
        order_quantity: 3,
      }),
    );
    expect(same.status, same.text).toBe(200);
    expect(await read(c, id)).toMatchObject({ quantity: 3, visible_quantity: 0.5 });
  });

  it('fields outside the edit shape are -1004; required ones missing are -1005', async () => {
    const c = fresh(f);
    const o = resting();
    const id = await place(c, o);
    for (const extra of ['order_tag', 'margin_mode', 'level', 'order_amount', 'slippage']) {
      const r = await edit(c, editOf(id, o, { [extra]: 'x' }));
      expect(r.body.code, extra).toBe(-1004);
      expect(r.body.message).toMatch(new RegExp(`${extra}: unknown parameter`));
    }
    for (const field of [
      'order_id',
      'symbol',
      'side',
      'order_type',
      'order_price',
      'order_quantity',
    ]) {
      const r = await edit(c, editOf(id, o, { [field]: null }));
      expect(r.body.code, field).toBe(-1005);
      expect(r.body.message).toMatch(new RegExp(`${field}: is required`));
    }
  });

  it('price and quantity rules at their edges', async () => {
    // 100,000 USDC: 1,000 ETH (within base_max) needs more initial margin than that.
    const c = fresh(f, 100_000);
    const o = resting({ order_quantity: 2 });
    const id = await place(c, o);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ order_price: 0 }, -1005, /order_price: must be greater than 0/],
      [{ order_price: -1 }, -1005, /order_price: must be greater than 0/],
      [{ order_price: '2900' }, -1005, /order_price: must be a number/],
      [{ order_price: 2900.005 }, -1103, /tick size 0.01/],
      [{ order_quantity: 0 }, -1005, /order_quantity: must be greater than 0/],
      [{ order_quantity: 1.00001 }, -1104, /quantity step 0.0001/],
      [{ order_quantity: 0.003 }, -1102, /minimum notional/],
      [{ order_quantity: 1000 }, -1101, /insufficient margin/],
    ];
    for (const [over, code, message] of cases) {
      const r = await edit(c, editOf(id, o, over));
      expect(r.body.code, JSON.stringify(over)).toBe(code);
      expect(r.body.message).toMatch(message);
    }
    expect(await read(c, id)).toMatchObject({ price: 2900, quantity: 2, status: 'NEW' });
    // Edges that pass: one tick, one step, exactly the minimum notional (10 USDC).
    expect((await edit(c, editOf(id, o, { order_price: 2900.01 }))).status).toBe(200);
    expect(
      (await edit(c, editOf(id, o, { order_price: 2500, order_quantity: 0.004 }))).status,
    ).toBe(200);
  });

  it('quantity must exceed what already executed', async () => {
    const c = fresh(f);
    // Crosses ask0 (3000.1, 10) and ask1 (3000.2, 20) up to 3000.1: 10 fill, 5 rest.
    const o = resting({ order_price: 3000.1, order_quantity: 15 });
    const id = await place(c, o);
    expect(await read(c, id)).toMatchObject({
      status: 'PARTIAL_FILLED',
      total_executed_quantity: 10,
    });
    const r = await edit(c, editOf(id, o, { order_price: 2990, order_quantity: 10 }));
    expect(r.body.code).toBe(-1005);
    expect(r.body.message).toMatch(/order_quantity: must exceed the executed quantity/);
    const ok = await edit(c, editOf(id, o, { order_price: 2990, order_quantity: 10.5 }));
    expect(ok.status).toBe(200);
    const carriedOn = { quantity: 10.5, price: 2990, total_executed_quantity: 10 };
    expect(await read(c, id)).toMatchObject({ ...carriedOn, status: 'REPLACED' });
    f.clock.now += REPLACED_READ_MS;
    expect(await read(c, id)).toMatchObject({ ...carriedOn, status: 'PARTIAL_FILLED' });
  });

  it('another account’s order, an unknown id or another symbol: -1006', async () => {
    const c = fresh(f);
    const o = resting();
    const id = await place(c, o);
    const other = fresh(f);
    expect((await edit(other, editOf(id, o))).body.code).toBe(-1006);
    expect((await edit(c, editOf(999_999, o))).body.code).toBe(-1006);
    const btc = await edit(c, editOf(id, o, { symbol: 'PERP_BTC_USDC' }));
    expect(btc.body.code).toBe(-1006);
  });

  it('the order signature covers every field: a changed price after signing is 401 -1001', async () => {
    const c = fresh(f);
    const o = resting();
    const id = await place(c, o);
    const signed = c.signed(editOf(id, o, { order_price: 2950 }));
    const r = await c.put('/v1/order', { ...signed, order_price: 2951 });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1001);
    const unsigned = await c.put('/v1/order', editOf(id, o));
    expect(unsigned.body.message).toMatch(/signature: the order signature is required/);
    expect((await read(c, id)).price).toBe(2900);
  });
});
