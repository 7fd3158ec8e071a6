/**
 * The pure parts of the algo orders' GraphQL side: the stream's flattened tree nested again,
 * the per-type shape of placeAlgoOrder's input, its wire body, and the TP/SL slots as the
 * sandbox counts them (at the boundary).
 */
import { describe, expect, it } from 'vitest';
import type { AlgoOrderModel } from '../../../src/models/algo-order.ts';
import { toCreateAlgoParams } from '../../../src/resolvers/algo-inputs.ts';
import { percentToFraction } from '../../../src/resolvers/tpsl-price.ts';
import { assertSlots, positionTpSl } from '../../../src/resolvers/tpsl-slots.ts';
import { placeAlgoIssues } from '../../../src/schema/algo-rules.ts';
import { algoOrderFromStream } from '../../../src/upstream/stream/algo-map.ts';

const element = (over: Record<string, unknown>) => ({
  symbol: 'PERP_ETH_USDC',
  rootAlgoOrderId: 10,
  parentAlgoOrderId: 0,
  algoOrderId: 10,
  clientOrderId: '',
  status: 'NEW',
  algoStatus: 'NEW',
  algoType: 'TP_SL',
  side: '',
  type: '',
  quantity: 0.5,
  price: 0,
  triggerPrice: 0,
  triggered: false,
  isActivated: true,
  reduceOnly: true,
  marginMode: 'CROSS',
  totalExecutedQuantity: 0,
  timestamp: 1_700_000_000_000,
  ...over,
});

describe('algoOrderFromStream', () => {
  it('nests the flattened tree under its root, zeros read as none', () => {
    const order = algoOrderFromStream([
      element({}),
      element({
        algoOrderId: 11,
        parentAlgoOrderId: 10,
        algoType: 'TAKE_PROFIT',
        side: 'SELL',
        type: 'MARKET',
        triggerPrice: 3300,
      }),
      element({
        algoOrderId: 12,
        parentAlgoOrderId: 10,
        algoType: 'STOP_LOSS',
        side: 'SELL',
        type: 'MARKET',
        triggerPrice: 2700,
        triggered: true,
      }),
    ]);
    expect(order).toMatchObject({
      algoOrderId: 10,
      algoType: 'TP_SL',
      side: null,
      triggerPrice: null,
      clientOrderId: null,
      childOrders: [
        { algoOrderId: 11, algoType: 'TAKE_PROFIT', triggerPrice: 3300, isTriggered: false },
        { algoOrderId: 12, algoType: 'STOP_LOSS', triggerPrice: 2700, isTriggered: true },
      ],
    });
  });

  it('drops a push without its root or with an element it cannot read', () => {
    expect(algoOrderFromStream([element({ parentAlgoOrderId: 9 })])).toBeUndefined();
    expect(
      algoOrderFromStream([element({}), element({ algoOrderId: 11, algoType: 'NOPE' })]),
    ).toBeUndefined();
    expect(algoOrderFromStream({ not: 'an array' })).toBeUndefined();
  });
});

describe('placeAlgoOrder input', () => {
  const rules = (input: Record<string, unknown>) =>
    placeAlgoIssues(input).map(([path, rule]) => `${path.join('.')}:${rule}`);

  it('asks each type for its own fields', () => {
    expect(
      rules({ algoType: 'STOP', side: 'SELL', type: 'LIMIT', quantity: 1, triggerPrice: 1 }),
    ).toEqual(['price:requiredForType']);
    expect(rules({ algoType: 'POSITIONAL_TP_SL', quantity: 1, childOrders: [] })).toEqual([
      'quantity:notForType',
      'childOrders:requiredForType',
    ]);
    expect(
      rules({
        algoType: 'TP_SL',
        quantity: 1,
        childOrders: [
          { algoType: 'TAKE_PROFIT', side: 'SELL', triggerPrice: 1 },
          { algoType: 'TAKE_PROFIT', side: 'SELL', triggerPrice: 2, type: 'LIMIT' },
        ],
      }),
    ).toEqual(['childOrders.1.algoType:legType', 'childOrders.1.price:requiredForType']);
    expect(
      rules({
        algoType: 'BRACKET',
        side: 'BUY',
        type: 'MARKET',
        quantity: 1,
        childOrders: [{ algoType: 'STOP_LOSS' }],
      }),
    ).toEqual(['childOrders:bracketChild']);
    expect(
      rules({
        algoType: 'TRAILING_STOP',
        side: 'SELL',
        quantity: 1,
        callbackRate: 0.1,
        callbackValue: 5,
      }),
    ).toEqual(['callbackRate:exactlyOne']);
  });

  it('sends a full TP/SL with CLOSE_POSITION reduce-only legs on the mark, and a client_order_id', () => {
    const body = toCreateAlgoParams({
      symbol: 'PERP_ETH_USDC',
      algoType: 'POSITIONAL_TP_SL',
      marginMode: 'CROSS',
      childOrders: [{ algoType: 'STOP_LOSS', side: 'SELL', triggerPrice: 2700 }],
    });
    expect(body).toEqual({
      symbol: 'PERP_ETH_USDC',
      algo_type: 'POSITIONAL_TP_SL',
      client_order_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      margin_mode: 'CROSS',
      trigger_price_type: 'MARK_PRICE',
      child_orders: [
        {
          symbol: 'PERP_ETH_USDC',
          algo_type: 'STOP_LOSS',
          side: 'SELL',
          type: 'CLOSE_POSITION',
          trigger_price: 2700,
          reduce_only: true,
          trigger_price_type: 'MARK_PRICE',
        },
      ],
    });
  });

  it('reads a percent as its fraction without binary noise', () => {
    expect(percentToFraction(5.5)).toBe(0.055);
    expect(percentToFraction(0.3)).toBe(0.003);
    expect(percentToFraction(2.25)).toBe(0.0225);
  });
});

describe('TP/SL slots', () => {
  let id = 100;
  const leg = (algoType: string, over: Partial<AlgoOrderModel> = {}) =>
    ({
      algoOrderId: ++id,
      algoType,
      side: 'SELL',
      status: 'NEW',
      isActivated: true,
      isTriggered: false,
      childOrders: [],
      ...over,
    }) as AlgoOrderModel;
  const group = (algoType: string, legs: AlgoOrderModel[], over: Partial<AlgoOrderModel> = {}) =>
    ({
      ...leg(algoType),
      side: null,
      symbol: 'PERP_ETH_USDC',
      marginMode: 'CROSS',
      childOrders: legs,
      ...over,
    }) as AlgoOrderModel;
  const key = { symbol: 'PERP_ETH_USDC', marginMode: 'CROSS' as const, side: 'LONG' as const };
  const partials = (n: number) =>
    Array.from({ length: n }, () => group('TP_SL', [leg('TAKE_PROFIT')]));
  const refusal = (
    roots: AlgoOrderModel[],
    request = { full: false, takeProfit: true, stopLoss: false },
  ) => {
    try {
      assertSlots(positionTpSl(roots, key), request);
      return null;
    } catch (error) {
      return error as { field: string; rule: string; code: string };
    }
  };

  it('leaves the 10th partial take-profit a slot and refuses the 11th', () => {
    expect(positionTpSl(partials(9), key).partialTakeProfitSlotsLeft).toBe(1);
    expect(refusal(partials(9))).toBeNull();
    expect(refusal(partials(10))).toMatchObject({
      field: 'input.takeProfit',
      rule: 'tpslSlots',
      code: 'BAD_USER_INPUT',
    });
    // Stop-losses have their own ten.
    expect(refusal(partials(10), { full: false, takeProfit: false, stopLoss: true })).toBeNull();
  });

  it('counts only waiting legs of this position side; a second full one is refused', () => {
    const others = [
      group('TP_SL', [leg('TAKE_PROFIT', { side: 'BUY' })]), // closes a short
      group('TP_SL', [leg('TAKE_PROFIT', { isTriggered: true })]),
      group('TP_SL', [leg('TAKE_PROFIT', { isActivated: false })]),
      group('TP_SL', [leg('TAKE_PROFIT')], { marginMode: 'ISOLATED' }),
    ];
    expect(positionTpSl([...partials(9), ...others], key).partialTakeProfitSlotsLeft).toBe(1);
    const full = group('POSITIONAL_TP_SL', [leg('STOP_LOSS')]);
    expect(refusal([full], { full: true, takeProfit: false, stopLoss: true })).toMatchObject({
      field: 'input.quantity',
      rule: 'tpslSlots',
    });
  });

  it("counts a bracket's partial child from placement, its full child once it executed", () => {
    const bracket = (child: AlgoOrderModel, executedQuantity: number) =>
      group('BRACKET', [child], { side: 'BUY', executedQuantity });
    const full = () => group('POSITIONAL_TP_SL', [leg('STOP_LOSS')]);
    expect(
      positionTpSl([...partials(9), bracket(partials(1)[0]!, 0)], key).partialTakeProfitSlotsLeft,
    ).toBe(0);
    expect(positionTpSl([bracket(full(), 0)], key).full).toBeNull();
    expect(positionTpSl([bracket(full(), 1)], key).full).not.toBeNull();
  });
});
