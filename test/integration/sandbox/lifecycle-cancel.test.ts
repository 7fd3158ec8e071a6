/**
 * DELETE /v1/order, /v1/client/order, /v1/orders, /v1/batch-order, /v1/client/batch-order:
 * order-signed over the query, acknowledgements, -1006 on final orders, the id-list rules and
 * the known answers of vectors/signing.json → lifecycleSignatures.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../src/sandbox/index.ts';
import { makeAccount, reply, SandboxClient } from '../../helpers/sandbox-client.ts';
import { cid, type Fixture, startFixture } from './fixtures.ts';
import { fresh, place, read, resting } from './lifecycle.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

const ETH = 'PERP_ETH_USDC';

describe('DELETE /v1/order', () => {
  it('acknowledges CANCEL_SENT; the order reads CANCELLED; again is 400 -1006', async () => {
    const c = fresh(f);
    const id = await place(c, resting());
    const r = await c.cancel('/v1/order', { order_id: String(id), symbol: ETH });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      timestamp: f.clock.now,
      data: { status: 'CANCEL_SENT' },
    });
    expect((await read(c, id)).status).toBe('CANCELLED');
    const again = await c.cancel('/v1/order', { order_id: String(id), symbol: ETH });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, code: -1006 });
    expect(again.body.message).toMatch(/already CANCELLED/);
  });

  it('a filled order is final: 400 -1006', async () => {
    const c = fresh(f);
    const id = await place(c, resting({ order_price: 3050 }));
    expect((await read(c, id)).status).toBe('FILLED');
    const r = await c.cancel('/v1/order', { order_id: String(id), symbol: ETH });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(-1006);
    expect(r.body.message).toMatch(/already FILLED/);
  });

  it('unknown id, another account’s order or another symbol: 400 -1006', async () => {
    const c = fresh(f);
    const id = await place(c, resting());
    const other = fresh(f);
    for (const [client, params] of [
      [c, { order_id: '999999', symbol: ETH }],
      [other, { order_id: String(id), symbol: ETH }],
      [c, { order_id: String(id), symbol: 'PERP_BTC_USDC' }],
    ] as const) {
      const r = await client.cancel('/v1/order', params);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(-1006);
    }
    expect((await read(c, id)).status).toBe('NEW');
  });

  it('validates the query: -1005 for bad values, -1004 for unknown names', async () => {
    const c = fresh(f);
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ order_id: 'abc', symbol: ETH }, -1005, /order_id: must be an integer/],
      [{ order_id: '0', symbol: ETH }, -1005, /order_id: must be greater than 0/],
      [{ order_id: '1.5', symbol: ETH }, -1005, /order_id: must be an integer/],
      [{ symbol: ETH }, -1005, /order_id: is required/],
      [{ order_id: '1' }, -1005, /symbol: is required/],
      [{ order_id: '1', symbol: 'ETH' }, -1005, /symbol: must have the form/],
      [{ order_id: '1', symbol: 'PERP_DOGE_USDC' }, -1005, /symbol: unknown symbol/],
      [{ order_id: '1', symbol: ETH, side: 'BUY' }, -1004, /side: unknown parameter/],
    ];
    for (const [params, code, message] of cases) {
      const r = await c.cancel('/v1/order', params);
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.code).toBe(code);
      expect(r.body.message).toMatch(message);
    }
  });

  it('the order signature covers the query: missing, wrong or foreign signatures are 401', async () => {
    const c = fresh(f);
    const id = await place(c, resting());
    const params = { order_id: String(id), symbol: ETH };
    const unsigned = await c.request('DELETE', `/v1/order?order_id=${id}&symbol=${ETH}`);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body).toMatchObject({ code: -1001 });
    expect(unsigned.body.message).toMatch(/signature: the order signature is required/);
    // Signed over another order id, sent with this one.
    const wrong = c.orderSigner.sign({ order_id: String(id + 1), symbol: ETH });
    const swapped = await c.request('DELETE', `/v1/order?${c.cancelQuery(params, wrong)}`);
    expect(swapped.status).toBe(401);
    expect(swapped.body.message).toMatch(/order signature does not match/);
    const malformed = await c.request('DELETE', `/v1/order?${c.cancelQuery(params, 'abc')}`);
    expect(malformed.body).toMatchObject({ code: -1001 });
    // Another account's trading key: not bound to this account.
    const stranger = makeAccount();
    const foreign = new SandboxClient(f.sandbox.url, {
      ...c.account,
      tradingSecret: stranger.tradingSecret,
    });
    const r = await foreign.cancel('/v1/order', params);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1002);
    // Without svc-trading-key.
    const noKey = await c.cancel('/v1/order', params, { omit: ['svc-trading-key'] });
    expect(noKey.body).toMatchObject({ code: -1001 });
    expect((await read(c, id)).status).toBe('NEW');
  });

  it('the request signature covers the query: a query changed after signing is 401 -1001', async () => {
    const c = fresh(f);
    const id = await place(c, resting());
    const query = c.cancelQuery({ order_id: String(id), symbol: ETH });
    const headers = c.signer.headers({
      method: 'DELETE',
      path: `/v1/order?${query}`,
      body: '',
      timestamp: f.clock.now,
      tradingKey: c.orderSigner.tradingKey,
    });
    const res = await fetch(`${f.sandbox.url}/v1/order?${query}&x=1`, {
      method: 'DELETE',
      headers,
    });
    const r = await reply(res);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1001);
    expect(r.body.message).toMatch(/svc-signature does not match/);
  });
});

describe('DELETE /v1/client/order', () => {
  it('cancels by client_order_id; unknown id, wrong symbol or a final order: -1006', async () => {
    const c = fresh(f);
    const o = resting();
    const id = await place(c, o);
    const wrongSymbol = await c.cancel('/v1/client/order', {
      client_order_id: o.client_order_id,
      symbol: 'PERP_BTC_USDC',
    });
    expect(wrongSymbol.body.code).toBe(-1006);
    const r = await c.cancel('/v1/client/order', {
      client_order_id: o.client_order_id,
      symbol: ETH,
    });
    expect(r.body.data).toEqual({ status: 'CANCEL_SENT' });
    expect((await read(c, id)).status).toBe('CANCELLED');
    const again = await c.cancel('/v1/client/order', {
      client_order_id: o.client_order_id,
      symbol: ETH,
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(-1006);
    const unknown = await c.cancel('/v1/client/order', { client_order_id: 'nope', symbol: ETH });
    expect(unknown.body.code).toBe(-1006);
    const extra = await c.cancel('/v1/client/order', {
      client_order_id: 'x',
      symbol: ETH,
      order_id: '1',
    });
    expect(extra.body.code).toBe(-1004);
  });
});

describe('DELETE /v1/orders', () => {
  it('without a symbol cancels every open order of the account, and only its own', async () => {
    const c = fresh(f);
    const other = fresh(f);
    const ids = [
      await place(c, resting()),
      await place(c, resting({ symbol: 'PERP_SOL_USDC', order_price: 140 })),
    ];
    const filled = await place(c, resting({ order_price: 3050 }));
    const theirs = await place(other, resting());
    const r = await c.cancel('/v1/orders', {});
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ status: 'CANCEL_ALL_SENT' });
    for (const id of ids) expect((await read(c, id)).status).toBe('CANCELLED');
    expect((await read(c, filled)).status).toBe('FILLED');
    expect((await read(other, theirs)).status).toBe('NEW');
  });

  it('with a symbol cancels only that symbol; nothing open is still an acknowledgement', async () => {
    const c = fresh(f);
    const eth = await place(c, resting());
    const sol = await place(c, resting({ symbol: 'PERP_SOL_USDC', order_price: 140 }));
    expect((await c.cancel('/v1/orders', { symbol: ETH })).body.data.status).toBe(
      'CANCEL_ALL_SENT',
    );
    expect((await read(c, eth)).status).toBe('CANCELLED');
    expect((await read(c, sol)).status).toBe('NEW');
    expect((await c.cancel('/v1/orders', { symbol: ETH })).status).toBe(200);
    const bad = await c.cancel('/v1/orders', { symbol: 'PERP_eth' });
    expect(bad.body.code).toBe(-1005);
  });
});

describe('DELETE /v1/batch-order and /v1/client/batch-order', () => {
  it('cancels the listed open orders and skips final, unknown and foreign ones', async () => {
    const c = fresh(f);
    const other = fresh(f);
    const open = [await place(c, resting()), await place(c, resting({ order_price: 2800 }))];
    const keep = await place(c, resting({ order_price: 2700 }));
    const filled = await place(c, resting({ order_price: 3050 }));
    const theirs = await place(other, resting());
    const ids = [...open, filled, theirs, 999_999].join(',');
    const r = await c.cancel('/v1/batch-order', { order_ids: ids });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ status: 'CANCEL_ALL_SENT' });
    for (const id of open) expect((await read(c, id)).status).toBe('CANCELLED');
    expect((await read(c, keep)).status).toBe('NEW');
    expect((await read(c, filled)).status).toBe('FILLED');
    expect((await read(other, theirs)).status).toBe('NEW');
  });

  it('none open: 400 -1006', async () => {
    const c = fresh(f);
    const id = await place(c, resting());
    await c.cancel('/v1/order', { order_id: String(id), symbol: ETH });
    const r = await c.cancel('/v1/batch-order', { order_ids: `${id},999999` });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(-1006);
    expect(r.body.message).toMatch(/order_ids: none of the orders is open/);
  });

  it('10 ids are accepted, 11 are not; empty, malformed and repeated ids are -1005', async () => {
    const c = fresh(f);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await place(c, resting({ order_price: 2000 + i })));
    const eleven = await c.cancel('/v1/batch-order', { order_ids: [...ids, 1].join(',') });
    expect(eleven.status).toBe(400);
    expect(eleven.body.message).toMatch(/order_ids: at most 10 ids/);
    const cases: [string, RegExp][] = [
      ['', /order_ids: must not be empty/],
      [`${ids[0]},,${ids[1]}`, /order_ids\[1\]: must be a positive integer/],
      [`${ids[0]},x`, /order_ids\[1\]: must be a positive integer/],
      [`${ids[0]},0`, /order_ids\[1\]: must be a positive integer/],
      [`${ids[0]},${ids[0]}`, /order_ids: an id is given more than once/],
    ];
    for (const [text, message] of cases) {
      const r = await c.cancel('/v1/batch-order', { order_ids: text });
      expect(r.body.code, text).toBe(-1005);
      expect(r.body.message).toMatch(message);
    }
    const missing = await c.cancel('/v1/batch-order', {});
    expect(missing.body.message).toMatch(/order_ids: is required/);
    const ten = await c.cancel('/v1/batch-order', { order_ids: ids.join(',') });
    expect(ten.body.data).toEqual({ status: 'CANCEL_ALL_SENT' });
    for (const id of ids) expect((await read(c, id)).status).toBe('CANCELLED');
  });

  it('by client ids, with the same rules; the signature covers order_ids', async () => {
    const c = fresh(f);
    const a = resting();
    const b = resting({ order_price: 2800 });
    const ids = [await place(c, a), await place(c, b)];
    const forged = c.orderSigner.sign({ client_order_ids: a.client_order_id });
    const tampered = await c.request(
      'DELETE',
      `/v1/client/batch-order?${c.cancelQuery({ client_order_ids: `${a.client_order_id},${b.client_order_id}` }, forged)}`,
    );
    expect(tampered.status).toBe(401);
    const r = await c.cancel('/v1/client/batch-order', {
      client_order_ids: `${a.client_order_id},${b.client_order_id},${cid('none')}`,
    });
    expect(r.body.data).toEqual({ status: 'CANCEL_ALL_SENT' });
    for (const id of ids) expect((await read(c, id)).status).toBe('CANCELLED');
    const none = await c.cancel('/v1/client/batch-order', { client_order_ids: a.client_order_id });
    expect(none.body.code).toBe(-1006);
    const eleven = Array.from({ length: 11 }, (_, i) => `c${i}`).join(',');
    const tooMany = await c.cancel('/v1/client/batch-order', { client_order_ids: eleven });
    expect(tooMany.body.message).toMatch(/client_order_ids: at most 10 ids/);
  });
});

interface CancelVector {
  path: string;
  params: Record<string, string | number>;
  orderSignature: string;
  requestPath: string;
  timestamp: number;
  requestSignature: string;
}

describe('known answers (vectors/signing.json → lifecycleSignatures)', () => {
  const vectors = JSON.parse(
    readFileSync(new URL('../../fixtures/signing.json', import.meta.url), 'utf8'),
  );
  const life = vectors.lifecycleSignatures;
  const { secret, key } = vectors.requestSignature;
  const { tradingSecret, tradingKey } = vectors.orderSignature;

  it('the sandbox accepts the edit, cancel and batch-cancel vectors byte for byte', async () => {
    const timestamp: number = life.cancel[0].timestamp;
    const sandbox = await createSandbox({
      seed: { brokerId: 'demo', accounts: [] },
      clock: () => timestamp,
      limits: false,
    });
    try {
      const accountId = `0x${'ab'.repeat(32)}`;
      sandbox.registerAccount({ accountId, key, tradingKey, role: 'trader' });
      const c = new SandboxClient(
        sandbox.url,
        { accountId, secret, tradingSecret },
        () => timestamp,
      );
      // The vectors buy ETH at 1500: a mark of 2000 puts that within price_scope (≥ mark × 0.6).
      sandbox.setMidPrice(ETH, 2000);
      // Orders 1–12: fillers; 13–15 in ETH without client ids; 16 the vector's BTC client id.
      for (let i = 1; i <= 12; i++) {
        await place(c, resting({ client_order_id: `filler-${i}`, order_price: 1900 }));
      }
      const eth = {
        symbol: ETH,
        order_type: 'LIMIT',
        side: 'BUY',
        order_price: 1500,
        order_quantity: 0.5,
      };
      expect(await place(c, eth)).toBe(13);
      expect(await place(c, eth)).toBe(14);
      expect(await place(c, eth)).toBe(15);
      const btc = { ...eth, symbol: 'PERP_BTC_USDC', order_price: 50_000, order_quantity: 0.001 };
      expect(await place(c, { ...btc, client_order_id: 'my-order-7' })).toBe(16);

      const { params, orderSignature } = life.edit;
      expect(c.orderSigner.sign(params)).toBe(orderSignature);
      const body = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== null));
      const edited = await c.put('/v1/order', { ...body, signature: orderSignature });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body.data).toEqual({ status: 'EDIT_SENT' });
      // Read at once: REPLACED with the new values (it carries on as NEW later).
      expect(await read(c, 13)).toMatchObject({
        price: 1499.5,
        quantity: 0.25,
        status: 'REPLACED',
      });

      const send = async (v: CancelVector) => {
        expect(c.cancelQuery(v.params as Record<string, string>)).toBe(v.requestPath.split('?')[1]);
        const res = await fetch(sandbox.url + v.requestPath, {
          method: 'DELETE',
          headers: {
            'svc-timestamp': String(v.timestamp),
            'svc-account-id': accountId,
            'svc-key': key,
            'svc-signature': v.requestSignature,
            'svc-trading-key': tradingKey,
          },
        });
        return reply(res);
      };
      const [byId, byClientId, allEth, all, batch] = life.cancel as CancelVector[];
      expect((await send(byId!)).body.data).toEqual({ status: 'CANCEL_SENT' });
      expect((await read(c, 13)).status).toBe('CANCELLED');
      expect((await send(byClientId!)).body.data).toEqual({ status: 'CANCEL_SENT' });
      expect((await read(c, 16)).status).toBe('CANCELLED');
      // 13 is final already; 14 and 15 are open.
      expect((await send(batch!)).body.data).toEqual({ status: 'CANCEL_ALL_SENT' });
      expect((await read(c, 14)).status).toBe('CANCELLED');
      expect((await read(c, 15)).status).toBe('CANCELLED');
      expect((await send(allEth!)).body.data).toEqual({ status: 'CANCEL_ALL_SENT' });
      expect((await send(all!)).body.data).toEqual({ status: 'CANCEL_ALL_SENT' });
      expect((await read(c, 1)).status).toBe('CANCELLED');
    } finally {
      await sandbox.close();
    }
  });
});
