// @module-tag redis
/**
 * The wallet's records in the account history: a PnL settlement and a withdrawal made through
 * the gateway (messages signed by a wallet key with viem) are in `pnlSettlements` and
 * `assetHistory` when read right after, although both lists were read (and cached) before:
 * the two mutations drop their list's cache group, and the sandbox lists the wallet book's
 * own records, not fixtures. The withdrawal's row then follows its statuses to COMPLETED.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LEDGER_ADDRESSES } from '../../../src/contract/wallet.ts';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { makeWallet, TEST_CHAIN_ID, type TestWallet } from '../../helpers/wallet.ts';
import { makeCaller, type TestCaller } from '../server/harness.ts';
import { type LiveHarness, type Result, startLive } from './gateway-harness.ts';

let h: LiveHarness;
let wallet: TestWallet;
let w: TestCaller;
let rest: SandboxClient;

beforeAll(async () => {
  wallet = makeWallet();
  w = makeCaller('wallet-history', 'trader');
  w.entry.accountId = wallet.accountId('demo');
  h = await startLive({ replicas: 1, extra: [w], sandbox: { withdrawalStepMs: 30 } });
  h.sandbox.registerAccount({
    accountId: w.entry.accountId,
    key: w.key,
    role: 'trader',
    userAddress: wallet.address,
    balance: 10_000,
  });
  rest = new SandboxClient(h.sandbox.url, {
    accountId: w.entry.accountId,
    secret: w.entry.secret as string,
    tradingSecret: w.entry.tradingSecret as string,
  });
});
afterAll(() => h.close());

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const r = await fetch(h.replicas[0]!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${w.token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await r.json()) as Result;
  expect(body.errors).toBeUndefined();
  return body.data;
}

const LISTS = `{ account {
  assetHistory(first: 10, filter: { side: WITHDRAW }) { edges { node { id side amount status } } }
  pnlSettlements(first: 10) { edges { node { id settledAmount symbols { symbol value } } } }
} }`;

type Lists = {
  account: {
    assetHistory: { edges: { node: { id: string; amount: number; status: string } }[] };
    pnlSettlements: { edges: { node: { id: string; settledAmount: number } }[] };
  };
};
const lists = async () => (await gql(LISTS)) as Lists;

async function settle() {
  const nonce = (await gql('{ settleNonce }')).settleNonce as number;
  const message = {
    brokerId: 'demo',
    chainId: TEST_CHAIN_ID,
    settleNonce: nonce,
    timestamp: Date.now(),
  };
  const input = {
    signature: await wallet.signSettle(message),
    userAddress: wallet.address,
    verifyingContract: LEDGER_ADDRESSES.testnet,
    message,
  };
  const r = await gql(
    'mutation($input: SettlePnlInput!) { settlePnl(input: $input) { __typename ... on SettlePnlSuccess { settlePnlId } } }',
    { input },
  );
  return r.settlePnl as { __typename: string; settlePnlId: number };
}

async function withdraw(amount: string) {
  const nonce = (await gql('{ withdrawNonce }')).withdrawNonce as number;
  const message = {
    brokerId: 'demo',
    chainId: TEST_CHAIN_ID,
    receiver: wallet.address,
    token: 'USDC',
    amount,
    withdrawNonce: nonce,
    timestamp: Date.now(),
  };
  const input = {
    signature: await wallet.signWithdraw(message),
    userAddress: wallet.address,
    verifyingContract: LEDGER_ADDRESSES.testnet,
    message,
  };
  const r = await gql(
    'mutation($input: WithdrawalInput!) { requestWithdrawal(input: $input) { __typename ... on RequestWithdrawalSuccess { withdrawId } } }',
    { input },
  );
  return r.requestWithdrawal as { __typename: string; withdrawId: number };
}

it('lists a settlement and a withdrawal made through the gateway right after they are made', async () => {
  const before = await lists();
  expect(before.account.assetHistory.edges).toEqual([]);
  expect(before.account.pnlSettlements.edges).toEqual([]);

  const order = rest.signed({
    symbol: 'PERP_ETH_USDC',
    order_type: 'MARKET',
    side: 'BUY',
    order_quantity: 1,
  });
  expect((await rest.post('/v1/order', order)).status).toBe(200);
  h.sandbox.setMidPrice('PERP_ETH_USDC', 3_150);
  const unsettled = (await rest.get('/v1/positions')).body.data.total_unsettled_pnl as number;
  expect(unsettled).toBeGreaterThan(0);

  const settled = await settle();
  expect(settled.__typename).toBe('SettlePnlSuccess');
  const afterSettle = await lists();
  expect(afterSettle.account.pnlSettlements.edges.map((e) => e.node)).toEqual([
    {
      id: String(settled.settlePnlId),
      settledAmount: unsettled,
      symbols: [{ symbol: 'PERP_ETH_USDC', value: unsettled }],
    },
  ]);

  const sent = await withdraw('12500000');
  expect(sent.__typename).toBe('RequestWithdrawalSuccess');
  const afterWithdraw = await lists();
  expect(afterWithdraw.account.assetHistory.edges.map((e) => e.node)).toEqual([
    { id: String(sent.withdrawId), side: 'WITHDRAW', amount: 12.5, status: expect.any(String) },
  ]);
  await expect
    .poll(async () => (await lists()).account.assetHistory.edges[0]?.node.status, {
      timeout: 10_000,
      interval: 50,
    })
    .toBe('COMPLETED');
});
