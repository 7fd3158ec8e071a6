/**
 * The spec's TP/SL slots at their boundaries, per position side (symbol, margin mode, LONG or
 * SHORT): one full-position order, 10 untriggered partial take-profits and 10 partial
 * stop-losses. The 11th (or a second full one) is refused with 400 -1005 naming the rule, and
 * nothing is placed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxClient } from '../../helpers/sandbox-client.ts';
import {
  algo,
  ETH,
  editAlgo,
  fullLong,
  leg,
  moveMark,
  openPosition,
  partialLong,
  placeAlgo,
  readAlgo,
} from './algo.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { fresh } from './lifecycle.ts';

let f: Fixture;
let c: SandboxClient;
beforeEach(async () => {
  f = await startFixture();
  c = fresh(f);
  await openPosition(c, 1);
});
afterEach(() => f.sandbox.close());

const total = async () => (await c.get('/v1/algo/orders?status=INCOMPLETE')).body.data.meta.total;

describe('partial TP/SL slots', () => {
  it('takes 10 take-profits, refuses the 11th; stop-losses have their own 10', async () => {
    for (let i = 1; i <= 10; i++) await algo(c, partialLong(0.01, 3100 + i));
    const eleventh = await placeAlgo(c, partialLong(0.01, 3200));
    expect([eleventh.status, eleventh.body.code]).toEqual([400, -1005]);
    expect(eleventh.body.message).toBe(
      'algo_type: at most 10 untriggered partial take-profit orders per position side: PERP_ETH_USDC CROSS LONG holds 10',
    );
    // A TP_SL with both legs needs a take-profit slot too.
    expect((await placeAlgo(c, partialLong(0.01, 3200, 2800))).body.code).toBe(-1005);
    for (let i = 1; i <= 10; i++) await algo(c, partialLong(0.01, undefined, 2900 - i));
    const sl = await placeAlgo(c, partialLong(0.01, undefined, 2800));
    expect(sl.body.message).toMatch(
      /at most 10 untriggered partial stop-loss orders per position side: PERP_ETH_USDC CROSS LONG holds 10$/,
    );
    expect(await total()).toBe(20);
  });

  it('frees a slot when one is cancelled, switched off or triggered; switching on needs one', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 10; i++) ids.push(await algo(c, partialLong(0.01, 3100 + i, 2900)));
    expect((await placeAlgo(c, partialLong(0.01, 3200))).body.code).toBe(-1005);
    await c.cancel('/v1/algo/order', { order_id: String(ids[0]), symbol: ETH });
    const freed = await algo(c, partialLong(0.01, 3200));
    // Switching the take-profit of one off frees its slot, but not its stop-loss's.
    const [tp] = (await readAlgo(c, ids[1]!)).child_orders;
    expect(
      (
        await editAlgo(c, {
          order_id: ids[1],
          child_orders: [{ order_id: tp.algo_order_id, is_activated: false }],
        })
      ).status,
    ).toBe(200);
    await algo(c, partialLong(0.01, 3250));
    const on = await editAlgo(c, {
      order_id: ids[1],
      child_orders: [{ order_id: tp.algo_order_id, is_activated: true }],
    });
    expect(on.body.message).toMatch(/at most 10 untriggered partial take-profit orders/);
    expect((await readAlgo(c, freed)).algo_status).toBe('NEW');
    // The lowest take-profit switched on fires (the one switched off does not): a slot is free.
    await moveMark(f, 3103);
    expect((await readAlgo(c, ids[1]!)).is_triggered).toBe(false);
    expect((await readAlgo(c, ids[2]!)).is_triggered).toBe(true);
    expect((await placeAlgo(c, partialLong(0.01, 3300))).status).toBe(200);
    expect((await placeAlgo(c, partialLong(0.01, 3310))).body.code).toBe(-1005);
  });

  it('counts per symbol and margin mode, and a bracket TP_SL child from its placement', async () => {
    for (let i = 1; i <= 10; i++) await algo(c, partialLong(0.01, 3100 + i));
    const isolated = await c.order({
      symbol: ETH,
      order_type: 'MARKET',
      side: 'BUY',
      order_quantity: 1,
      margin_mode: 'ISOLATED',
    });
    expect(isolated.status, isolated.text).toBe(200);
    expect(
      (await placeAlgo(c, { ...partialLong(0.01, 3300), margin_mode: 'ISOLATED' })).status,
    ).toBe(200);
    const other = fresh(f);
    for (let i = 1; i <= 10; i++) {
      await algo(other, {
        symbol: ETH,
        algo_type: 'BRACKET',
        side: 'BUY',
        type: 'LIMIT',
        price: 2900,
        quantity: 0.01,
        child_orders: [
          { symbol: ETH, algo_type: 'TP_SL', child_orders: [leg('TAKE_PROFIT', 'SELL', 3000 + i)] },
        ],
      });
    }
    await openPosition(other, 1);
    expect((await placeAlgo(other, partialLong(0.01, 3300))).body.code).toBe(-1005);
  });
});

describe('full-position slot', () => {
  it('takes one POSITIONAL_TP_SL per position, refuses a second until the first ends', async () => {
    const first = await algo(c, fullLong(3300, 2700));
    const second = await placeAlgo(c, fullLong(3400, 2600));
    expect([second.status, second.body.code]).toEqual([400, -1005]);
    expect(second.body.message).toBe(
      `algo_type: one POSITIONAL_TP_SL per position: PERP_ETH_USDC CROSS LONG already has algo order ${first} (edit or cancel it)`,
    );
    // Partial ones are not limited by it.
    expect((await placeAlgo(c, partialLong(0.5, 3200, 2800))).status).toBe(200);
    await c.cancel('/v1/algo/order', { order_id: String(first), symbol: ETH });
    expect((await placeAlgo(c, fullLong(3400, 2600))).status).toBe(200);
  });
});
