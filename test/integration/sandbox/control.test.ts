/**
 * The control endpoints on the sandbox's own port: a market's mid, faults on and off, an
 * account's orders. Unauthenticated, never limited, never faulted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { createSandbox } from '../../../src/sandbox/index.ts';
import { reply } from '../../helpers/sandbox-client.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { fresh, place, read, resting } from './lifecycle.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture({ limits: {} });
});
afterAll(() => f.sandbox.close());
afterEach(() => {
  f.sandbox.setFaults(null);
  f.sandbox.resetLimits();
});

const ETH = 'PERP_ETH_USDC';

async function control(method: string, path: string, body?: unknown) {
  const res = await fetch(f.sandbox.url + path, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return reply(res);
}

describe('POST /sandbox/markets/{symbol}/mid', () => {
  it('moves the mid onto the tick and fills the resting orders it crosses, as maker', async () => {
    const c = fresh(f);
    const below = await place(c, resting({ order_price: 2900 }));
    const further = await place(c, resting({ order_price: 2800 }));
    const r = await control('POST', `/sandbox/markets/${ETH}/mid`, { price: 2899.904 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ symbol: ETH, mid: 2899.9 });
    expect(r.body.data.crossed.map((o: { order_id: number }) => o.order_id)).toEqual([below]);
    expect(r.body.data.crossed[0]).toMatchObject({ status: 'FILLED', total_executed_quantity: 1 });
    expect((await read(c, below)).total_fee).toBeCloseTo(2900 * 0.0002, 8);
    expect((await read(c, further)).status).toBe('NEW');
    const book = await control('GET', `/sandbox/markets/${ETH}`);
    expect(book.body.data).toMatchObject({ symbol: ETH, mid: 2899.9, asks: expect.any(Array) });
    expect(book.body.data.asks[0].price).toBe(2900);
    await control('POST', `/sandbox/markets/${ETH}/mid`, { price: 3000 });
  });

  it('validates: a positive price, a known symbol, nothing else in the body', async () => {
    const cases: [string, unknown, number, RegExp][] = [
      [ETH, { price: 0 }, -1005, /price: must be greater than 0/],
      [ETH, { price: '3000' }, -1005, /price: must be a number/],
      [ETH, {}, -1005, /price: is required/],
      [ETH, { price: 3000, mid: 1 }, -1004, /mid: unknown parameter/],
      ['PERP_DOGE_USDC', { price: 1 }, -1005, /symbol: unknown symbol/],
    ];
    for (const [symbol, body, code, message] of cases) {
      const r = await control('POST', `/sandbox/markets/${symbol}/mid`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ success: false, code });
      expect(r.body.message).toMatch(message);
    }
    const notJson = await fetch(`${f.sandbox.url}/sandbox/markets/${ETH}/mid`, {
      method: 'POST',
      body: '{',
    });
    expect((await reply(notJson)).body.message).toMatch(/body: is not valid JSON/);
    const wrongMethod = await control('GET', `/sandbox/markets/${ETH}/mid`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });
});

describe('/sandbox/faults', () => {
  it('POST switches a FaultConfig on; control requests are never faulted; DELETE ends it', async () => {
    const on = await control('POST', '/sandbox/faults', {
      status5xx: { status: 503 },
      match: { methods: ['GET'], paths: [{ pattern: '^/v1/client/' }, '/v1/positions'] },
      count: 2,
    });
    expect(on.status, on.text).toBe(200);
    expect(on.body.data).toEqual({
      config: {
        status5xx: { status: 503 },
        match: { methods: ['GET'], paths: [{ pattern: '^/v1/client/' }, '/v1/positions'] },
        count: 2,
      },
      injected: 0,
    });
    expect((await f.client.get('/v1/client/info')).status).toBe(503);
    expect((await f.client.get('/v1/withdraw_nonce')).status).toBe(200);
    expect((await control('GET', '/sandbox/faults')).body.data.injected).toBe(1);
    expect((await f.client.get('/v1/positions')).status).toBe(503);
    // count reached: through again.
    expect((await f.client.get('/v1/positions')).status).toBe(200);
    const off = await control('DELETE', '/sandbox/faults');
    expect(off.body.data).toEqual({ config: null, injected: 2 });
    expect((await control('GET', '/sandbox/faults')).body.data).toEqual({
      config: null,
      injected: 0,
    });
  });

  it('an outage of every path leaves the control endpoints working', async () => {
    await control('POST', '/sandbox/faults', { html: true });
    expect((await f.client.get('/v1/client/info')).status).toBe(502);
    expect((await control('GET', '/sandbox/faults')).status).toBe(200);
    expect((await control('DELETE', '/sandbox/faults')).status).toBe(200);
    expect((await f.client.get('/v1/withdraw_nonce')).status).toBe(200);
  });

  it('a bad FaultConfig is 400 -1005 naming every problem; the faults in force stay', async () => {
    await control('POST', '/sandbox/faults', { latencyMs: 0 });
    const cases: [unknown, RegExp][] = [
      [{ count: -1 }, /count: /],
      [{ every: 0 }, /every: /],
      [{ when: 'during' }, /when: /],
      [{ status5xx: { status: 404 } }, /status5xx/],
      [{ html: true, reset: 'after' }, /at most one of/],
      [{ match: { paths: ['v1/order'] } }, /match\.paths\.0/],
      [
        { match: { paths: [{ pattern: '(' }] } },
        /match\.paths\.0\.pattern: is not a valid regular expression/,
      ],
      [{ latency: 5 }, /Unrecognized key/i],
      [[1], /body: must be a JSON object/],
    ];
    for (const [body, message] of cases) {
      const r = await control('POST', '/sandbox/faults', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(-1005);
      expect(r.body.message).toMatch(message);
    }
    expect((await control('GET', '/sandbox/faults')).body.data.config).toEqual({ latencyMs: 0 });
  });
});

describe('GET /sandbox/accounts/{account_id}/orders', () => {
  it('lists the account’s orders as REST records, oldest first; unknown account 404 -1006', async () => {
    const c = fresh(f);
    const ids = [await place(c, resting()), await place(c, resting({ order_price: 3050 }))];
    const r = await control(
      'GET',
      `/sandbox/accounts/${c.account.accountId.toUpperCase().replace('0X', '0x')}/orders`,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((o: { order_id: number }) => o.order_id)).toEqual(ids);
    expect(r.body.data.rows[1]).toEqual(await read(c, ids[1]!));
    const unknown = await control('GET', `/sandbox/accounts/0x${'0'.repeat(64)}/orders`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(-1006);
  });

  it('takes no authentication and spends no limit', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await control('GET', `/sandbox/accounts/${f.trader.accountId}/orders`)).status).toBe(
        200,
      );
    }
    expect(f.sandbox.requestCount({ path: /^\/sandbox\// })).toBeGreaterThanOrEqual(30);
  });
});

describe('options', () => {
  it('control: false serves no /sandbox/ paths', async () => {
    const sandbox = await createSandbox({ control: false });
    try {
      const r = await reply(await fetch(`${sandbox.url}/sandbox/faults`));
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(-1006);
    } finally {
      await sandbox.close();
    }
  });

  it('SVC_SANDBOX_PORT fixes the embedded sandbox port: 1 to 65535', () => {
    expect(loadConfig({ SVC_SANDBOX_PORT: '4010' }).sandboxPort).toBe(4010);
    expect(loadConfig({}).sandboxPort).toBeUndefined();
    expect(loadConfig({ SVC_SANDBOX_PORT: ' ' }).sandboxPort).toBeUndefined();
    for (const bad of ['0', '65536', 'x', '1.5']) {
      expect(() => loadConfig({ SVC_SANDBOX_PORT: bad }), bad).toThrow(/SVC_SANDBOX_PORT/);
    }
  });
});
