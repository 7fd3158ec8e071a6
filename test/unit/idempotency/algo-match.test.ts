/** Whether an algo order read back by its client_order_id is the one a repeat describes. */
import { describe, expect, it } from 'vitest';
import type { AlgoOrderRow, CreateAlgoOrderParams } from '../../../src/contract/wire-algo.ts';
import { sameAlgoOrder } from '../../../src/idempotency/algo-match.ts';
import { bodyFingerprint } from '../../../src/idempotency/fingerprint.ts';

const node = (over: Partial<AlgoOrderRow>): AlgoOrderRow =>
  ({
    algo_order_id: 1,
    client_order_id: 'tp-1',
    symbol: 'PERP_ETH_USDC',
    algo_type: 'TP_SL',
    side: null,
    type: null,
    quantity: 0.5,
    price: null,
    trigger_price: null,
    margin_mode: 'CROSS',
    order_tag: null,
    callback_rate: null,
    callback_value: null,
    activated_price: null,
    child_orders: [],
    ...over,
  }) as AlgoOrderRow;

const leg = (algo_type: 'TAKE_PROFIT' | 'STOP_LOSS', trigger_price: number) => ({
  symbol: 'PERP_ETH_USDC',
  algo_type,
  side: 'SELL' as const,
  type: 'MARKET' as const,
  trigger_price,
  reduce_only: true,
});

const params: CreateAlgoOrderParams = {
  symbol: 'PERP_ETH_USDC',
  algo_type: 'TP_SL',
  client_order_id: 'tp-1',
  quantity: 0.5,
  margin_mode: 'CROSS',
  trigger_price_type: 'MARK_PRICE',
  child_orders: [leg('TAKE_PROFIT', 3300), leg('STOP_LOSS', 2700)],
};

const row = (tp = 3300, sl = 2700, over: Partial<AlgoOrderRow> = {}) =>
  node({
    child_orders: [
      node({ algo_type: 'STOP_LOSS', side: 'SELL', type: 'MARKET', trigger_price: sl }),
      node({ algo_type: 'TAKE_PROFIT', side: 'SELL', type: 'MARKET', trigger_price: tp }),
    ],
    ...over,
  });

describe('sameAlgoOrder', () => {
  it('matches a tree by its root and each leg by type, in any order', () => {
    expect(sameAlgoOrder(params, row())).toBe(true);
    expect(sameAlgoOrder(params, row(3301))).toBe(false);
    expect(sameAlgoOrder(params, row(3300, 2700, { margin_mode: 'ISOLATED' }))).toBe(false);
    expect(sameAlgoOrder(params, row(3300, 2700, { client_order_id: 'tp-2' }))).toBe(false);
    expect(sameAlgoOrder({ ...params, child_orders: [leg('TAKE_PROFIT', 3300)] }, row())).toBe(
      true,
    );
    expect(sameAlgoOrder(params, row(3300, 2700, { child_orders: [] }))).toBe(false);
  });

  it('takes a partial quantity from the root or its legs; a full one follows the position', () => {
    const onLegs = row(3300, 2700, { quantity: 0 });
    for (const l of onLegs.child_orders) l.quantity = 0.5;
    expect(sameAlgoOrder(params, onLegs)).toBe(true);
    expect(sameAlgoOrder({ ...params, quantity: 0.6 }, row())).toBe(false);
    const full = { ...params, algo_type: 'POSITIONAL_TP_SL' as const, quantity: undefined };
    expect(
      sameAlgoOrder(full, row(3300, 2700, { algo_type: 'POSITIONAL_TP_SL', quantity: 3 })),
    ).toBe(true);
  });

  it('fingerprints a body whatever its key order and number spelling', () => {
    const reordered = Object.fromEntries(Object.entries({ ...params, quantity: 5e-1 }).reverse());
    expect(bodyFingerprint(reordered)).toBe(bodyFingerprint(params));
    expect(bodyFingerprint({ ...params, quantity: 0.51 })).not.toBe(bodyFingerprint(params));
  });
});
