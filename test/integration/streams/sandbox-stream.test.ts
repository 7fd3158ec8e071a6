/** The sandbox's WebSocket streams over real sockets: auth, topics, pushes, heartbeats, control. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { makeAccount, SandboxClient, type TestAccount } from '../../helpers/sandbox-client.ts';
import { RawStream } from './raw-client.ts';

let sandbox: Sandbox;
const clock = { now: Date.UTC(2024, 5, 1, 12) };
const withAddress = (account: TestAccount, address: string): TestAccount => ({
  ...account,
  seed: { ...account.seed, userAddress: address },
});
const trader = withAddress(makeAccount(), `0x${'11'.repeat(20)}`);
const other = withAddress(makeAccount(), `0x${'22'.repeat(20)}`);
const thin = makeAccount();
let client: SandboxClient;
let otherClient: SandboxClient;
const open: RawStream[] = [];
let sequence = 0;

beforeAll(async () => {
  sandbox = await createSandbox({
    seed: {
      brokerId: 'demo',
      accounts: [trader.seed, other.seed, { ...thin.seed, balance: 1_000 }],
    },
    clock: () => clock.now,
    limits: false,
    stream: { tickerIntervalMs: 20, pingIntervalMs: 20, maxMissedPongs: 3 },
  });
  client = new SandboxClient(sandbox.url, trader, () => clock.now);
  otherClient = new SandboxClient(sandbox.url, other, () => clock.now);
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => sandbox.close());

async function stream(kind: 'public' | 'private', accountId: string, opts = {}) {
  const path = kind === 'public' ? `/ws/stream/${accountId}` : `/v2/ws/private/stream/${accountId}`;
  const s = await RawStream.open(sandbox.url + path, opts);
  open.push(s);
  return s;
}

async function privateStream(account: TestAccount, topics: string[]) {
  const s = await stream('private', account.accountId);
  expect(await s.auth(account.secret, account.accountId, clock.now)).toMatchObject({
    event: 'auth',
    success: true,
  });
  for (const topic of topics) expect((await s.subscribe(topic)).success).toBe(true);
  return s;
}

const order = (over: Record<string, unknown> = {}) => ({
  symbol: 'PERP_ETH_USDC',
  order_type: 'LIMIT',
  side: 'BUY',
  order_price: 2900,
  order_quantity: 1,
  client_order_id: `s${++sequence}`,
  ...over,
});

describe('private stream', () => {
  it('pushes execution reports, the changed position row and the balance on a fill', async () => {
    const s = await privateStream(trader, ['executionreport', 'position', 'balance']);
    const taker = order({ order_price: 3050, order_quantity: 0.5 });
    expect((await client.order(taker)).status).toBe(200);
    const mine = (f: { topic?: string; data?: { clientOrderId?: string } }) =>
      f.topic === 'executionreport' && f.data?.clientOrderId === taker.client_order_id;
    const placed = await s.next((f) => mine(f) && f.data.status === 'NEW');
    expect(placed).toMatchObject({
      ts: clock.now,
      data: { tradeId: 0, side: 'BUY', type: 'LIMIT' },
    });
    const fill = await s.next((f) => mine(f) && f.data.tradeId !== 0);
    expect(fill.data).toMatchObject({
      symbol: 'PERP_ETH_USDC',
      orderId: placed.data.orderId,
      status: 'FILLED',
      executedQuantity: 0.5,
      totalExecutedQuantity: 0.5,
      feeAsset: 'USDC',
      marginMode: 'CROSS',
      reduceOnly: false,
    });
    expect(fill.data.executedPrice).toBeGreaterThan(3000);
    expect(fill.data.avgPrice).toBe(fill.data.executedPrice);
    expect(fill.data.fee).toBeGreaterThan(0);
    const position = await s.next((f) => f.topic === 'position');
    expect(position.data.positions).toEqual([
      expect.objectContaining({
        symbol: 'PERP_ETH_USDC',
        positionQty: 0.5,
        averageOpenPrice: fill.data.executedPrice,
        marginMode: 'CROSS',
      }),
    ]);
    const balance = await s.next((f) => f.topic === 'balance');
    expect(balance.data.balances.USDC.holding).toBeLessThan(1_000_000);
  });

  it('reports a cancel and an edit (replaced) of a resting order', async () => {
    const s = await privateStream(trader, ['executionreport']);
    const resting = order();
    await client.order(resting);
    const of = (status: string) => (f: { data?: { clientOrderId?: string; status?: string } }) =>
      f.data?.clientOrderId === resting.client_order_id && f.data?.status === status;
    const placed = await s.next(of('NEW'));
    expect(
      (
        await client.put(
          '/v1/order',
          client.signed({
            order_id: placed.data.orderId,
            symbol: 'PERP_ETH_USDC',
            order_price: 2901,
            order_quantity: 1,
            side: 'BUY',
            order_type: 'LIMIT',
          }),
        )
      ).status,
    ).toBe(200);
    await s.next((f) => of('REPLACED')(f) && f.data.price === 2901);
    await client.cancel('/v1/client/order', {
      client_order_id: resting.client_order_id,
      symbol: 'PERP_ETH_USDC',
    });
    expect((await s.next(of('CANCELLED'))).data.reason).toBe('cancelled by the user');
  });

  it("never sends one account's events to another", async () => {
    const mine = await privateStream(trader, ['executionreport']);
    const theirs = await privateStream(other, ['executionreport']);
    const a = order();
    await client.order(a);
    await mine.next((f) => f.data?.clientOrderId === a.client_order_id);
    const b = order();
    await otherClient.order(b);
    // Pushes to one socket keep their order: once b arrived, a would have arrived before it.
    await theirs.next((f) => f.data?.clientOrderId === b.client_order_id);
    expect(theirs.pushes('executionreport').map((f) => f.data.clientOrderId)).not.toContain(
      a.client_order_id,
    );
    expect(mine.pushes('executionreport').map((f) => f.data.clientOrderId)).not.toContain(
      b.client_order_id,
    );
  });

  it('pushes wallet events: control endpoint and internal transfers', async () => {
    const s = await privateStream(trader, ['wallet', 'balance']);
    const r = await fetch(`${sandbox.url}/sandbox/accounts/${trader.accountId}/wallet-events`, {
      method: 'POST',
      body: JSON.stringify({
        side: 'WITHDRAW',
        token: 'USDC',
        amount: 25,
        status: 'PENDING_REBALANCE',
      }),
    });
    expect(r.status).toBe(200);
    const pending = await s.next((f) => f.topic === 'wallet');
    expect(pending.data).toMatchObject({
      side: 'WITHDRAW',
      amount: 25,
      trans_status: 'PENDING_REBALANCE',
    });
    const receiver = await privateStream(other, ['wallet']);
    const transfer = await client.post('/v2/internal_transfer', {
      signature: `0x${'ab'.repeat(65)}`,
      userAddress: trader.seed.userAddress,
      verifyingContract: `0x${'12'.repeat(20)}`,
      message: {
        receiver: other.accountId,
        token: 'USDC',
        amount: '10',
        transferNonce: String(++sequence),
        chainId: '421614',
        chainType: 'EVM',
      },
    });
    expect(transfer.status).toBe(200);
    const out = await s.next(
      (f) =>
        f.topic === 'wallet' && f.data.side === 'WITHDRAW' && f.data.trans_status === 'COMPLETED',
    );
    expect(out.data.amount).toBe(10);
    expect((await receiver.next((f) => f.topic === 'wallet')).data).toMatchObject({
      side: 'DEPOSIT',
      amount: 10,
    });
    await s.next((f) => f.topic === 'balance');
  });

  it("refuses a bad signature, another account's key, and topics before auth", async () => {
    const early = await stream('private', trader.accountId);
    expect(await early.subscribe('executionreport')).toMatchObject({
      success: false,
      errorMsg: 'auth failed',
    });
    expect(await early.subscribe('demo$tickers')).toMatchObject({
      success: false,
      errorMsg: 'invalid topic demo$tickers',
    });
    const wrongKey = await stream('private', trader.accountId);
    expect(await wrongKey.auth(other.secret, trader.accountId, clock.now)).toMatchObject({
      success: false,
      errorMsg: 'auth failed',
    });
    expect((await wrongKey.waitClosed()).code).toBe(1008);
    const stale = await stream('private', trader.accountId);
    expect((await stale.auth(trader.secret, trader.accountId, clock.now - 301_000)).success).toBe(
      false,
    );
    await stale.waitClosed();
  });
});

describe('liquidations', () => {
  it('closes the positions of an account a mid move takes below maintenance margin', async () => {
    const s = await privateStream(thin, [
      'liquidationsaccount',
      'position',
      'balance',
      'executionreport',
    ]);
    const thinClient = new SandboxClient(sandbox.url, thin, () => clock.now);
    const buy = await thinClient.order(
      order({ order_type: 'MARKET', order_price: undefined, order_quantity: 5 }),
    );
    expect(buy.status).toBe(200);
    const resting = order({ order_price: 2000, order_quantity: 0.1 });
    expect((await thinClient.order(resting)).status).toBe(200);
    await s.next((f) => f.topic === 'position' && f.data.positions[0].positionQty === 5);
    // A small move leaves it alone; 150 down takes 750 of its 1,000 of collateral.
    sandbox.setMidPrice('PERP_ETH_USDC', 2990);
    sandbox.setMidPrice('PERP_ETH_USDC', 2850);
    const liquidation = await s.next((f) => f.topic === 'liquidationsaccount');
    expect(liquidation.data).toEqual([
      {
        liquidationId: expect.any(Number),
        timestamp: clock.now,
        positionsByPerp: [
          {
            symbol: 'PERP_ETH_USDC',
            marginMode: 'CROSS',
            positionQty: 5,
            transferPrice: 2850,
            liquidatorFee: 142.5,
          },
        ],
      },
    ]);
    expect(s.pushes('liquidationsaccount')).toHaveLength(1);
    await s.next((f) => f.topic === 'position' && f.data.positions[0].positionQty === 0);
    const cancelled = await s.next(
      (f) => f.data?.clientOrderId === resting.client_order_id && f.data.status === 'CANCELLED',
    );
    expect(cancelled.data.reason).toBe('cancelled by liquidation');
    sandbox.setMidPrice('PERP_ETH_USDC', 3000);
  });
});

describe('public stream', () => {
  it('pushes the broker tickers and one symbol ticker periodically', async () => {
    const s = await stream('public', 'anyone');
    expect(await s.subscribe('demo$tickers')).toMatchObject({ success: true });
    expect((await s.subscribe('demo$PERP_BTC_USDC@ticker')).success).toBe(true);
    expect(await s.subscribe('other$tickers')).toMatchObject({
      success: false,
      errorMsg: 'invalid topic other$tickers',
    });
    expect((await s.subscribe('executionreport')).errorMsg).toBe('invalid topic executionreport');
    const all = await s.next((f) => f.topic === 'demo$tickers');
    expect(all.data.map((t: { symbol: string }) => t.symbol)).toContain('PERP_ETH_USDC');
    const one = await s.next((f) => f.topic === 'demo$PERP_BTC_USDC@ticker');
    expect(Object.keys(one.data).sort()).toEqual([
      'amount',
      'close',
      'count',
      'high',
      'low',
      'open',
      'symbol',
      'volume',
    ]);
    const before = one.data.count as number;
    await client.order(
      order({
        symbol: 'PERP_BTC_USDC',
        order_type: 'MARKET',
        order_price: undefined,
        order_quantity: 0.01,
      }),
    );
    await s.next((f) => f.topic === 'demo$PERP_BTC_USDC@ticker' && f.data.count > before);
  });

  it('sends the maintenance status on subscribe and on change; maintenance cancels pending orders', async () => {
    const s = await stream('public', 'anyone');
    const trades = await privateStream(trader, ['executionreport']);
    expect((await s.subscribe('maintenance_status')).success).toBe(true);
    expect((await s.next((f) => f.topic === 'maintenance_status')).data).toEqual({ status: 0 });
    const resting = order();
    await client.order(resting);
    const control = (body: unknown) =>
      fetch(`${sandbox.url}/sandbox/maintenance`, { method: 'POST', body: JSON.stringify(body) });
    const bad = await control({ status: 1 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^status: /);
    expect((await control({ status: 2, endTime: clock.now + 60_000 })).status).toBe(200);
    expect((await s.next((f) => f.data?.status === 2)).data.endTime).toBe(clock.now + 60_000);
    const cancelled = await trades.next(
      (f) => f.data?.clientOrderId === resting.client_order_id && f.data.status === 'CANCELLED',
    );
    expect(cancelled.data.reason).toBe('cancelled for maintenance');
    await control({ status: 0 });
    await s.next(
      (f) => f.topic === 'maintenance_status' && f.data.status === 0 && f !== s.frames[0],
    );
  });
});

describe('heartbeats and connections', () => {
  it('answers client pings; drops a client that leaves server pings unanswered', async () => {
    const live = await stream('public', 'anyone');
    const silent = await stream('public', 'anyone', { autoPong: false });
    live.send({ event: 'ping' });
    expect((await live.next((f) => f.event === 'pong')).ts).toBe(clock.now);
    await silent.waitClosed();
    expect(silent.frames.filter((f) => f.event === 'ping').length).toBeGreaterThanOrEqual(3);
    // The answering client outlived more pings than the drop threshold.
    await live.next(() => live.frames.filter((f) => f.event === 'ping').length > 5);
    expect(live.closed).toBeUndefined();
  });

  it('counts connections and drops them on request, refusing new ones until accepted', async () => {
    const counts = async () =>
      (await (await fetch(`${sandbox.url}/sandbox/connections`)).json()).data;
    const a = await privateStream(trader, []);
    await stream('private', trader.accountId);
    await stream('public', 'x');
    expect(await counts()).toEqual({ public: 1, private: { [trader.accountId]: 2 } });
    const post = (path: string, body?: unknown) =>
      fetch(sandbox.url + path, {
        method: 'POST',
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const drop = await (await post('/sandbox/connections/drop', { refuse: true })).json();
    expect(drop.data).toEqual({ dropped: 3 });
    await a.waitClosed();
    await expect(stream('public', 'x')).rejects.toThrow(/503/);
    await post('/sandbox/connections/accept');
    await stream('public', 'x');
    expect(await counts()).toEqual({ public: 1, private: {} });
  });
});
