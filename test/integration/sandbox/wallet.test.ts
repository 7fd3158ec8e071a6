/**
 * The sandbox's wallet endpoints over real HTTP, messages signed by a wallet key with viem:
 * a withdrawal's statuses and holding, every refusal the real service would answer (a
 * tampered message, a replayed or unissued nonce, another wallet, cross-chain not allowed,
 * more than withdrawable) and a PnL settlement moving unsettled PnL into the holding.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateKeyMaterial } from '../../../src/auth/keys.ts';
import { LEDGER_ADDRESSES } from '../../../src/contract/wallet.ts';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { makeWallet, TEST_CHAIN_ID, type TestWallet } from '../../helpers/wallet.ts';

let sandbox: Sandbox;
let wallet: TestWallet;
let client: SandboxClient;
let accountId: string;
const statuses: string[] = [];

beforeAll(async () => {
  wallet = makeWallet();
  accountId = wallet.accountId('demo');
  const keys = generateKeyMaterial();
  sandbox = await createSandbox({
    seed: {
      brokerId: 'demo',
      accounts: [
        {
          accountId,
          key: keys.key,
          tradingKey: keys.tradingKey,
          role: 'trader',
          userAddress: wallet.address,
          balance: 10_000,
        },
      ],
    },
    limits: false,
    withdrawalStepMs: 10,
  });
  sandbox.events.on('withdrawal', (e) =>
    statuses.push(`${e.withdrawal.id}:${e.withdrawal.status}`),
  );
  client = new SandboxClient(sandbox.url, { accountId, ...keys });
});
afterAll(() => sandbox.close());

const nonce = async (kind: 'withdraw' | 'settle') =>
  (await client.get(`/v1/${kind}_nonce`)).body.data[`${kind}_nonce`] as number;

async function withdrawBody(amount: string, over: Record<string, unknown> = {}) {
  const message = {
    brokerId: 'demo',
    chainId: TEST_CHAIN_ID,
    receiver: wallet.address,
    token: 'USDC',
    amount,
    withdrawNonce: await nonce('withdraw'),
    timestamp: Date.now(),
    ...over,
  };
  const signature = await wallet.signWithdraw(message);
  return {
    signature,
    userAddress: wallet.address,
    verifyingContract: LEDGER_ADDRESSES.testnet,
    message: { ...message, chainType: 'EVM' },
  };
}

const holding = async () =>
  (await client.get('/v1/client/holding')).body.data.holding.find(
    (h: { token: string }) => h.token === 'USDC',
  ) as { holding: number; pending_short: number };

describe('POST /v1/withdraw_request', () => {
  it('takes a signed withdrawal: pending_short at once, the holding when COMPLETED', async () => {
    const before = (await holding()).holding;
    const r = await client.post('/v1/withdraw_request', await withdrawBody('25500000'));
    expect(r.body).toMatchObject({ success: true, data: { withdraw_id: expect.any(Number) } });
    const id = r.body.data.withdraw_id;
    expect(statuses).toContain(`${id}:PENDING`);
    await vi.waitFor(() => expect(statuses).toContain(`${id}:COMPLETED`), { timeout: 2_000 });
    expect(statuses.filter((s) => s.startsWith(`${id}:`))).toEqual([
      `${id}:PENDING`,
      `${id}:COMPLETED`,
    ]);
    expect(await holding()).toMatchObject({ holding: before - 25.5, pending_short: 0 });
    const [record] = sandbox.wallet.withdrawals(accountId).filter((w) => w.id === id);
    expect(record).toMatchObject({ amount: 25.5, chainId: TEST_CHAIN_ID, crossChain: false });
    expect(record?.txId).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('refuses a message changed after signing, a replayed nonce and an unissued one', async () => {
    const tampered = await withdrawBody('1000000');
    tampered.message.amount = '2000000';
    const bad = await client.post('/v1/withdraw_request', tampered);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: -1005,
      message: 'signature: does not recover to userAddress (EIP-712 Withdraw)',
    });
    // The refused request spent no nonce: the untouched message still goes through.
    tampered.message.amount = '1000000';
    expect((await client.post('/v1/withdraw_request', tampered)).status).toBe(200);
    const replay = await client.post('/v1/withdraw_request', tampered);
    expect(replay.status).toBe(409);
    expect(replay.body.code).toBe(-1007);
    const unissued = await withdrawBody('1000000', { withdrawNonce: 10 ** 9 });
    const r = await client.post('/v1/withdraw_request', unissued);
    expect(r.body.message).toMatch(/^message\.withdrawNonce: 1000000000 was not issued/);
  });

  it('refuses another wallet, another receiver, another broker and an unknown chain', async () => {
    const other = makeWallet();
    const body = await withdrawBody('1000000');
    const signed = { ...body, userAddress: other.address };
    signed.signature = await other.signWithdraw({ ...body.message, receiver: other.address });
    expect((await client.post('/v1/withdraw_request', signed)).body.message).toBe(
      'userAddress: must be the wallet address of the authenticated account',
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ receiver: other.address }, 'message.receiver: must be the wallet address (userAddress)'],
      [{ brokerId: 'other' }, "message.brokerId: must be the account's broker demo"],
      [{ chainId: 5 }, 'message.chainId: unsupported chain 5'],
    ];
    for (const [over, message] of cases) {
      const r = await client.post('/v1/withdraw_request', await withdrawBody('1000000', over));
      expect(r.body, message).toMatchObject({ code: -1005, message });
    }
  });

  it('needs allowCrossChainWithdrawal beyond the chain vault, then rebalances first', async () => {
    const over = { chainId: 11155420 };
    const refused = await client.post(
      '/v1/withdraw_request',
      await withdrawBody('1500000000', over),
    );
    expect(refused.body).toMatchObject({ code: -1009 });
    expect(refused.body.message).toMatch(/^message\.allowCrossChainWithdrawal: /);
    const body = await withdrawBody('1500000000', over);
    body.message = { ...body.message, allowCrossChainWithdrawal: true } as typeof body.message;
    const r = await client.post('/v1/withdraw_request', body);
    const id = r.body.data.withdraw_id;
    await vi.waitFor(() => expect(statuses).toContain(`${id}:COMPLETED`), { timeout: 2_000 });
    expect(statuses.filter((s) => s.startsWith(`${id}:`))).toEqual([
      `${id}:PENDING`,
      `${id}:PENDING_REBALANCE`,
      `${id}:COMPLETED`,
    ]);
  });

  it('refuses more than the account may withdraw', async () => {
    const r = await client.post('/v1/withdraw_request', await withdrawBody('1000000000000'));
    expect(r.body).toMatchObject({ code: -1009 });
    expect(r.body.message).toMatch(/^message\.amount: exceeds the withdrawable /);
  });
});

describe('POST /v1/settle_pnl', () => {
  it('moves unsettled PnL into the holding, once per nonce', async () => {
    const order = client.signed({
      symbol: 'PERP_ETH_USDC',
      order_type: 'MARKET',
      side: 'BUY',
      order_quantity: 1,
    });
    expect((await client.post('/v1/order', order)).status).toBe(200);
    sandbox.setMidPrice('PERP_ETH_USDC', 3_100);
    const positions = (await client.get('/v1/positions')).body.data;
    const unsettled = positions.total_unsettled_pnl as number;
    expect(unsettled).toBeGreaterThan(0);
    const before = (await holding()).holding;
    const message = {
      brokerId: 'demo',
      chainId: TEST_CHAIN_ID,
      settleNonce: await nonce('settle'),
      timestamp: Date.now(),
    };
    const body = {
      signature: await wallet.signSettle(message),
      userAddress: wallet.address,
      verifyingContract: LEDGER_ADDRESSES.testnet,
      message,
    };
    const tampered = { ...body, message: { ...message, timestamp: message.timestamp + 1 } };
    expect((await client.post('/v1/settle_pnl', tampered)).body).toMatchObject({ code: -1005 });
    const r = await client.post('/v1/settle_pnl', body);
    expect(r.body).toMatchObject({ success: true, data: { settle_pnl_id: expect.any(Number) } });
    expect((await holding()).holding).toBeCloseTo(before + unsettled, 6);
    expect((await client.get('/v1/positions')).body.data.total_unsettled_pnl).toBe(0);
    expect(sandbox.wallet.settlements(accountId)).toEqual([
      expect.objectContaining({
        id: r.body.data.settle_pnl_id,
        oldBalance: before,
        settledAmount: unsettled,
        symbols: [{ symbol: 'PERP_ETH_USDC', settledAmount: unsettled }],
      }),
    ]);
    const replay = await client.post('/v1/settle_pnl', body);
    expect(replay.body.code).toBe(-1007);
  });
});
