/**
 * The account history the sandbox keeps as its engine runs (market-algo-risk-facts.md §6):
 * trades with maker/taker, realized PnL and match ids; positions closed by fills, by a flip
 * and by the liquidator; funding at every period; seeded deposits and internal transfers;
 * each list newest first with its window and filters checked like every other query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, SandboxClient } from '../../helpers/sandbox-client.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { fresh, place, resting } from './lifecycle.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

const ETH = 'PERP_ETH_USDC';
const NEAR = 'PERP_NEAR_USDC';
const HOUR = 3_600_000;
const market = (side: string, quantity: number, symbol = ETH) => ({
  symbol,
  order_type: 'MARKET',
  side,
  order_quantity: quantity,
});
const rows = async (c: SandboxClient, path: string) => {
  const r = await c.get(path);
  expect(r.status, r.text).toBe(200);
  return r.body.data.rows as Record<string, unknown>[];
};

describe('GET /v1/trades and /v1/order/{order_id}/trades', () => {
  it('both sides of a match: maker and taker, one match id; a closing fill realizes PnL', async () => {
    const maker = fresh(f);
    const taker = fresh(f);
    const resting3000 = resting({ side: 'SELL', order_price: 3000, order_quantity: 1 });
    const sell = await place(maker, resting3000);
    f.clock.now += 1_000;
    const buy = await place(taker, resting({ order_price: 3000, order_quantity: 1 }));
    f.clock.now += 1_000;
    await place(taker, market('SELL', 1));
    const [closing, opening] = await rows(taker, '/v1/trades');
    expect(opening).toMatchObject({ order_id: buy, is_maker: 0, executed_price: 3000 });
    const [made] = await rows(maker, `/v1/order/${sell}/trades`);
    expect(made).toMatchObject({
      order_id: sell,
      is_maker: 1,
      side: 'SELL',
      match_id: opening?.id,
    });
    expect(opening?.match_id).toBe(opening?.id);
    expect(closing).toMatchObject({ side: 'SELL', is_maker: 0, fee_asset: 'USDC' });
    const price = closing?.executed_price as number;
    expect(closing?.realized_pnl).toBeCloseTo(price - 3000, 8);
    expect(closing?.executed_timestamp).toBe(f.clock.now);
    expect(await rows(taker, `/v1/trades?symbol=PERP_BTC_USDC`)).toEqual([]);
    expect(await rows(taker, `/v1/trades?end_t=${f.clock.now - 1}`)).toEqual([opening]);
    // Another account's order: -1006, as GET /v1/order/{order_id} answers.
    expect((await taker.get(`/v1/order/${sell}/trades`)).body.code).toBe(-1006);
  });

  it('newest first, ties by id; only the latest 500 matching, an earlier end_t reaches older', async () => {
    const c = fresh(f);
    // MARKET orders sweeping several synthetic levels: several fills in one millisecond each.
    await place(c, market('BUY', 45));
    const perOrder = (await rows(c, '/v1/trades')).length;
    const orders = Math.ceil(600 / perOrder);
    for (let i = 1; i < orders; i++) {
      f.clock.now += 1;
      await place(c, market(i % 2 === 0 ? 'BUY' : 'SELL', 45));
    }
    const latest = (await c.get('/v1/trades?size=500')).body.data;
    expect(latest.meta.total).toBe(500);
    const ids = latest.rows.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const times = latest.rows.map((r: { executed_timestamp: number }) => r.executed_timestamp);
    expect(new Set(times).size).toBeLessThan(times.length);
    const page2 = (await c.get('/v1/trades?size=2&page=2')).body.data;
    expect(page2.meta).toEqual({ total: 500, records_per_page: 2, current_page: 2 });
    expect(page2.rows).toEqual(latest.rows.slice(2, 4));
    // The oldest fills are past the 500 newest; a window that ends before them reaches them.
    const oldest = latest.rows.at(-1).executed_timestamp;
    const older = await rows(c, `/v1/trades?size=500&end_t=${oldest - 1}`);
    expect(older.length).toBe(
      orders * perOrder - 500 - (perOrder - times.filter((t: number) => t === oldest).length),
    );
    expect(older.every((r) => (r.executed_timestamp as number) < oldest)).toBe(true);
  });
});

describe('GET /v1/position_history', () => {
  it('a position closed by fills, and a flip that closes one and opens the other side', async () => {
    const c = fresh(f);
    const opened = f.clock.now;
    await place(c, market('BUY', 2));
    f.clock.now += 1_000;
    await place(c, market('SELL', 1));
    f.clock.now += 1_000;
    await place(c, market('SELL', 3)); // closes the long's last 1, opens a short of 2
    const [first] = await rows(c, '/v1/position_history?limit=10');
    f.clock.now += 1_000;
    await place(c, market('BUY', 2));
    const [short, long] = await rows(c, '/v1/position_history?limit=10');
    expect(long).toEqual(first);
    expect(long).toMatchObject({
      status: 'closed',
      type: 'normal',
      side: 'LONG',
      max_position_qty: 2,
      closed_position_qty: 2,
      open_timestamp: opened,
      close_timestamp: opened + 2_000,
      margin_mode: 'CROSS',
      leverage: 20,
    });
    expect(short).toMatchObject({
      side: 'SHORT',
      max_position_qty: 2,
      closed_position_qty: 2,
      open_timestamp: opened + 2_000,
      close_timestamp: f.clock.now,
    });
    // The long realized what the fills of its two closing orders realized.
    const trades = await rows(c, '/v1/trades');
    const realized = (orderIds: unknown[]) =>
      trades
        .filter((t) => orderIds.includes(t.order_id))
        .reduce((sum, t) => sum + (t.realized_pnl as number), 0);
    const orders = [...new Set(trades.map((t) => t.order_id))].reverse();
    expect(long?.realized_pnl as number).toBeCloseTo(realized(orders.slice(1, 3)), 6);
    expect(short?.realized_pnl as number).toBeCloseTo(realized(orders.slice(3)), 6);
    expect(await rows(c, '/v1/position_history?limit=1')).toEqual([short]);
    expect(await rows(c, `/v1/position_history?limit=10&symbol=${NEAR}`)).toEqual([]);
  });
});

describe('GET /v1/liquidations', () => {
  it('a mid move below maintenance: the liquidation row, and the position closed as liquidated', async () => {
    const thin = fresh(f, 1_000);
    await place(thin, market('BUY', 5));
    f.clock.now += 1_000;
    f.sandbox.setMidPrice(ETH, 2850);
    try {
      const [row] = await rows(thin, '/v1/liquidations');
      expect(row).toMatchObject({
        timestamp: f.clock.now,
        positions_by_perp: [
          { symbol: ETH, position_qty: 5, transfer_price: 2850, liquidator_fee: 142.5 },
        ],
      });
      expect(row?.margin_ratio as number).toBeLessThan(row?.account_mmr as number);
      const [closed] = await rows(thin, '/v1/position_history?limit=5');
      expect(closed).toMatchObject({
        type: 'liquidated',
        liquidation_id: row?.liquidation_id,
        closed_position_qty: 5,
        avg_close_price: 2850,
        liquidator_fee: 142.5,
      });
      expect(await rows(thin, `/v1/liquidations?symbol=${NEAR}`)).toEqual([]);
      expect(await rows(thin, `/v1/liquidations?end_t=${f.clock.now - 1}`)).toEqual([]);
    } finally {
      f.sandbox.setMidPrice(ETH, 3000);
    }
  });
});

describe('GET /v1/funding_fee/history', () => {
  it('every period a long pays a positive rate and a short receives it, summed on the position', async () => {
    const long = fresh(f);
    const short = fresh(f);
    await place(long, market('BUY', 100, NEAR));
    await place(short, market('SELL', 100, NEAR));
    const start = f.clock.now;
    f.clock.now = (Math.floor(f.clock.now / HOUR) + 2) * HOUR + 1_000; // two NEAR periods end
    const paid = await rows(long, '/v1/funding_fee/history');
    const received = await rows(short, `/v1/funding_fee/history?symbol=${NEAR}`);
    expect(paid.map((r) => r.created_time)).toEqual([
      f.clock.now - 1_000,
      f.clock.now - 1_000 - HOUR,
    ]);
    for (const row of paid) {
      expect(row).toMatchObject({ symbol: NEAR, payment_type: 'Pay', status: 'Accrued' });
      expect(row.funding_fee).toBeCloseTo(
        100 * (row.mark_price as number) * (row.funding_rate as number),
        8,
      );
      expect(row.funding_rate as number).toBeGreaterThan(0);
    }
    expect(received.map((r) => r.payment_type)).toEqual(['Receive', 'Receive']);
    expect(await rows(long, `/v1/funding_fee/history?start_t=${start}&end_t=${start}`)).toEqual([]);
    await place(long, market('SELL', 100, NEAR));
    const [closed] = await rows(long, '/v1/position_history?limit=1');
    const total = paid.reduce((s, r) => s + (r.funding_fee as number), 0);
    expect(closed?.accumulated_funding_fee as number).toBeCloseTo(total, 8);
  });
});

describe('GET /v1/asset/history', () => {
  it('the seeded deposit and both sides of an internal transfer, with the wallet pushes’ ids', async () => {
    const from = makeAccount();
    const address = `0x${'5a'.repeat(20)}`;
    f.sandbox.registerAccount({ ...from.seed, userAddress: address, balance: 2_000 });
    const to = makeAccount();
    f.sandbox.registerAccount({ ...to.seed, balance: 0 });
    const c = new SandboxClient(f.sandbox.url, from, () => f.clock.now);
    const registered = f.clock.now;
    f.clock.now += 1_000;
    const sent = await c.post('/v2/internal_transfer', {
      signature: `0x${'ab'.repeat(65)}`,
      userAddress: address,
      verifyingContract: `0x${'12'.repeat(20)}`,
      message: {
        receiver: to.accountId,
        token: 'USDC',
        amount: '250',
        transferNonce: '1',
        chainId: '421614',
        chainType: 'EVM',
      },
    });
    expect(sent.status, sent.text).toBe(200);
    const id = `transfer-${sent.body.data.internal_transfer_request_id}`;
    const [out, seeded] = await rows(c, '/v1/asset/history');
    expect(out).toMatchObject({ id, side: 'WITHDRAW', amount: 250, trans_status: 'COMPLETED' });
    expect(seeded).toMatchObject({ side: 'DEPOSIT', amount: 2_000, created_time: registered });
    const receiver = new SandboxClient(f.sandbox.url, to, () => f.clock.now);
    expect(await rows(receiver, '/v1/asset/history')).toEqual([
      expect.objectContaining({ id, side: 'DEPOSIT', amount: 250 }),
    ]);
    expect(await rows(c, '/v1/asset/history?side=DEPOSIT')).toEqual([seeded]);
    expect(await rows(c, '/v1/asset/history?status=NEW')).toEqual([]);
    expect(await rows(c, '/v1/asset/history?status=COMPLETED&token=USDC')).toHaveLength(2);
    expect(await rows(c, `/v1/asset/history?start_t=${registered + 1}`)).toEqual([out]);
  });
});

describe('queries', () => {
  it.each([
    ['/v1/trades?start_t=2&end_t=1', -1005, 'start_t: must not be after end_t'],
    ['/v1/funding_fee/history?symbol=PERP_NOPE_USDC', -1005, 'symbol: unknown symbol'],
    ['/v1/liquidations?sort_by=size', -1005, 'sort_by'],
    ['/v1/position_history', -1005, 'limit: is required'],
    ['/v1/position_history?limit=501', -1005, 'limit'],
    ['/v1/asset/history?size=501', -1005, 'size'],
    ['/v1/asset/history?status=PENDING', -1005, 'status'],
    ['/v1/pnl_settlement/history?cursor=1', -1004, 'cursor: unknown parameter'],
  ])('%s is refused (%i)', async (path, code, message) => {
    const r = await f.client.get(path);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code });
    expect(r.body.message).toContain(message);
  });

  it('an account without settlements reads an empty page with its meta', async () => {
    expect((await f.client.get('/v1/pnl_settlement/history?size=5')).body.data).toEqual({
      meta: { total: 0, records_per_page: 5, current_page: 1 },
      rows: [],
    });
  });
});
