/**
 * GET /v1/positions, GET /v1/position/{symbol}, GET /v1/client/holding: computed from the
 * sandbox's fills and open orders (docs/sandbox.md, "Portfolio model"), and the position and
 * balance events a fill emits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceChanged, OrderChanged, PositionChanged } from '../../../src/sandbox/index.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { fresh, place, resting } from './lifecycle.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

const ETH = 'PERP_ETH_USDC';

describe('GET /v1/positions', () => {
  it('figures and rows from fills, open orders and the mark price', async () => {
    const c = fresh(f);
    const empty = (await c.get('/v1/positions')).body.data;
    expect(empty).toMatchObject({
      rows: [],
      total_collateral_value: 1_000_000,
      free_collateral: 1_000_000,
      margin_ratio: 10,
      total_pnl_24_h: 0,
    });
    const start = f.clock.now;
    // Buy 2 at ask0 (3000.1, taker 0.05%), sell 0.5 at bid0 (2999.9).
    await place(c, resting({ order_price: 3000.1, order_quantity: 2 }));
    f.clock.now += 1_000;
    await place(c, resting({ side: 'SELL', order_price: 2999.9, order_quantity: 0.5 }));
    const lastFill = f.clock.now;
    f.clock.now += 1_000;
    await place(c, resting({ order_price: 2900, order_quantity: 1 }));
    await place(c, resting({ side: 'SELL', order_price: 3100, order_quantity: 0.25 }));
    f.sandbox.setMidPrice(ETH, 3100);
    try {
      const data = (await c.get('/v1/positions')).body.data;
      const fee = 6000.2 * 0.0005 + 1499.95 * 0.0005;
      const balance = 1_000_000 - fee - 0.1;
      const unsettled = 1.5 * (3100 - 3000.1);
      const frozen = 2900 * 0.05 + 775 * 0.05;
      expect(data.rows).toEqual([
        {
          symbol: ETH,
          position_qty: 1.5,
          cost_position: 4500.15,
          average_open_price: 3000.1,
          mark_price: 3100,
          est_liq_price: 0,
          unsettled_pnl: expect.closeTo(unsettled, 6),
          pnl_24_h: -0.1,
          fee_24_h: expect.closeTo(fee, 8),
          pending_long_qty: 1,
          pending_short_qty: 0.25,
          leverage: 20,
          margin_mode: 'CROSS',
          imr: 0.05,
          mmr: 0.025,
          timestamp: lastFill,
        },
      ]);
      expect(lastFill).toBeGreaterThan(start);
      const collateral = balance + unsettled;
      expect(data.total_collateral_value).toBeCloseTo(collateral, 6);
      expect(data.total_unsettled_pnl).toBeCloseTo(unsettled, 6);
      expect(data.free_collateral).toBeCloseTo(collateral - 4650 * 0.05 - frozen, 6);
      expect(data.margin_ratio).toBeCloseTo(collateral / 4650, 6);
      expect(data.initial_margin_ratio).toBe(0.05);
      expect(data.maintenance_margin_ratio).toBe(0.025);
      expect(data.open_margin_ratio).toBeCloseTo(collateral / (4650 + 2900 + 775), 6);
      expect(data.total_pnl_24_h).toBe(-0.1);
      expect(data.total_fee_24_h).toBeCloseTo(fee, 8);

      const one = await c.get(`/v1/position/${ETH}`);
      expect(one.body.data).toEqual(data.rows[0]);
    } finally {
      f.sandbox.setMidPrice(ETH, 3000);
    }
  });

  it('a short’s estimated liquidation price: where collateral meets maintenance margin', async () => {
    const c = fresh(f, 1_000);
    await place(c, resting({ side: 'SELL', order_price: 2999.9, order_quantity: 1 }));
    const [row] = (await c.get('/v1/positions')).body.data.rows;
    const elsewhere = 1_000 - 2999.9 * 0.0005;
    expect(row).toMatchObject({ position_qty: -1, average_open_price: 2999.9, mark_price: 3000 });
    // (q·p0 − C') / (q − mmr·|q|)
    expect(row.est_liq_price).toBeCloseTo((-2999.9 - elsewhere) / (-1 - 0.025), 6);
    expect(row.cost_position).toBe(-2999.9);
    expect(row.unsettled_pnl).toBeCloseTo(-0.1, 8);
  });

  it('one row per (symbol, margin mode); a closed position stays 24 h, then goes', async () => {
    const c = fresh(f);
    await place(c, resting({ order_price: 3000.1, order_quantity: 1 }));
    await place(c, resting({ order_price: 3000.1, order_quantity: 2, margin_mode: 'ISOLATED' }));
    const rows = (await c.get('/v1/positions')).body.data.rows;
    expect(
      rows.map((r: Record<string, unknown>) => [r.symbol, r.margin_mode, r.position_qty]),
    ).toEqual([
      [ETH, 'CROSS', 1],
      [ETH, 'ISOLATED', 2],
    ]);
    // The single-symbol read prefers a row with a position; CROSS first.
    expect((await c.get(`/v1/position/${ETH}`)).body.data.margin_mode).toBe('CROSS');
    await place(c, resting({ side: 'SELL', order_price: 2999.9, order_quantity: 1 }));
    await place(
      c,
      resting({ side: 'SELL', order_price: 2999.9, order_quantity: 2, margin_mode: 'ISOLATED' }),
    );
    const closed = (await c.get('/v1/positions')).body.data.rows;
    expect(closed.map((r: Record<string, unknown>) => r.position_qty)).toEqual([0, 0]);
    expect(closed[0].pnl_24_h).toBeCloseTo(-0.2, 8);
    f.clock.now += 86_400_001;
    expect((await c.get('/v1/positions')).body.data.rows).toEqual([]);
    expect((await c.get('/v1/positions')).body.data.total_fee_24_h).toBe(0);
  });

  it('GET /v1/position/{symbol}: a flat row in the default margin mode; bad symbols -1005', async () => {
    const c = fresh(f);
    const r = await c.get('/v1/position/PERP_BTC_USDC');
    expect(r.body.data).toMatchObject({
      symbol: 'PERP_BTC_USDC',
      position_qty: 0,
      margin_mode: 'CROSS',
      mark_price: 60_000,
      pending_long_qty: 0,
    });
    expect((await c.get('/v1/position/BTC')).body.code).toBe(-1005);
    expect((await c.get('/v1/position/PERP_DOGE_USDC')).body.message).toMatch(/unknown symbol/);
  });
});

describe('GET /v1/client/holding', () => {
  it('USDC: holding after fees and realized PnL, frozen by open orders, freed on cancel', async () => {
    const c = fresh(f);
    await place(c, resting({ order_price: 3000.1, order_quantity: 1 }));
    const filledAt = f.clock.now;
    f.clock.now += 500;
    const id = await place(c, resting({ order_price: 2000, order_quantity: 2 }));
    const r = await c.get('/v1/client/holding');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      holding: [
        {
          token: 'USDC',
          holding: 1_000_000 - 1.50005,
          frozen: 200,
          pending_short: 0,
          updated_time: filledAt,
        },
      ],
    });
    await c.cancel('/v1/order', { order_id: String(id), symbol: ETH });
    expect((await c.get('/v1/client/holding')).body.data.holding[0].frozen).toBe(0);
  });

  it('zero balances only with all=true; all takes true or false', async () => {
    const c = fresh(f, 0);
    expect((await c.get('/v1/client/holding')).body.data).toEqual({ holding: [] });
    expect((await c.get('/v1/client/holding?all=false')).body.data).toEqual({ holding: [] });
    const all = await c.get('/v1/client/holding?all=true');
    expect(all.body.data.holding).toEqual([
      { token: 'USDC', holding: 0, frozen: 0, pending_short: 0, updated_time: expect.any(Number) },
    ]);
    expect((await c.get('/v1/client/holding?all=yes')).body.code).toBe(-1005);
    expect((await c.get('/v1/client/holding?token=USDC')).body.code).toBe(-1004);
  });

  it('a fill beyond the free collateral is refused: -1101', async () => {
    const c = fresh(f, 100);
    // 2900 × 0.05 = 145 of initial margin > 100.
    const r = await c.order(resting({ order_quantity: 1 }));
    expect(r.body.code).toBe(-1101);
    // 0.6 × 2900 × 0.05 = 87 fits; a second one does not (87 frozen).
    expect((await c.order(resting({ order_quantity: 0.6 }))).status).toBe(200);
    expect((await c.order(resting({ order_quantity: 0.6 }))).body.code).toBe(-1101);
  });
});

describe('events', () => {
  it('a fill tells the order, then its position row, then the balance, as the REST shapes', async () => {
    const c = fresh(f);
    const seen: [string, unknown][] = [];
    const offs = [
      f.sandbox.events.on('order', (e: OrderChanged) => {
        if (e.accountId === c.account.accountId) seen.push(['order', e]);
      }),
      f.sandbox.events.on('position', (e: PositionChanged) => {
        if (e.accountId === c.account.accountId) seen.push(['position', e]);
      }),
      f.sandbox.events.on('balance', (e: BalanceChanged) => {
        if (e.accountId === c.account.accountId) seen.push(['balance', e]);
      }),
    ];
    try {
      // 15 at 3000.2 or better: 10 at ask0, 5 at ask1.
      await place(c, resting({ order_price: 3000.2, order_quantity: 15 }));
    } finally {
      for (const off of offs) off();
    }
    expect(
      seen.map(([name, e]) => (name === 'order' ? `order:${(e as OrderChanged).kind}` : name)),
    ).toEqual([
      'order:placed',
      'order:partial_fill',
      'position',
      'balance',
      'order:fill',
      'position',
      'balance',
    ]);
    const [, first] = seen[1] as [string, OrderChanged];
    expect(first.order).toMatchObject({ status: 'PARTIAL_FILLED', total_executed_quantity: 10 });
    expect(first.fill).toEqual({
      tradeId: expect.any(Number),
      price: 3000.1,
      quantity: 10,
      fee: 15.0005,
      feeAsset: 'USDC',
      maker: false,
    });
    const [, last] = seen[4] as [string, OrderChanged];
    expect(last.fill?.tradeId).toBeGreaterThan(first.fill!.tradeId);
    expect(last.order.status).toBe('FILLED');
    const [, position] = seen[5] as [string, PositionChanged];
    expect(position.position).toEqual((await c.get(`/v1/position/${ETH}`)).body.data);
    const [, balance] = seen[6] as [string, BalanceChanged];
    expect(balance.balance).toEqual((await c.get('/v1/client/holding')).body.data.holding[0]);
  });

  it('a throwing listener does not break the engine; rejects and cancels are told', async () => {
    const c = fresh(f);
    const kinds: string[] = [];
    const offs = [
      f.sandbox.events.on('order', () => {
        throw new Error('listener bug');
      }),
      f.sandbox.events.on('order', (e) => {
        if (e.accountId === c.account.accountId) kinds.push(`${e.kind}:${e.order.status}`);
      }),
    ];
    try {
      const id = await place(c, resting());
      await place(c, resting({ order_type: 'POST_ONLY', order_price: 3000.1 }));
      await c.cancel('/v1/order', { order_id: String(id), symbol: ETH });
    } finally {
      for (const off of offs) off();
    }
    expect(kinds).toEqual(['placed:NEW', 'rejected:REJECTED', 'cancelled:CANCELLED']);
    expect(
      f.logLines.filter((l) => l.includes('an event listener threw: Error: listener bug')),
    ).toHaveLength(3);
    expect(f.sandbox.events.listening('order')).toBe(false);
  });
});
