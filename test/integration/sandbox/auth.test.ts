import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestSigner, requestMessage } from '../../../src/auth/request-signature.ts';
import { makeAccount, reply, SandboxClient } from '../../helpers/sandbox-client.ts';
import { cid, type Fixture, startFixture } from './fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

const order = () => ({
  symbol: 'PERP_ETH_USDC',
  order_type: 'LIMIT',
  side: 'BUY',
  order_price: 2500,
  order_quantity: 0.01,
  client_order_id: cid('auth'),
});

describe('request signature over the raw bytes', () => {
  it('accepts a hand-built reference-form body signed in standard base64', async () => {
    const body = '{"symbol": "PERP_SOL_USDC", "default_margin_mode": "ISOLATED"}';
    const timestamp = f.clock.now;
    const path = '/v1/client/margin_mode';
    const signer = new RequestSigner({ accountId: f.trader.accountId, secret: f.trader.secret });
    const urlSafe = signer.sign(requestMessage({ timestamp, method: 'POST', path, body }));
    const standard = urlSafe.replaceAll('-', '+').replaceAll('_', '/');
    const res = await fetch(f.sandbox.url + path, {
      method: 'POST',
      headers: {
        'svc-timestamp': String(timestamp),
        'svc-account-id': f.trader.accountId,
        'svc-key': f.trader.key,
        'svc-signature': standard,
        'Content-Type': 'application/json',
        'Cache-Control': 'no-cache',
      },
      body,
    });
    const r = await reply(res);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, timestamp });
    const info = await f.client.order({
      symbol: 'PERP_SOL_USDC',
      order_type: 'LIMIT',
      side: 'BUY',
      order_price: 100,
      order_quantity: 1,
      client_order_id: 'ref-form-check',
    });
    expect(info.status).toBe(200);
    expect((await f.client.get('/v1/client/order/ref-form-check')).body.data.margin_mode).toBe(
      'ISOLATED',
    );
  });

  it('accepts compact JSON and url-safe base64 without padding', async () => {
    const body = JSON.stringify({ symbol: 'PERP_NEAR_USDC', default_margin_mode: 'CROSS' });
    const r = await f.client.request('POST', '/v1/client/margin_mode', undefined, {
      rawBody: body,
    });
    expect(r.status).toBe(200);
    const signer = new RequestSigner({ accountId: f.trader.accountId, secret: f.trader.secret });
    const path = '/v1/client/info';
    const signature = signer
      .sign(requestMessage({ timestamp: f.clock.now, method: 'GET', path }))
      .replace(/=+$/, '');
    const res = await fetch(f.sandbox.url + path, {
      headers: {
        ...signer.headers({ method: 'GET', path, timestamp: f.clock.now }),
        'svc-signature': signature,
      },
    });
    expect(res.status).toBe(200);
  });

  it('rejects a body changed after signing (same JSON value, other bytes): 401 -1001', async () => {
    const signed = '{"symbol":"PERP_ETH_USDC","default_margin_mode":"CROSS"}';
    const sent = '{"symbol": "PERP_ETH_USDC", "default_margin_mode": "CROSS"}';
    const headers = f.client.signer.headers({
      method: 'POST',
      path: '/v1/client/margin_mode',
      body: signed,
      timestamp: f.clock.now,
    });
    const r = await reply(
      await fetch(`${f.sandbox.url}/v1/client/margin_mode`, {
        method: 'POST',
        headers,
        body: sent,
      }),
    );
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, code: -1001 });
  });

  it('signs the query string too', async () => {
    const headers = f.adminClient.signer.headers({
      method: 'GET',
      path: '/v1/referral/admin_info?page=1',
      timestamp: f.clock.now,
    });
    const res = await fetch(`${f.sandbox.url}/v1/referral/admin_info?page=2`, { headers });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe(-1001);
  });
});

describe('authentication failures', () => {
  it('missing svc-signature: 401 -1001', async () => {
    const r = await f.client.get('/v1/client/info', { omit: ['svc-signature'] });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, code: -1001 });
    expect(r.body.message).toMatch(/svc-signature/);
  });

  it('bad svc-signature: 401 -1001', async () => {
    const other = new RequestSigner({ accountId: f.trader.accountId, secret: f.other.secret });
    const bad = other.sign(`${f.clock.now}GET/v1/client/info`);
    const r = await f.client.get('/v1/client/info', { headers: { 'svc-signature': bad } });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1001);
    const garbage = await f.client.get('/v1/client/info', { headers: { 'svc-signature': 'abc' } });
    expect(garbage.body.code).toBe(-1001);
  });

  it('malformed svc-key: 401 -1001', async () => {
    const r = await f.client.get('/v1/client/info', { headers: { 'svc-key': 'ed25519:notakey' } });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1001);
  });

  it('unknown key: 401 -1002 naming the cause', async () => {
    const stranger = makeAccount();
    const client = new SandboxClient(f.sandbox.url, stranger, () => f.clock.now);
    const r = await client.get('/v1/client/info');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1002);
    expect(r.body.message).toMatch(/unknown key/);
  });

  it('key not bound to the account: 401 -1002', async () => {
    const client = new SandboxClient(
      f.sandbox.url,
      { ...f.trader, accountId: f.other.accountId },
      () => f.clock.now,
    );
    const r = await client.get('/v1/client/info');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1002);
    expect(r.body.message).toMatch(/not bound/);
  });

  it('missing svc-account-id: 401 -1002', async () => {
    const r = await f.client.get('/v1/client/info', { omit: ['svc-account-id'] });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1002);
  });

  it('timestamp more than 300 s from server time: 401 -1002; 300 s is still accepted', async () => {
    for (const skew of [300_000, -300_000]) {
      const ok = await f.client.get('/v1/withdraw_nonce', { timestamp: f.clock.now + skew });
      expect(ok.status).toBe(200);
    }
    for (const skew of [300_001, -300_001]) {
      const r = await f.client.get('/v1/withdraw_nonce', { timestamp: f.clock.now + skew });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe(-1002);
      expect(r.body.message).toMatch(/expired/);
    }
    const missing = await f.client.get('/v1/withdraw_nonce', { omit: ['svc-timestamp'] });
    expect(missing.body.code).toBe(-1002);
  });

  it('follows the server clock (skewed sandbox clock)', async () => {
    const start = f.clock.now;
    const late = await f.client.get('/v1/withdraw_nonce', { timestamp: start });
    expect(late.status).toBe(200);
    f.clock.now = start + 301_000;
    try {
      const r = await f.client.get('/v1/withdraw_nonce', { timestamp: start });
      expect(r.body.code).toBe(-1002);
    } finally {
      f.clock.now = start;
    }
  });

  it.each([
    ['POST', '/v1/broker/fee_rate/default', { maker_fee_rate: 0.0001, taker_fee_rate: 0.0002 }],
    ['PUT', '/v1/broker/order_enum/NOPE', { name: 'x' }],
    ['POST', '/v1/referral/create', {}],
    ['POST', '/v1/referral/multi_level/admin/update/affiliate', {}],
    ['GET', '/v1/referral/admin_info', undefined],
    ['POST', '/v1/admin/points/stage', {}],
  ])('a trader on administrator endpoint %s %s: 401 -1002', async (method, path, body) => {
    const r = await f.client.request(method, path, body);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1002);
    expect(r.body.message).toMatch(/administrator/);
  });

  it('order endpoint without svc-trading-key: 401 -1001', async () => {
    const r = await f.client.order(order(), { tradingKey: false });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1001);
    expect(r.body.message).toMatch(/svc-trading-key/);
  });

  it('bad, missing or malformed order signature: 401 -1001', async () => {
    const params = order();
    const signed = f.client.signed(params);
    const tampered = await f.client.post('/v1/order', { ...signed, order_quantity: 0.02 });
    expect(tampered.status).toBe(401);
    expect(tampered.body.code).toBe(-1001);
    const missing = await f.client.post('/v1/order', params);
    expect(missing.body.code).toBe(-1001);
    const short = await f.client.post('/v1/order', { ...params, signature: 'ab12' });
    expect(short.body.code).toBe(-1001);
    const byOther = await f.client.post('/v1/order', {
      ...params,
      signature: f.otherClient.orderSigner.sign(params),
    });
    expect(byOther.body.code).toBe(-1001);
    const read = await f.client.get(`/v1/client/order/${params.client_order_id}`);
    expect(read.body.code).toBe(-1006);
  });

  it("a trading key other than the account's: 401 -1002", async () => {
    const r = await f.client.post('/v1/order', f.client.signed(order()), {
      tradingKey: f.otherClient.orderSigner.tradingKey,
    });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(-1002);
  });

  it('public endpoints need no headers', async () => {
    const r = await reply(await fetch(`${f.sandbox.url}/v1/public/sv_nonce`));
    expect(r.status).toBe(200);
    expect(Number.isInteger(r.body.data.nonce)).toBe(true);
  });
});

describe('HTTP surface', () => {
  it('unknown path: 404; wrong method: 405 with Allow', async () => {
    const missing = await f.client.get('/v1/nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
    const wrong = await f.client.request('DELETE', '/v1/client/info');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('a body that is not JSON: 400 -1005', async () => {
    const r = await f.client.request('POST', '/v1/client/margin_mode', undefined, {
      rawBody: '{"symbol": ',
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: -1005 });
    const array = await f.client.request('POST', '/v1/client/margin_mode', undefined, {
      rawBody: '[]',
    });
    expect(array.body.code).toBe(-1005);
  });

  it('a body on an endpoint that takes none, or an unknown query parameter: 400', async () => {
    const path = '/v1/withdraw_nonce';
    const headers = f.client.signer.headers({
      method: 'GET',
      path,
      body: '{}',
      timestamp: f.clock.now,
    });
    const body = await new Promise<{ status: number; code: number }>((resolve, reject) => {
      const options = { method: 'GET', headers: { ...headers, 'Content-Length': '2' } };
      const req = request(f.sandbox.url + path, options, (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, code: JSON.parse(text).code }));
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(body).toEqual({ status: 400, code: -1005 });
    const query = await f.client.get('/v1/client/info?verbose=1');
    expect(query.status).toBe(400);
    expect(query.body.code).toBe(-1004);
  });

  it('records requests without their query in path, and never logs secrets', async () => {
    f.sandbox.resetRequestLog();
    await f.adminClient.get('/v1/referral/admin_info?page=1&size=5');
    expect(f.sandbox.requestLog).toHaveLength(1);
    expect(f.sandbox.requestLog[0]).toMatchObject({
      method: 'GET',
      path: '/v1/referral/admin_info',
      query: 'page=1&size=5',
      status: 200,
      accountId: f.admin.accountId,
    });
    expect(f.sandbox.requestCount({ path: /referral/, accountId: f.admin.accountId })).toBe(1);
    expect(f.sandbox.requestCount({ method: 'POST' })).toBe(0);
    const log = f.logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const account of [f.admin, f.trader, f.other]) {
      expect(log).not.toContain(account.secret.slice(8));
      expect(log).not.toContain(account.tradingSecret);
    }
  });
});
