// @module-tag redis
/**
 * The gateway's upstream client against the sandbox over real HTTP for the algo-order and
 * leverage operations: its `tree` order signatures (root and legs) and query-signed cancels
 * are what the sandbox's independent verifier accepts, and each answer parses to its type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

const ETH = 'PERP_ETH_USDC';
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const leg = (algo_type: 'TAKE_PROFIT' | 'STOP_LOSS', trigger_price: number) => ({
  symbol: ETH,
  algo_type,
  side: 'SELL' as const,
  type: 'MARKET' as const,
  trigger_price,
  reduce_only: true,
});

describe('algo and leverage operations', () => {
  it('are accepted by the sandbox, every object of an algo body signed', async () => {
    const client = h.client();
    const [one, two] = [h.account(), h.account()];
    const t = client.forAccount(one);
    await t.createOrder({ symbol: ETH, order_type: 'MARKET', side: 'BUY', order_quantity: 1 });
    const created = await t.createAlgoOrder({
      symbol: ETH,
      algo_type: 'TP_SL',
      client_order_id: 'tpsl-1',
      quantity: 0.5,
      trigger_price_type: 'MARK_PRICE',
      child_orders: [leg('TAKE_PROFIT', 3300), leg('STOP_LOSS', 2700)],
    });
    expect(created).toEqual({
      order_id: expect.any(Number),
      client_order_id: 'tpsl-1',
      algo_type: 'TP_SL',
      quantity: 0.5,
    });
    const row = await t.algoOrderById(created.order_id);
    const [tp, sl] = row.child_orders;
    const edited = await t.editAlgoOrder({
      order_id: String(created.order_id),
      child_orders: [{ order_id: sl!.algo_order_id, trigger_price: 2750 }],
    });
    expect(edited.status).toBe('EDIT_SENT');
    expect((await t.algoOrderByClientOrderId('tpsl-1')).child_orders[1]?.trigger_price).toBe(2750);
    expect((await t.listAlgoOrders({ status: 'INCOMPLETE', size: 10 })).meta.total).toBe(1);
    await t.cancelAlgoOrder({ order_id: tp!.algo_order_id, symbol: ETH });
    expect((await t.cancelAlgoOrders({ symbol: ETH, algo_type: 'TP_SL' })).status).toBe(
      'CANCEL_ALL_SENT',
    );
    expect((await t.algoOrderById(created.order_id)).algo_status).toBe('CANCELLED');

    const u = client.forAccount(two);
    await u.createAlgoOrder({
      symbol: ETH,
      algo_type: 'STOP',
      client_order_id: 'stop-1',
      side: 'BUY',
      type: 'LIMIT',
      price: 3110,
      quantity: 0.1,
      trigger_price: 3100,
    });
    await u.cancelAlgoOrderByClientOrderId({ client_order_id: 'stop-1', symbol: ETH });
    expect((await u.algoOrderByClientOrderId('stop-1')).algo_status).toBe('CANCELLED');

    expect(await u.setLeverages({ symbol: ETH, leverage: 5 })).toEqual({
      symbol: ETH,
      margin_mode: 'CROSS',
      leverage: 5,
    });
    expect((await u.leverage({ symbol: ETH })).leverage).toBe(5);
    await u.setLeverage({ symbol: ETH, leverage: 4, margin_mode: 'ISOLATED' });
    const rows = (await u.leverages()).rows;
    expect(rows).toContainEqual({ symbol: ETH, margin_mode: 'ISOLATED', leverage: 4 });

    expect(client.events.every((e) => e.outcome === 'ok')).toBe(true);
    expect(h.sandbox.requestLog.filter((e) => e.status !== 200)).toEqual([]);
  });
});
