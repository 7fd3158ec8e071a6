import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, SandboxClient } from '../../helpers/sandbox-client.ts';
import { cid, type Fixture, startFixture } from './fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

async function expectInvalid(
  p: Promise<{ status: number; body: { code: number; message: string } }>,
  pattern: RegExp,
  code = -1005,
) {
  const r = await p;
  expect(r.status).toBe(code === -1007 ? 409 : 400);
  expect(r.body.code).toBe(code);
  expect(r.body.message).toMatch(pattern);
}

describe('POST /v1/broker/fee_rate/default', () => {
  it('sets the default rates that account information and fills use', async () => {
    const r = await f.adminClient.post('/v1/broker/fee_rate/default', {
      maker_fee_rate: 0.00012,
      taker_fee_rate: 0.00035,
      rwa_maker_fee_rate: 0.0001,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, timestamp: f.clock.now });
    const info = (await f.client.get('/v1/client/info')).body.data;
    expect(info).toMatchObject({
      maker_fee_rate: 0.00012,
      taker_fee_rate: 0.00035,
      futures_taker_fee_rate: 0.00035,
      rwa_maker_fee_rate: 0.0001,
      rwa_taker_fee_rate: 0.0006,
    });
  });

  it('rates must be exact multiples of 0.00001 (decimal check, not float modulo)', async () => {
    for (const rate of [0.00003, 0.0003, 0.00007, 0.00029, 0.1, 0]) {
      const r = await f.adminClient.post('/v1/broker/fee_rate/default', {
        maker_fee_rate: rate,
        taker_fee_rate: rate,
      });
      expect(r.status, `rate ${rate}`).toBe(200);
    }
    for (const rate of [0.000015, 0.000001, 1e-7, 0.00012345]) {
      await expectInvalid(
        f.adminClient.post('/v1/broker/fee_rate/default', {
          maker_fee_rate: 0.0001,
          taker_fee_rate: rate,
        }),
        /taker_fee_rate: must be a multiple of 0.00001/,
      );
    }
    await expectInvalid(
      f.adminClient.post('/v1/broker/fee_rate/default', { maker_fee_rate: 0.0001 }),
      /taker_fee_rate: is required/,
    );
    await expectInvalid(
      f.adminClient.post('/v1/broker/fee_rate/default', {
        maker_fee_rate: 0.0001,
        taker_fee_rate: 0.0001,
        rwa_taker_fee_rate: 0.0000155,
      }),
      /rwa_taker_fee_rate: must be a multiple/,
    );
    await expectInvalid(
      f.adminClient.post('/v1/broker/fee_rate/default', {
        maker_fee_rate: 0.0001,
        taker_fee_rate: 0.0001,
        futures_fee: 1,
      }),
      /futures_fee: unknown parameter/,
      -1004,
    );
  });
});

describe('PUT /v1/broker/order_enum/{enum_id}', () => {
  it('creates and updates a configuration: omitted pair_overrides keep, {} clears', async () => {
    const put = (body: unknown) => f.adminClient.put('/v1/broker/order_enum/TAG_1', body);
    expect(
      (
        await put({
          name: 'Grid Pro',
          description: 'grid',
          default_fee_rate: 0.004,
          pair_overrides: { PERP_BTC_USDC: 0.0025 },
        })
      ).status,
    ).toBe(200);
    const c = new SandboxClient(f.sandbox.url, f.trader, () => f.clock.now);
    const order = (symbol: string) => ({
      symbol,
      order_type: 'MARKET',
      side: 'BUY',
      order_quantity: symbol === 'PERP_BTC_USDC' ? 0.01 : 1,
      order_tag: 'enum:TAG_1',
      client_order_id: cid(),
    });
    const fee = async (symbol: string) => {
      const o = order(symbol);
      await c.order(o);
      return (await c.get(`/v1/client/order/${o.client_order_id}`)).body.data.total_fee as number;
    };
    const base = (await f.client.get('/v1/client/info')).body.data.taker_fee_rate as number;
    f.clock.now += 1_000;
    expect(await fee('PERP_BTC_USDC')).toBeCloseTo(0.01 * 60_001 * (base + 0.0025), 6);
    expect((await put({ name: 'Grid Pro 2' })).status).toBe(200);
    expect(await fee('PERP_BTC_USDC')).toBeCloseTo(0.01 * 60_001 * (base + 0.0025), 6);
    f.clock.now += 1_000;
    expect((await put({ pair_overrides: {} })).status).toBe(200);
    expect(await fee('PERP_BTC_USDC')).toBeCloseTo(0.01 * 60_001 * (base + 0.004), 6);
    expect(await fee('PERP_ETH_USDC')).toBeCloseTo(3000.1 * (base + 0.004), 6);
  });

  it('validates enum_id, rates and overrides', async () => {
    f.clock.now += 1_000;
    await expectInvalid(
      f.adminClient.put('/v1/broker/order_enum/bad-id', { name: 'x' }),
      /enum_id: must match \^\[A-Z0-9_\]\+\$/,
    );
    await expectInvalid(
      f.adminClient.put(`/v1/broker/order_enum/${'A'.repeat(32)}`, { name: 'x' }),
      /enum_id: must be at most 31/,
    );
    f.clock.now += 1_000;
    await expectInvalid(
      f.adminClient.put('/v1/broker/order_enum/OK_1', { default_fee_rate: 0.000011 }),
      /default_fee_rate: must be a multiple of 0.00001/,
    );
    f.clock.now += 1_000;
    await expectInvalid(
      f.adminClient.put('/v1/broker/order_enum/OK_1', {
        pair_overrides: { PERP_BTC_USDC: 0.0000123 },
      }),
      /pair_overrides.PERP_BTC_USDC: must be a multiple/,
    );
    f.clock.now += 1_000;
    await expectInvalid(
      f.adminClient.put('/v1/broker/order_enum/OK_1', { pair_overrides: { BTC: 0.001 } }),
      /pair_overrides.BTC: must have the form/,
    );
    f.clock.now += 1_000;
    await expectInvalid(
      f.adminClient.put('/v1/broker/order_enum/OK_1', { enum_id: 'OTHER' }),
      /enum_id: unknown parameter/,
      -1004,
    );
  });
});

describe('referrals', () => {
  it('POST /v1/referral/create creates unique codes; all fields required; max_rebate_rate at most 1', async () => {
    const body = {
      account_id: f.other.accountId,
      referral_code: 'OTHER1',
      max_rebate_rate: 0.6,
      referrer_rebate_rate: 0.4,
      referee_rebate_rate: 0.2,
    };
    const r = await f.adminClient.post('/v1/referral/create', body);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, timestamp: f.clock.now });
    await expectInvalid(
      f.adminClient.post('/v1/referral/create', body),
      /referral_code: OTHER1 already exists/,
      -1007,
    );
    for (const field of Object.keys(body)) {
      const partial: Record<string, unknown> = { ...body, referral_code: 'NEW1' };
      delete partial[field];
      await expectInvalid(
        f.adminClient.post('/v1/referral/create', partial),
        new RegExp(`${field}: is required`),
      );
    }
    await expectInvalid(
      f.adminClient.post('/v1/referral/create', {
        ...body,
        referral_code: 'NEW2',
        max_rebate_rate: 1.01,
      }),
      /max_rebate_rate: must be at most 1/,
    );
    await expectInvalid(
      f.adminClient.post('/v1/referral/create', {
        ...body,
        referral_code: 'NEW3',
        referrer_rebate_rate: 0.5,
      }),
      /must not exceed max_rebate_rate/,
    );
    await expectInvalid(
      f.adminClient.post('/v1/referral/create', {
        ...body,
        referral_code: 'NEW4',
        account_id: `0x${'00'.repeat(32)}`,
      }),
      /account_id: unknown account/,
    );
    await expectInvalid(
      f.adminClient.post('/v1/referral/create', { ...body, referral_code: 'has space' }),
      /referral_code: must match/,
    );
  });

  it('POST /v1/referral/multi_level/admin/update/affiliate sets the rate of affiliates', async () => {
    const r = await f.adminClient.post('/v1/referral/multi_level/admin/update/affiliate', {
      rebate_rate: 0.3,
      account_ids: [f.other.accountId],
    });
    expect(r.status).toBe(200);
    await expectInvalid(
      f.adminClient.post('/v1/referral/multi_level/admin/update/affiliate', {
        rebate_rate: 0.3,
        account_ids: [f.admin.accountId],
      }),
      /account_ids\[0\]: .* is not an affiliate/,
    );
    await expectInvalid(
      f.adminClient.post('/v1/referral/multi_level/admin/update/affiliate', { rebate_rate: 0.3 }),
      /account_ids: is required/,
    );
    await expectInvalid(
      f.adminClient.post('/v1/referral/multi_level/admin/update/affiliate', {
        rebate_rate: 0.3,
        account_ids: [],
      }),
      /account_ids: must name/,
    );
    await expectInvalid(
      f.adminClient.post('/v1/referral/multi_level/admin/update/affiliate', {
        rebate_rate: 2,
        account_ids: [f.other.accountId],
      }),
      /rebate_rate: must be at most 1/,
    );
    await expectInvalid(
      f.adminClient.post('/v1/referral/multi_level/admin/update/affiliate', {
        rebate_rate: 0.1,
        account_ids: 'x',
      }),
      /account_ids: must be an array/,
    );
  });

  it('referee trades feed admin info and the referee rebate summary per day', async () => {
    const referee = makeAccount();
    f.sandbox.registerAccount(referee.seed);
    const c = new SandboxClient(f.sandbox.url, referee, () => f.clock.now);
    const rate = (await c.get('/v1/client/info')).body.data.taker_fee_rate as number;
    const day1 = Date.UTC(2024, 5, 3, 10);
    const day2 = Date.UTC(2024, 5, 4, 10);
    const saved = f.clock.now;
    try {
      f.clock.now = day1;
      await c.order({
        symbol: 'PERP_ETH_USDC',
        order_type: 'MARKET',
        side: 'BUY',
        order_quantity: 1,
        order_tag: 'OTHER1',
        client_order_id: cid(),
      });
      f.clock.now = day2;
      await c.order({
        symbol: 'PERP_ETH_USDC',
        order_type: 'MARKET',
        side: 'SELL',
        order_quantity: 1,
        client_order_id: cid(),
      });
      const fee1 = 3000.1 * rate;
      const fee2 = 2999.9 * rate;
      const summary = await c.get(
        '/v1/referral/referee_rebate_summary?start_date=2024-06-01&end_date=2024-06-30',
      );
      expect(summary.status).toBe(200);
      expect(summary.body.data.rows).toHaveLength(2);
      expect(summary.body.data.rows[0].date).toBe('2024-06-03');
      expect(summary.body.data.rows[0].referee_rebate).toBeCloseTo(fee1 * 0.2, 6);
      expect(summary.body.data.rows[1]).toMatchObject({ date: '2024-06-04' });
      expect(summary.body.data.rows[1].referee_rebate).toBeCloseTo(fee2 * 0.2, 6);
      const oneDay = await c.get(
        '/v1/referral/referee_rebate_summary?start_date=2024-06-04&end_date=2024-06-04',
      );
      expect(oneDay.body.data.rows).toHaveLength(1);
      const none = await f.client.get('/v1/referral/referee_rebate_summary');
      expect(none.body.data.rows).toEqual([]);

      const info = await f.adminClient.get(
        `/v1/referral/admin_info?account_id=${f.other.accountId}`,
      );
      expect(info.status).toBe(200);
      const row = info.body.data.rows[0];
      expect(row).toMatchObject({
        account_id: f.other.accountId,
        number_of_codes: '1',
        total_invites: 1,
        total_traded: 1,
      });
      expect(row.referee_volume).toBeCloseTo(3000.1 + 2999.9, 6);
      expect(row.referee_fee).toBeCloseTo(fee1 + fee2, 6);
      expect(row.svc_fee).toBeCloseTo((fee1 + fee2) * 0.4, 6);
      expect(row.referral_codes[0]).toMatchObject({
        code: 'OTHER1',
        max_rebate_rate: 0.6,
        referrer_rebate_rate: 0.4,
        referee_rebate_rate: 0.2,
      });
      expect(row.referral_codes[0].total_referee_rebate).toBeCloseTo((fee1 + fee2) * 0.2, 6);
      expect(row.referral_codes[0].total_referrer_rebate).toBeCloseTo((fee1 + fee2) * 0.4, 6);
    } finally {
      f.clock.now = saved;
    }
  });

  it('referee_rebate_summary validates its dates', async () => {
    await expectInvalid(
      f.client.get('/v1/referral/referee_rebate_summary?start_date=2024-6-1'),
      /start_date: must be a date written YYYY-MM-DD/,
    );
    await expectInvalid(
      f.client.get('/v1/referral/referee_rebate_summary?end_date=2024-02-30'),
      /end_date: must be a date/,
    );
    await expectInvalid(
      f.client.get('/v1/referral/referee_rebate_summary?start_date=2024-06-05&end_date=2024-06-01'),
      /start_date: must not be after end_date/,
    );
    await expectInvalid(
      f.client.get('/v1/referral/referee_rebate_summary?day=2024-06-05'),
      /day: unknown parameter/,
      -1004,
    );
  });

  it('GET /v1/referral/admin_info pages, sorts and filters', async () => {
    for (const [i, account] of [f.admin, f.trader].entries()) {
      await f.adminClient.post('/v1/referral/create', {
        account_id: account.accountId,
        referral_code: `PAGE${i}`,
        max_rebate_rate: 0.1,
        referrer_rebate_rate: 0,
        referee_rebate_rate: 0,
      });
    }
    const all = await f.adminClient.get('/v1/referral/admin_info');
    expect(all.body.data.meta).toEqual({ records_per_page: 25, current_page: 1, total: 3 });
    const page2 = await f.adminClient.get('/v1/referral/admin_info?page=2&size=2');
    expect(page2.body.data.meta).toEqual({ records_per_page: 2, current_page: 2, total: 3 });
    expect(page2.body.data.rows).toHaveLength(1);
    const sorted = await f.adminClient.get('/v1/referral/admin_info?sort_by=referee_volume');
    expect(sorted.body.data.rows[0].account_id).toBe(f.other.accountId);
    const byAddress = all.body.data.rows[1].user_address as string;
    const filtered = await f.adminClient.get(
      `/v1/referral/admin_info?user_address=${byAddress.toUpperCase().replace('0X', '0x')}`,
    );
    expect(filtered.body.data.rows.map((r: { user_address: string }) => r.user_address)).toEqual([
      byAddress,
    ]);
    await expectInvalid(
      f.adminClient.get(
        `/v1/referral/admin_info?user_address=${byAddress}&account_id=${f.other.accountId}`,
      ),
      /only one of user_address and account_id/,
    );
    await expectInvalid(
      f.adminClient.get('/v1/referral/admin_info?sort_by=name'),
      /sort_by: must be one of total_invites, total_traded, referee_volume/,
    );
    await expectInvalid(
      f.adminClient.get('/v1/referral/admin_info?page=0'),
      /page: must be at least 1/,
    );
    await expectInvalid(
      f.adminClient.get('/v1/referral/admin_info?size=1000'),
      /size: must be at most 100/,
    );
    await expectInvalid(
      f.adminClient.get('/v1/referral/admin_info?page=x'),
      /page: must be an integer/,
    );
  });
});

describe('POST /v1/admin/points/stage', () => {
  const stage = (over: Record<string, unknown> = {}) => ({
    stage_name: 'Season 1',
    start_date: '2025-01-01',
    end_date: '2025-03-31',
    volume_boost: 1.5,
    pnl_boost: 1,
    l1_referral_boost: 1.2,
    l2_referral_boost: 1.1,
    is_continous: false,
    ...over,
  });

  it('creates without stage_id, updates with it, and keeps at most one stage active at any date', async () => {
    const post = (body: unknown) => f.adminClient.post('/v1/admin/points/stage', body);
    const created = await post(stage());
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, timestamp: f.clock.now });
    await expectInvalid(
      post(stage({ stage_name: 'Overlap', start_date: '2025-03-31', end_date: '2025-04-30' })),
      /at most one stage may be active/,
    );
    expect(
      (await post(stage({ stage_name: 'Season 2', start_date: '2025-04-01', end_date: undefined })))
        .status,
    ).toBe(200);
    await expectInvalid(
      post(stage({ stage_name: 'Late', start_date: '2030-01-01', end_date: '2030-02-01' })),
      /active at the same time as stage 2/,
    );
    expect(
      (await post({ stage_id: 1, stage_name: 'Season 1b', end_date: '2025-03-15' })).status,
    ).toBe(200);
    await expectInvalid(post({ stage_id: 1, end_date: '2025-04-02' }), /stage 2/);
    await expectInvalid(post({ stage_id: 99, stage_name: 'x' }), /stage_id: no stage 99/, -1006);
  });

  it('validates dates and fields', async () => {
    const post = (body: unknown) => f.adminClient.post('/v1/admin/points/stage', body);
    await expectInvalid(
      post(stage({ start_date: '2026/01/01' })),
      /start_date: must be a date written YYYY-MM-DD/,
    );
    await expectInvalid(
      post(stage({ start_date: '2026-01-10', end_date: '2026-01-01' })),
      /end_date: must not be before start_date/,
    );
    await expectInvalid(
      post(stage({ stage_name: undefined, start_date: '2026-01-01' })),
      /stage_name: is required/,
    );
    await expectInvalid(post(stage({ volume_boost: -1 })), /volume_boost: must be at least 0/);
    await expectInvalid(post(stage({ is_continous: 'yes' })), /is_continous: must be a boolean/);
    await expectInvalid(
      post(stage({ is_continuous: true })),
      /is_continuous: unknown parameter/,
      -1004,
    );
    await expectInvalid(post(stage({ stage_id: 1.5 })), /stage_id: must be an integer/);
  });
});
