/**
 * The algo-order endpoints over real HTTP: placement and its refusals (each naming the field
 * and the rule, nothing placed), the `tree` order signature, reads and the list's filters,
 * cancels. No mark moves here (algo-triggers.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  algo,
  ETH,
  fullLong,
  leg,
  openPosition,
  partialLong,
  placeAlgo,
  readAlgo,
  stop,
} from './algo.ts';
import { cid, type Fixture, startFixture } from './fixtures.ts';
import { fresh } from './lifecycle.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

describe('POST /v1/algo/order', () => {
  it('answers the root id, client id, type and quantity; the row reads back with its legs', async () => {
    const c = fresh(f);
    await openPosition(c, 1);
    const clientOrderId = cid('algo');
    const r = await placeAlgo(c, {
      ...partialLong(0.4, 3200, 2800),
      client_order_id: clientOrderId,
    });
    expect(r.status, r.text).toBe(200);
    const { order_id: id } = r.body.data;
    expect(r.body.data).toEqual({
      order_id: id,
      client_order_id: clientOrderId,
      algo_type: 'TP_SL',
      quantity: 0.4,
    });
    const row = await readAlgo(c, id);
    expect(row).toMatchObject({
      algo_order_id: id,
      root_algo_order_id: id,
      parent_algo_order_id: 0,
      algo_type: 'TP_SL',
      algo_status: 'NEW',
      is_triggered: false,
      reduce_only: true,
      margin_mode: 'CROSS',
      trigger_price_type: 'MARK_PRICE',
      realized_pnl: 0,
    });
    expect(row.child_orders).toEqual([
      expect.objectContaining({
        algo_type: 'TAKE_PROFIT',
        side: 'SELL',
        trigger_price: 3200,
        quantity: 0.4,
        parent_algo_order_id: id,
        root_algo_status: 'NEW',
      }),
      expect.objectContaining({
        algo_type: 'STOP_LOSS',
        side: 'SELL',
        trigger_price: 2800,
        quantity: 0.4,
        parent_algo_order_id: id,
      }),
    ]);
    const byClient = await c.get(`/v1/algo/client/order/${clientOrderId}`);
    expect(byClient.body.data.algo_order_id).toBe(id);
    const legRead = await readAlgo(c, row.child_orders[0].algo_order_id);
    expect(legRead).toMatchObject({ algo_type: 'TAKE_PROFIT', parent_algo_type: 'TP_SL' });
    // A POSITIONAL_TP_SL's quantity is the position's.
    const full = await placeAlgo(c, fullLong(3300, 2700));
    expect(full.body.data).toMatchObject({ algo_type: 'POSITIONAL_TP_SL', quantity: 1 });
  });

  const refusals: [
    string,
    (p: Record<string, unknown>) => Record<string, unknown>,
    number,
    RegExp,
  ][] = [
    ['unknown field', (p) => ({ ...p, colour: 'red' }), -1004, /colour: unknown parameter/],
    ['unknown algo_type', (p) => ({ ...p, algo_type: 'OCO' }), -1005, /algo_type: must be one of/],
    [
      'STOP without trigger',
      (p) => ({ ...p, trigger_price: undefined }),
      -1005,
      /trigger_price: is required for STOP/,
    ],
    [
      'trigger off the tick',
      (p) => ({ ...p, trigger_price: 3100.005 }),
      -1103,
      /trigger_price: must be a multiple of the tick size 0.01/,
    ],
    [
      'trigger above quote_max',
      (p) => ({ ...p, trigger_price: 100_001 }),
      -1103,
      /trigger_price: must be from quote_min/,
    ],
    [
      'quantity off the step',
      (p) => ({ ...p, quantity: 0.00001 }),
      -1104,
      /quantity: must be a multiple of the quantity step/,
    ],
    [
      'BUY stop below the mark',
      (p) => ({ ...p, trigger_price: 2990 }),
      -1005,
      /trigger_price: a BUY stop must trigger above the mark price 3000/,
    ],
    ['LIMIT stop without price', (p) => ({ ...p, type: 'LIMIT' }), -1005, /price: is required/],
    [
      'price on a MARKET stop',
      (p) => ({ ...p, price: 3100 }),
      -1005,
      /price: only for LIMIT orders/,
    ],
    [
      'legs on a STOP',
      (p) => ({ ...p, child_orders: [] }),
      -1005,
      /child_orders: not taken by STOP orders/,
    ],
    [
      'client id with a leading hyphen',
      (p) => ({ ...p, client_order_id: '-x' }),
      -1005,
      /client_order_id/,
    ],
  ];
  it.each(refusals)('refuses %s, placing nothing', async (_, change, code, message) => {
    const c = fresh(f);
    const r = await placeAlgo(c, change(stop('BUY', 3100)));
    expect([r.status, r.body.code], r.text).toEqual([400, code]);
    expect(r.body.message).toMatch(message);
    expect((await c.get('/v1/algo/orders')).body.data.meta.total).toBe(0);
  });

  it('refuses TP/SL without a position, legs that do not close it, crossed triggers, too much', async () => {
    const c = fresh(f);
    const none = await placeAlgo(c, partialLong(0.1, 3200, 2800));
    expect(none.body).toMatchObject({
      code: -1005,
      message: 'symbol: no CROSS position in PERP_ETH_USDC to close',
    });
    await openPosition(c, 1);
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { ...partialLong(0.1), child_orders: [leg('TAKE_PROFIT', 'BUY', 3200)] },
        /child_orders\[0\]\.side: must be SELL to close the LONG position/,
      ],
      [
        partialLong(0.1, 2990),
        /child_orders\[0\]\.trigger_price: a take-profit that sells must trigger above the mark price 3000/,
      ],
      [
        partialLong(0.1, undefined, 3010),
        /child_orders\[0\]\.trigger_price: a stop-loss that sells must trigger below the mark price 3000/,
      ],
      [partialLong(1.5, 3200), /quantity: must not exceed the position size 1/],
      [
        {
          ...partialLong(0.1),
          child_orders: [leg('TAKE_PROFIT', 'SELL', 3200), leg('TAKE_PROFIT', 'SELL', 3300)],
        },
        /one TAKE_PROFIT and one STOP_LOSS at most/,
      ],
      [
        {
          ...partialLong(0.1),
          child_orders: [leg('TAKE_PROFIT', 'SELL', 3200, { type: 'CLOSE_POSITION' })],
        },
        /CLOSE_POSITION only on POSITIONAL_TP_SL legs/,
      ],
      [
        {
          ...partialLong(0.1),
          child_orders: [leg('TAKE_PROFIT', 'SELL', 3200, { reduce_only: false })],
        },
        /reduce_only: take-profit and stop-loss legs are reduce-only/,
      ],
      [
        {
          ...partialLong(0.1),
          child_orders: [leg('TAKE_PROFIT', 'SELL', 3200, { is_activated: false })],
        },
        /at least one leg must be activated/,
      ],
      [{ ...fullLong(3300, 2700), quantity: 1 }, /quantity: not taken by POSITIONAL_TP_SL orders/],
    ];
    for (const [body, message] of cases) {
      const r = await placeAlgo(c, body);
      expect([r.status, r.body.code, r.body.message], JSON.stringify(body)).toEqual([
        400,
        -1005,
        expect.stringMatching(message),
      ]);
    }
    expect((await c.get('/v1/algo/orders')).body.data.meta.total).toBe(0);
  });

  it('refuses a duplicate client order id (409 -1007) and each bad order signature (401 -1001)', async () => {
    const c = fresh(f);
    const id = cid('dup');
    await algo(c, stop('BUY', 3100, { client_order_id: id }));
    const again = await placeAlgo(c, stop('BUY', 3200, { client_order_id: id }));
    expect([again.status, again.body.code]).toEqual([409, -1007]);
    await openPosition(c, 1);
    const signed = c.signedTree(partialLong(0.1, 3200, 2800)) as {
      child_orders: Record<string, unknown>[];
    };
    // A leg re-priced after signing: its own signature no longer matches.
    signed.child_orders[1]!.trigger_price = 2700;
    const tampered = await c.post('/v1/algo/order', signed);
    expect([tampered.status, tampered.body.code]).toEqual([401, -1001]);
    expect(tampered.body.message).toMatch(
      /child_orders\[1\]\.signature: order signature does not match/,
    );
    const unsigned = await c.post('/v1/algo/order', stop('BUY', 3100));
    expect(unsigned.body.message).toMatch(/^signature: the order signature is required/);
    const noKey = await c.post('/v1/algo/order', c.signedTree(stop('BUY', 3100)), {
      tradingKey: false,
    });
    expect(noKey.body).toMatchObject({
      code: -1001,
      message: expect.stringMatching(/svc-trading-key header is required/),
    });
  });
});

describe('GET /v1/algo/orders', () => {
  it('lists roots newest first with their legs, filtered and paged', async () => {
    const c = fresh(f);
    await openPosition(c, 1);
    const s1 = await algo(c, stop('BUY', 3100));
    const tp = await algo(c, partialLong(0.2, 3300));
    const s2 = await algo(c, stop('SELL', 2900, { type: 'LIMIT', price: 2950 }));
    await c.cancel('/v1/algo/order', { order_id: String(s1), symbol: ETH });
    const list = async (q = '') => (await c.get(`/v1/algo/orders${q}`)).body.data;
    const all = await list();
    expect(all.meta).toEqual({ total: 3, records_per_page: 25, current_page: 1 });
    expect(all.rows.map((r: { algo_order_id: number }) => r.algo_order_id)).toEqual([s2, tp, s1]);
    expect(all.rows[1].child_orders).toHaveLength(1);
    const ids = async (q: string) =>
      (await list(q)).rows.map((r: { algo_order_id: number }) => r.algo_order_id);
    expect(await ids('?algo_type=STOP')).toEqual([s2, s1]);
    expect(await ids('?status=INCOMPLETE')).toEqual([s2, tp]);
    expect(await ids('?status=CANCELLED')).toEqual([s1]);
    expect(await ids('?side=SELL&order_type=LIMIT')).toEqual([s2]);
    expect(await ids('?is_triggered=false&size=1&page=2')).toEqual([tp]);
    const bad = await c.get('/v1/algo/orders?algo_type=TPSL');
    expect([bad.status, bad.body.code]).toEqual([400, -1005]);
    expect(bad.body.message).toMatch(/^algo_type: must be one of STOP, TP_SL/);
    // Another account sees none of them.
    expect((await fresh(f).get('/v1/algo/orders')).body.data.meta.total).toBe(0);
    expect((await fresh(f).get(`/v1/algo/order/${s2}`)).body.code).toBe(-1006);
  });
});

describe('DELETE', () => {
  it('cancels one algo order, a leg alone, or all (STOP also takes TP/SL); a final one answers -1006', async () => {
    const c = fresh(f);
    await openPosition(c, 1);
    const group = await algo(c, partialLong(0.2, 3300, 2700));
    const [tpLeg, slLeg] = (await readAlgo(c, group)).child_orders;
    const r = await c.cancel('/v1/algo/order', {
      order_id: String(tpLeg.algo_order_id),
      symbol: ETH,
    });
    expect(r.body.data).toEqual({ status: 'CANCEL_SENT' });
    let row = await readAlgo(c, group);
    expect([
      row.algo_status,
      row.child_orders[0].algo_status,
      row.child_orders[1].algo_status,
    ]).toEqual(['NEW', 'CANCELLED', 'NEW']);
    const again = await c.cancel('/v1/algo/order', {
      order_id: String(tpLeg.algo_order_id),
      symbol: ETH,
    });
    expect([again.status, again.body.code]).toEqual([400, -1006]);
    const wrongSymbol = await c.cancel('/v1/algo/order', {
      order_id: String(group),
      symbol: 'PERP_BTC_USDC',
    });
    expect(wrongSymbol.body.code).toBe(-1006);
    const trailing = await algo(c, {
      symbol: ETH,
      algo_type: 'TRAILING_STOP',
      side: 'SELL',
      quantity: 0.1,
      callback_rate: 0.1,
    });
    const all = await c.cancel('/v1/algo/orders', { algo_type: 'STOP' });
    expect(all.body.data).toEqual({ status: 'CANCEL_ALL_SENT' });
    row = await readAlgo(c, group);
    expect(row.algo_status).toBe('CANCELLED');
    expect(row.child_orders[1].algo_order_id).toBe(slLeg.algo_order_id);
    expect((await readAlgo(c, trailing)).algo_status).toBe('NEW');
    const id = cid('cx');
    await algo(c, stop('BUY', 3100, { client_order_id: id }));
    const byClient = await c.cancel('/v1/algo/client/order', { client_order_id: id, symbol: ETH });
    expect(byClient.body.data).toEqual({ status: 'CANCEL_SENT' });
    await c.cancel('/v1/algo/orders', {});
    expect((await c.get('/v1/algo/orders?status=INCOMPLETE')).body.data.meta.total).toBe(0);
  });
});
