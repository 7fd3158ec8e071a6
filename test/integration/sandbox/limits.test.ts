import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxClient } from '../../helpers/sandbox-client.ts';
import { type Fixture, startFixture } from './fixtures.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.sandbox.close();
  f = undefined;
});

type Call = (fx: Fixture, i: number) => ReturnType<SandboxClient['get']>;

const limited: [string, number, number, Call][] = [
  ['GET /v1/client/info', 10, 60_000, (fx) => fx.client.get('/v1/client/info')],
  ['GET /v1/withdraw_nonce', 10, 1_000, (fx) => fx.client.get('/v1/withdraw_nonce')],
  [
    'GET /v1/referral/referee_rebate_summary',
    10,
    1_000,
    (fx) => fx.client.get('/v1/referral/referee_rebate_summary'),
  ],
  [
    'PUT /v1/broker/order_enum/{enum_id}',
    1,
    1_000,
    (fx, i) => fx.adminClient.put(`/v1/broker/order_enum/E${i}`, { name: 'x' }),
  ],
  [
    'POST /v1/admin/points/stage',
    10,
    1_000,
    (fx, i) =>
      fx.adminClient.post('/v1/admin/points/stage', {
        stage_name: `S${i}`,
        start_date: `2030-01-${String(i + 1).padStart(2, '0')}`,
        end_date: `2030-01-${String(i + 1).padStart(2, '0')}`,
      }),
  ],
  [
    'default: POST /v1/client/margin_mode',
    10,
    1_000,
    (fx) =>
      fx.client.post('/v1/client/margin_mode', {
        symbol: 'PERP_ETH_USDC',
        default_margin_mode: 'CROSS',
      }),
  ],
];

describe('limits', () => {
  it.each(limited)(
    '%s: %i per %i ms per account, then 429 -1003',
    async (_name, count, windowMs, call) => {
      f = await startFixture({ limits: {} });
      for (let i = 0; i < count; i++) expect((await call(f, i)).status).toBe(200);
      const over = await call(f, count);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ success: false, code: -1003 });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      f.clock.now += windowMs - 1;
      expect((await call(f, count + 1)).status).toBe(429);
      f.clock.now += 1;
      expect((await call(f, count + 2)).status).toBe(200);
    },
  );

  it('counts per account', async () => {
    f = await startFixture({ limits: {} });
    for (let i = 0; i < 10; i++) await f.client.get('/v1/client/info');
    expect((await f.client.get('/v1/client/info')).status).toBe(429);
    expect((await f.otherClient.get('/v1/client/info')).status).toBe(200);
  });

  it('GET /v1/public/sv_nonce: 10 per second per IP address', async () => {
    f = await startFixture({ limits: {} });
    const get = (localAddress: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${f!.sandbox.url}/v1/public/sv_nonce`, { localAddress }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    for (let i = 0; i < 10; i++) expect(await get('127.0.0.1')).toBe(200);
    expect(await get('127.0.0.1')).toBe(429);
    expect(await get('127.0.0.2')).toBe(200);
  });

  it('scale multiplies every limit; false disables them', async () => {
    f = await startFixture({ limits: { scale: 2 } });
    for (let i = 0; i < 20; i++)
      expect((await f.client.get('/v1/withdraw_nonce')).status).toBe(200);
    expect((await f.client.get('/v1/withdraw_nonce')).status).toBe(429);
    await f.sandbox.close();
    f = await startFixture({ limits: false });
    for (let i = 0; i < 25; i++)
      expect((await f.client.get('/v1/withdraw_nonce')).status).toBe(200);
  });

  it('resetLimits forgets the windows', async () => {
    f = await startFixture({ limits: {} });
    for (let i = 0; i < 10; i++) await f.client.get('/v1/client/info');
    expect((await f.client.get('/v1/client/info')).status).toBe(429);
    f.sandbox.resetLimits();
    expect((await f.client.get('/v1/client/info')).status).toBe(200);
  });
});
