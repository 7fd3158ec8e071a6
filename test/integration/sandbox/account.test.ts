import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply } from '../../helpers/sandbox-client.ts';
import { type Fixture, startFixture } from './fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

describe('GET /v1/client/info', () => {
  it('returns the account information of the authenticated account', async () => {
    const r = await f.client.get('/v1/client/info');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data).toMatchObject({
      account_id: f.trader.accountId,
      account_mode: 'FUTURES',
      max_leverage: 20,
      maker_fee_rate: 0.0002,
      taker_fee_rate: 0.0005,
      futures_maker_fee_rate: 0.0002,
      futures_taker_fee_rate: 0.0005,
      rwa_maker_fee_rate: 0.0003,
      rwa_taker_fee_rate: 0.0006,
      maintenance_cancel_orders: true,
    });
    expect(typeof r.body.data.email).toBe('string');
    expect(Object.keys(r.body.data.imr_factor)).toContain('PERP_BTC_USDC');
  });
});

const transfer = (over: Record<string, unknown> = {}, message: Record<string, unknown> = {}) => ({
  signature: `0x${'ab'.repeat(65)}`,
  userAddress: f.trader.seed.userAddress ?? '',
  verifyingContract: `0x${'12'.repeat(20)}`,
  message: {
    receiver: f.other.accountId,
    token: 'USDC',
    amount: '1000',
    transferNonce: String(Math.floor(Math.random() * 1e12)),
    chainId: '421614',
    chainType: 'EVM',
    ...message,
  },
  ...over,
});

describe('POST /v2/internal_transfer', () => {
  let address: string;
  beforeAll(async () => {
    // The seed had no userAddress; the sandbox derived one (admin_info shows it once a code exists).
    await f.adminClient.post('/v1/referral/create', {
      account_id: f.trader.accountId,
      referral_code: 'ADDR',
      max_rebate_rate: 0.1,
      referrer_rebate_rate: 0.05,
      referee_rebate_rate: 0.05,
    });
    const info = await f.adminClient.get(
      `/v1/referral/admin_info?account_id=${f.trader.accountId}`,
    );
    address = info.body.data.rows[0].user_address;
  });

  it('debits the balance, credits the receiver and returns a request id', async () => {
    const a = await f.client.post('/v2/internal_transfer', transfer({ userAddress: address }));
    expect(a.status).toBe(200);
    expect(Number.isInteger(a.body.data.internal_transfer_request_id)).toBe(true);
    const b = await f.client.post(
      '/v2/internal_transfer',
      transfer({ userAddress: address }, { amount: 2.5 }),
    );
    expect(b.body.data.internal_transfer_request_id).toBeGreaterThan(
      a.body.data.internal_transfer_request_id,
    );
  });

  it('refuses more than the balance (400 -1009) and a reused transferNonce (409 -1007)', async () => {
    const big = await f.client.post(
      '/v2/internal_transfer',
      transfer({ userAddress: address }, { amount: 1e12 }),
    );
    expect(big.status).toBe(400);
    expect(big.body.code).toBe(-1009);
    const once = transfer({ userAddress: address }, { transferNonce: '77' });
    expect((await f.client.post('/v2/internal_transfer', once)).status).toBe(200);
    const twice = await f.client.post('/v2/internal_transfer', once);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe(-1007);
  });

  it.each([
    ['missing message', { message: undefined }, {}, /message: is required/],
    ['bad userAddress', { userAddress: '0x12' }, {}, /userAddress/],
    [
      "another account's address",
      { userAddress: `0x${'99'.repeat(20)}` },
      {},
      /userAddress: must be the address/,
    ],
    [
      'unknown receiver',
      {},
      { receiver: `0x${'00'.repeat(32)}` },
      /message.receiver: unknown account/,
    ],
    ['token', {}, { token: 'BTC' }, /message.token/],
    ['amount', {}, { amount: '-5' }, /message.amount/],
    ['chainType', {}, { chainType: 'BTC' }, /message.chainType: must be one of EVM, SOL/],
    ['transferNonce', {}, { transferNonce: 'x1' }, /message.transferNonce/],
    ['signature', { signature: '0x12' }, {}, /signature/],
  ])('400 -1005 on %s', async (_name, over, message, pattern) => {
    const r = await f.client.post(
      '/v2/internal_transfer',
      transfer({ userAddress: address, ...over }, message),
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(-1005);
    expect(r.body.message).toMatch(pattern);
  });

  it('unknown field: 400 -1004', async () => {
    const r = await f.client.post(
      '/v2/internal_transfer',
      transfer({ userAddress: address }, { memo: 'x' }),
    );
    expect(r.body.code).toBe(-1004);
    expect(r.body.message).toMatch(/message.memo/);
  });
});

describe('nonces', () => {
  it('withdrawal nonces never repeat', async () => {
    const seen = new Set<number>();
    for (const client of [f.client, f.otherClient, f.client]) {
      const r = await client.get('/v1/withdraw_nonce');
      expect(r.status).toBe(200);
      expect(Number.isInteger(r.body.data.withdraw_nonce)).toBe(true);
      seen.add(r.body.data.withdraw_nonce);
    }
    expect(seen.size).toBe(3);
  });

  it('the strategy vault nonce is public', async () => {
    const r = await reply(await fetch(`${f.sandbox.url}/v1/public/sv_nonce`));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: { nonce: expect.any(Number) } });
  });
});
