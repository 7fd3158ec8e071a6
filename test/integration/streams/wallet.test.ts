// @module-tag redis
/**
 * requestWithdrawal and settlePnl end to end, two gateway replicas on one Redis in front of
 * the sandbox: messages signed by a wallet key with viem (the browser's part), sent through
 * the gateway, checked by the sandbox's own EIP-712 recovery; the withdrawal's statuses
 * arrive on accountEvents over graphql-ws. What the gateway can tell (another wallet, a
 * receiver that is not the wallet, a nonce already sent, by either replica) is refused
 * before any upstream call, and so is a message changed after signing (the gateway recovers the
 * signer with ox; the sandbox's own recovery refuses it too: test/integration/sandbox).
 * maxWithdrawable is the facts' formula on the account's REST figures. docs/api.md's
 * TypeScript example runs as written.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_ADDRESSES } from '../../../src/contract/wallet.ts';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { makeWallet, TEST_CHAIN_ID, type TestWallet } from '../../helpers/wallet.ts';
import { fencedBlocks, readDoc } from '../../unit/docs/markdown.ts';
import { makeCaller, type TestCaller } from '../server/harness.ts';
import {
  type LiveHarness,
  type Result,
  startLive,
  wsClient,
  wsSubscribe,
} from './gateway-harness.ts';

let h: LiveHarness;
let wallet: TestWallet;
let w: TestCaller;
let rest: SandboxClient;

beforeAll(async () => {
  wallet = makeWallet();
  w = makeCaller('wallet', 'trader');
  w.entry.accountId = wallet.accountId('demo');
  h = await startLive({ replicas: 2, extra: [w], sandbox: { withdrawalStepMs: 30 } });
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

async function gql(query: string, variables: Record<string, unknown> = {}, replica = 0) {
  const r = await fetch(h.replicas[replica]!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${w.token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await r.json()) as Result;
}

const RESULT = `__typename
  ... on Error { message code }
  ... on InputError { field rule upstreamCode }
  ... on UpstreamRejectedError { upstreamCode upstreamMessage }`;
const WITHDRAW = `mutation($input: WithdrawalInput!) {
  requestWithdrawal(input: $input) { ... on RequestWithdrawalSuccess { withdrawId } ${RESULT} }
}`;
const SETTLE = `mutation($input: SettlePnlInput!) {
  settlePnl(input: $input) { ... on SettlePnlSuccess { settlePnlId } ${RESULT} }
}`;

const calls = (path: string) => h.sandbox.requestCount({ method: 'POST', path });

/** What a frontend does: read a nonce, build the message, have the wallet sign it. */
async function signedWithdrawal(amount: string, signer = wallet) {
  const nonce = (await gql('{ withdrawNonce }')).data.withdrawNonce as number;
  const message = {
    brokerId: 'demo',
    chainId: TEST_CHAIN_ID,
    receiver: signer.address,
    token: 'USDC',
    amount,
    withdrawNonce: nonce,
    timestamp: Date.now(),
  };
  const signature = await signer.signWithdraw(message);
  return {
    signature,
    userAddress: signer.address,
    verifyingContract: LEDGER_ADDRESSES.testnet,
    message,
  };
}

describe('requestWithdrawal', () => {
  it('sends the signed message; its statuses arrive on accountEvents', async () => {
    const client = wsClient(h.replicas[0]!, w.token);
    const sub = wsSubscribe(
      client,
      'subscription { accountEvents { ... on WithdrawalStatusEvent { id side token amount status } } }',
    );
    await expect
      .poll(() => h.replicas[0]!.gateway.live.hub.accountReady(w.entry.accountId), { interval: 10 })
      .toBe(true);
    const r = await gql(WITHDRAW, { input: await signedWithdrawal('12500000') });
    const id = r.data.requestWithdrawal.withdrawId;
    expect(r.data.requestWithdrawal).toEqual({
      __typename: 'RequestWithdrawalSuccess',
      withdrawId: expect.any(Number),
    });
    const of = (status: string) => (x: Result) =>
      x.data?.accountEvents?.id === String(id) && x.data.accountEvents.status === status;
    await sub.next(of('PENDING'));
    const done = await sub.next(of('COMPLETED'));
    expect(done.data.accountEvents).toEqual({
      id: String(id),
      side: 'WITHDRAW',
      token: 'USDC',
      amount: 12.5,
      status: 'COMPLETED',
    });
    expect(calls('/v1/withdraw_request')).toBe(1);
    sub.stop();
    await client.dispose();
  });

  it('refuses a replayed nonce on either replica before the upstream', async () => {
    const input = await signedWithdrawal('1000000');
    expect((await gql(WITHDRAW, { input })).data.requestWithdrawal.withdrawId).toBeTypeOf('number');
    const sent = calls('/v1/withdraw_request');
    for (const replica of [0, 1]) {
      const again = await gql(WITHDRAW, { input }, replica);
      expect(again.data.requestWithdrawal).toMatchObject({
        __typename: 'InputError',
        code: 'BAD_USER_INPUT',
        field: 'input.message.withdrawNonce',
        rule: 'nonceUsed',
      });
    }
    expect(calls('/v1/withdraw_request')).toBe(sent);
  });

  it('refuses another wallet and a receiver that is not the wallet, before the upstream', async () => {
    const sent = calls('/v1/withdraw_request');
    const other = await signedWithdrawal('1000000', makeWallet());
    const r = await gql(WITHDRAW, { input: other });
    expect(r.data.requestWithdrawal).toMatchObject({
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      field: 'input.userAddress',
      rule: 'accountWallet',
    });
    const mine = await signedWithdrawal('1000000');
    const elsewhere = { ...mine, message: { ...mine.message, receiver: makeWallet().address } };
    const r2 = await gql(WITHDRAW, { input: elsewhere });
    expect(r2.data.requestWithdrawal).toMatchObject({
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      field: 'input.message.receiver',
      rule: 'receiverIsWallet',
    });
    expect(calls('/v1/withdraw_request')).toBe(sent);
  });

  it('refuses a message changed after signing before the upstream; the nonce stays usable', async () => {
    const input = await signedWithdrawal('1000000');
    const tampered = { ...input, message: { ...input.message, amount: '900000000' } };
    const sent = calls('/v1/withdraw_request');
    const r = await gql(WITHDRAW, { input: tampered });
    expect(r.data.requestWithdrawal).toMatchObject({
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      field: 'input.signature',
      rule: 'walletSignature',
    });
    expect(calls('/v1/withdraw_request')).toBe(sent);
    const ok = await gql(WITHDRAW, { input });
    expect(ok.data.requestWithdrawal.withdrawId).toBeTypeOf('number');
  });
});

describe('settlePnl', () => {
  it("settles a position's profit once; a replay and a tampered message are refused", async () => {
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
    const nonce = (await gql('{ settleNonce }')).data.settleNonce as number;
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
    const tampered = { ...input, message: { ...message, timestamp: message.timestamp + 1 } };
    const before = calls('/v1/settle_pnl');
    const bad = await gql(SETTLE, { input: tampered });
    expect(bad.data.settlePnl).toMatchObject({
      __typename: 'InputError',
      field: 'input.signature',
      rule: 'walletSignature',
    });
    expect(calls('/v1/settle_pnl')).toBe(before);
    const r = await gql(SETTLE, { input });
    expect(r.data.settlePnl).toEqual({
      __typename: 'SettlePnlSuccess',
      settlePnlId: expect.any(Number),
    });
    const [settled] = h.sandbox.wallet.settlements(w.entry.accountId);
    expect(settled).toMatchObject({ id: r.data.settlePnl.settlePnlId, settledAmount: unsettled });
    const sent = calls('/v1/settle_pnl');
    const again = await gql(SETTLE, { input }, 1);
    expect(again.data.settlePnl).toMatchObject({
      __typename: 'InputError',
      field: 'input.message.settleNonce',
      rule: 'nonceUsed',
    });
    expect(calls('/v1/settle_pnl')).toBe(sent);
  });
});

describe('Account.maxWithdrawable', () => {
  /** The facts' formula, restated on the account's REST figures. */
  async function formula(): Promise<number> {
    const [positions, holding, info, rules] = await Promise.all([
      rest.get('/v1/positions'),
      rest.get('/v1/client/holding'),
      rest.get('/v1/client/info'),
      rest.get('/v1/public/info'),
    ]);
    const usdc = holding.body.data.holding.find((x: { token: string }) => x.token === 'USDC');
    const baseImr = new Map<string, number>(
      rules.body.data.rows.map((r: { symbol: string; base_imr: number }) => [r.symbol, r.base_imr]),
    );
    let collateral = usdc.holding + usdc.pending_short;
    let margin = 0;
    let unsettled = 0;
    for (const row of positions.body.data.rows) {
      unsettled += row.unsettled_pnl;
      if (row.margin_mode !== 'CROSS') continue;
      collateral += row.unsettled_pnl;
      const {
        mark_price: mark,
        position_qty: q,
        pending_long_qty: buy,
        pending_short_qty: sell,
      } = row;
      const size =
        info.body.data.imr_factor[row.symbol] * Math.abs(mark * q + mark * (buy - sell)) ** 0.8;
      const rate = Math.max(1 / row.leverage, baseImr.get(row.symbol)!, size);
      margin += Math.abs(mark * Math.max(Math.abs(q + buy), Math.abs(q - sell))) * rate;
    }
    const free = Math.max(0, collateral - margin);
    const most = Math.max(0, Math.min(usdc.holding, free - Math.max(unsettled, 0)));
    return Math.floor(most * 1e6) / 1e6;
  }

  it('is the formula on a funded account with a position; the sandbox holds to it', async () => {
    await expect
      .poll(async () =>
        h.sandbox.wallet.withdrawals(w.entry.accountId).every((x) => x.status === 'COMPLETED'),
      )
      .toBe(true);
    h.sandbox.setMidPrice('PERP_ETH_USDC', 3_200);
    const rows = (await rest.get('/v1/positions')).body.data.rows;
    expect(rows).toEqual([expect.objectContaining({ position_qty: 1 })]);
    expect(rows[0].unsettled_pnl).toBeGreaterThan(0);
    const r = await gql('{ account { maxWithdrawable(token: "USDC") } }');
    const max = r.data.account.maxWithdrawable as number;
    const expected = await formula();
    expect(max).toBeCloseTo(expected, 6);
    const units = (usdc: number) => String(Math.round(usdc * 1e6));
    const over = await gql(WITHDRAW, { input: await signedWithdrawal(units(max + 1)) });
    expect(over.data.requestWithdrawal).toMatchObject({ upstreamCode: -1009 });
    const under = await gql(WITHDRAW, { input: await signedWithdrawal(units(max - 1)) });
    expect(under.data.requestWithdrawal.withdrawId).toBeTypeOf('number');
    const bad = await gql('{ account { maxWithdrawable(token: "ETH") } }');
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', rule: 'token' });
  });
});

describe('docs/api.md, "Withdrawals and PnL settlement"', () => {
  /** The page's TypeScript block, compiled as a frontend's build would and imported. */
  async function pageExample() {
    const block = fencedBlocks(readDoc('docs/api.md'), 'ts').find((b) =>
      b.includes('withdrawUsdc'),
    );
    const js = ts.transpileModule(block!, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const file = join(mkdtempSync(join(tmpdir(), 'svc-doc-')), 'withdraw.mjs');
    writeFileSync(file, js);
    return import(pathToFileURL(file).href);
  }

  it('runs as written: a withdrawal and a settlement the wallet signs', async () => {
    const { withdrawUsdc, settlePnl, usdcUnits } = await pageExample();
    const gqlData = async (query: string, variables?: Record<string, unknown>) => {
      const r = await gql(query, variables);
      if (r.errors) throw new Error(JSON.stringify(r.errors));
      return r.data;
    };
    const browserWallet = {
      address: wallet.address,
      signTypedData: (typed: never) => wallet.account.signTypedData(typed),
    };
    expect(usdcUnits('12.5')).toBe('12500000');
    expect(() => usdcUnits('0.1234567')).toThrow();
    // Profit is withdrawable once settled: the earlier test left the account near its maximum.
    const settled = await settlePnl(gqlData, browserWallet, 'demo', TEST_CHAIN_ID);
    expect(settled).toEqual({ __typename: 'SettlePnlSuccess', settlePnlId: expect.any(Number) });
    const sent = await withdrawUsdc(gqlData, browserWallet, '3.25', 'demo', TEST_CHAIN_ID);
    expect(sent).toEqual({
      __typename: 'RequestWithdrawalSuccess',
      withdrawId: expect.any(Number),
    });
    const record = h.sandbox.wallet.withdrawals(w.entry.accountId).at(-1);
    expect(record).toMatchObject({ id: sent.withdrawId, amount: 3.25 });
  });
});
