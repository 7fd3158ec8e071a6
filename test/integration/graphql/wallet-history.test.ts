/**
 * Withdrawals and PnL settlements in the account history (gateway in-process, sandbox over
 * HTTP, messages signed by a wallet key with viem): a settlement and a withdrawal sent through
 * the gateway show in `pnlSettlements` and `assetHistory` read right after, although both
 * lists were cached just before (the mutations drop those caches; this harness runs no account
 * stream that could); a withdrawal's row follows its status as the sandbox moves it; and both
 * lists, walked a page at a time while new settlements and withdrawals arrive between pages,
 * end with exactly the rows of their first page's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_ADDRESSES } from '../../../src/contract/wallet.ts';
import { WINDOW_MARGIN_MS } from '../../../src/upstream/rate-limit.ts';
import { type Harness, startHarness } from '../../helpers/graphql-harness.ts';
import { makeWallet, TEST_CHAIN_ID, type TestWallet } from '../../helpers/wallet.ts';
import { type Any, historyKit, type Trader } from './history-kit.ts';

const STEP_MS = 100;
/** The gateway's settle_pnl budget: 1 per second, plus its window margin (WINDOW_MARGIN_MS). */
const SETTLE_GAP_MS = 1_000 + WINDOW_MARGIN_MS;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ limits: false, withdrawalStepMs: STEP_MS });
});
afterAll(() => h.close());

const { run, expectNoLossNoRepeat, ...kit } = historyKit(() => h);
const ETH = 'PERP_ETH_USDC';

interface WalletTrader extends Trader {
  wallet: TestWallet;
}

function walletTrader(): WalletTrader {
  const wallet = makeWallet();
  return { ...kit.trader({ balance: 10_000, wallet }), wallet };
}

const envelope = (t: WalletTrader) => ({
  userAddress: t.wallet.address,
  verifyingContract: LEDGER_ADDRESSES.testnet,
});

/** Reads a nonce, has the wallet sign the settlement, sends it; the settlement id. */
async function settle(t: WalletTrader): Promise<number> {
  const settleNonce = (await run(t, '{ settleNonce }')).data.settleNonce as number;
  const message = { brokerId: 'demo', chainId: TEST_CHAIN_ID, settleNonce, timestamp: h.now() };
  const input = { ...envelope(t), signature: await t.wallet.signSettle(message), message };
  const r = await run(
    t,
    'mutation($input: SettlePnlInput!) { settlePnl(input: $input) { __typename ... on SettlePnlSuccess { settlePnlId } ... on Error { message } } }',
    { input },
  );
  expect(r.data?.settlePnl?.__typename, JSON.stringify(r)).toBe('SettlePnlSuccess');
  return r.data.settlePnl.settlePnlId;
}

/** The same for a withdrawal of `amount` (USDC's smallest units); the withdrawal id. */
async function withdraw(t: WalletTrader, amount: string): Promise<number> {
  const withdrawNonce = (await run(t, '{ withdrawNonce }')).data.withdrawNonce as number;
  const message = {
    brokerId: 'demo',
    chainId: TEST_CHAIN_ID,
    receiver: t.wallet.address,
    token: 'USDC',
    amount,
    withdrawNonce,
    timestamp: h.now(),
  };
  const input = { ...envelope(t), signature: await t.wallet.signWithdraw(message), message };
  const r = await run(
    t,
    'mutation($input: WithdrawalInput!) { requestWithdrawal(input: $input) { __typename ... on RequestWithdrawalSuccess { withdrawId } ... on Error { message } } }',
    { input },
  );
  expect(r.data?.requestWithdrawal?.__typename, JSON.stringify(r)).toBe('RequestWithdrawalSuccess');
  return r.data.requestWithdrawal.withdrawId;
}

const SETTLEMENTS =
  '{ account { pnlSettlements(first: 5) { totalCount edges { node { id settledAmount oldBalance newBalance symbols { symbol value } } } } } }';
const ASSETS =
  '{ account { assetHistory(first: 5) { totalCount edges { node { id side token amount status txId } } } } }';

describe('a settlement, then a withdrawal, each in its list read right after', () => {
  it('the gateway drops the cached list on the mutation; the row is the sandbox record', async () => {
    const t = walletTrader();
    h.sandbox.setMidPrice(ETH, 3_000);
    const order = { symbol: ETH, order_type: 'MARKET', side: 'BUY', order_quantity: 2 };
    expect((await t.rest.order(order)).status).toBe(200);
    h.sandbox.setMidPrice(ETH, 3_100);
    // Both lists cached: read again, they are the cache's (nothing sent).
    await run(t, SETTLEMENTS);
    await run(t, ASSETS);
    h.sandbox.resetRequestLog();
    expect((await run(t, SETTLEMENTS)).data.account.pnlSettlements.totalCount).toBe(0);
    expect((await run(t, ASSETS)).data.account.assetHistory.totalCount).toBe(1); // the deposit
    expect(h.upstreamCalls()).toBe(0);

    const settlePnlId = await settle(t);
    const [record] = h.sandbox.wallet.settlements(t.account.accountId);
    expect(record?.settledAmount).toBeGreaterThan(190);
    const settled = (await run(t, SETTLEMENTS)).data.account.pnlSettlements;
    expect(settled).toEqual({
      totalCount: 1,
      edges: [
        {
          node: {
            id: String(settlePnlId),
            settledAmount: record!.settledAmount,
            oldBalance: record!.oldBalance,
            newBalance: record!.newBalance,
            symbols: [{ symbol: ETH, value: record!.settledAmount }],
          },
        },
      ],
    });

    const withdrawId = await withdraw(t, '12500000');
    const assets = (await run(t, ASSETS)).data.account.assetHistory;
    // Same millisecond as the deposit (the clock stands still): found by id.
    const row = (list: Any, id: number) => list.edges.find((e: Any) => e.node.id === String(id));
    expect(assets.totalCount).toBe(2);
    expect(row(assets, withdrawId)?.node).toMatchObject({
      id: String(withdrawId),
      side: 'WITHDRAW',
      token: 'USDC',
      amount: 12.5,
    });
    expect(h.upstreamCalls({ path: '/v1/pnl_settlement/history' })).toBe(1);
    expect(h.upstreamCalls({ path: '/v1/asset/history' })).toBe(1);

    // The row follows the withdrawal's status (once the sandbox completed it and the entry aged).
    const mine = () =>
      h.sandbox.wallet.withdrawals(t.account.accountId).find((w) => w.id === withdrawId);
    await expect.poll(() => mine()?.status, { timeout: 20 * STEP_MS }).toBe('COMPLETED');
    h.advance(1_000);
    const done = row((await run(t, ASSETS)).data.account.assetHistory, withdrawId)?.node;
    expect(done).toMatchObject({ id: String(withdrawId), status: 'COMPLETED' });
    expect(done.txId).toBe(mine()?.txId);
    expect(done.txId).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe('pages while withdrawals and settlements arrive between them', () => {
  it('assetHistory: the seeded deposit and withdrawals (three in one millisecond)', async () => {
    const t = walletTrader();
    for (let i = 0; i < 3; i++) await withdraw(t, '1000000');
    await expectNoLossNoRepeat(
      t,
      {
        field: 'assetHistory',
        node: 'id side amount status',
        key: (n) => n.id,
        first: 1,
        between: async () => {
          h.advance(60_000); // GET /v1/asset/history: 10 per 60 s
          await withdraw(t, '1000000');
        },
      },
      '/v1/asset/history?size=500',
      (row: Any) => row.id,
    );
  });

  it('pnlSettlements: settlements between pages', async () => {
    const t = walletTrader();
    for (let i = 0; i < 3; i++) {
      h.advance(SETTLE_GAP_MS);
      await settle(t);
    }
    await expectNoLossNoRepeat(
      t,
      {
        field: 'pnlSettlements',
        node: 'id requestedTime',
        key: (n) => n.id,
        first: 1,
        between: async () => {
          h.advance(SETTLE_GAP_MS);
          await settle(t);
        },
      },
      '/v1/pnl_settlement/history?size=500',
      (row: Any) => String(row.id),
    );
  });
});
