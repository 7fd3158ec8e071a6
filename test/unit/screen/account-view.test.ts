/** A screen's account state: the REST snapshot, then stream events in order, older ones skipped. */
import { describe, expect, it } from 'vitest';
import { AccountView, MAX_SCREEN_ORDERS } from '../../../src/screen/account-view.ts';
import { order, position, SYMBOL, update } from './fixtures.ts';

const empty = { orders: [], algoOrders: [], positions: [], balances: [] };

describe('AccountView', () => {
  it('applies a change newer than the snapshot and skips an older one', () => {
    const view = new AccountView(SYMBOL);
    view.load({ ...empty, orders: [order({ updatedAt: 1_000 })] });
    expect(view.apply({ type: 'order', order: update({ timestamp: 900, price: 50 }) })).toBe(false);
    expect(view.openOrders()[0]?.price).toBe(99);
    expect(
      view.apply({ type: 'order', order: update({ timestamp: 1_100, executedQuantity: 0.4 }) }),
    ).toBe(true);
    expect(view.openOrders()[0]).toMatchObject({ executedQuantity: 0.4, visible: true });
  });

  it('drops an order when it ends, and ignores other symbols', () => {
    const view = new AccountView(SYMBOL);
    view.apply({ type: 'order', order: update() });
    view.apply({ type: 'order', order: update({ orderId: 2, symbol: 'PERP_BTC_USDC' }) });
    expect(view.openOrders().map((o) => o.orderId)).toEqual([1]);
    view.apply({ type: 'order', order: update({ status: 'CANCELLED', timestamp: 3_000 }) });
    expect(view.openOrders()).toEqual([]);
  });

  it('keeps a hidden order hidden through stream changes (the push has no visible quantity)', () => {
    const view = new AccountView(SYMBOL);
    view.load({ ...empty, orders: [order({ visible: false })] });
    view.apply({ type: 'order', order: update({ executedQuantity: 0.1 }) });
    expect(view.openOrder(1)?.visible).toBe(false);
  });

  it('keeps every position (cross risk needs the others) and the latest balance', () => {
    const view = new AccountView(SYMBOL);
    view.load({ ...empty, positions: [position(), position({ symbol: 'PERP_BTC_USDC' })] });
    view.apply({ type: 'positions', positions: [position({ quantity: 3, updatedAt: 2_000 })] });
    const held = new Map([...view.allPositions()].map((p) => [p.symbol, p.quantity]));
    expect(held).toEqual(
      new Map([
        [SYMBOL, 3],
        ['PERP_BTC_USDC', 2],
      ]),
    );
    const usdc = { token: 'USDC', holding: 10, frozen: 0, free: 10, pendingShort: 0, updatedAt: 5 };
    view.apply({ type: 'balances', balances: [usdc] });
    view.apply({ type: 'balances', balances: [{ ...usdc, holding: 5, updatedAt: 4 }] });
    expect(view.balance('USDC')?.holding).toBe(10);
  });

  it('keeps working algo orders of the symbol and drops ended ones', () => {
    const view = new AccountView(SYMBOL);
    const algo = {
      algoOrderId: 7,
      clientOrderId: null,
      rootAlgoOrderId: 7,
      parentAlgoOrderId: 0,
      symbol: SYMBOL,
      algoType: 'STOP',
      side: 'SELL',
      type: 'MARKET',
      quantity: 1,
      triggerPrice: 90,
      price: null,
      status: 'NEW',
      isTriggered: false,
      isActivated: true,
      reduceOnly: false,
      marginMode: 'CROSS',
      executedQuantity: 0,
      averageExecutedPrice: null,
      realizedPnl: 0,
      triggerTime: null,
      callbackRate: null,
      callbackValue: null,
      activatedPrice: null,
      extremePrice: null,
      createdAt: 1,
      updatedAt: 1,
      childOrders: [],
    } as const;
    view.apply({ type: 'algo', order: { ...algo, childOrders: [] } });
    view.apply({
      type: 'algo',
      order: { ...algo, algoOrderId: 8, symbol: 'PERP_BTC_USDC', childOrders: [] },
    });
    expect(view.algoOrders().map((a) => a.algoOrderId)).toEqual([7]);
    view.apply({
      type: 'algo',
      order: { ...algo, status: 'CANCELLED', updatedAt: 2, childOrders: [] },
    });
    expect(view.algoOrders()).toEqual([]);
  });

  it('holds at most MAX_SCREEN_ORDERS open orders, the oldest known going first', () => {
    const view = new AccountView(SYMBOL);
    for (let id = 1; id <= MAX_SCREEN_ORDERS + 5; id++)
      view.apply({ type: 'order', order: update({ orderId: id }) });
    const ids = view.openOrders().map((o) => o.orderId);
    expect(ids).toHaveLength(MAX_SCREEN_ORDERS);
    expect(Math.min(...ids)).toBe(6);
  });
});
