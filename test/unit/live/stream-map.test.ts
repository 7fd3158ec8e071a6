import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  balancesFromStream,
  maintenanceFromStream,
  orderUpdateFromStream,
  positionsFromStream,
  walletFromStream,
  wsBaseOf,
} from '../../../src/upstream/stream/index.ts';

const report = {
  symbol: 'PERP_ETH_USDC',
  clientOrderId: 'c1',
  orderId: 42,
  type: 'LIMIT',
  side: 'BUY',
  quantity: 1,
  price: 2900,
  tradeId: 7,
  executedPrice: 2900,
  executedQuantity: 0.4,
  fee: 0.58,
  feeAsset: 'USDC',
  totalExecutedQuantity: 0.4,
  avgPrice: 2900,
  status: 'PARTIAL_FILLED',
  reason: '',
  timestamp: 1_700_000_000_000,
  marginMode: 'CROSS',
  reduceOnly: false,
};

describe('stream payload mapping', () => {
  it('maps an execution report field by field; a non-zero tradeId makes it a fill', () => {
    expect(orderUpdateFromStream(report)).toEqual({
      orderId: 42,
      clientOrderId: 'c1',
      symbol: 'PERP_ETH_USDC',
      side: 'BUY',
      type: 'LIMIT',
      status: 'PARTIAL_FILLED',
      price: 2900,
      quantity: 1,
      executedQuantity: 0.4,
      avgPrice: 2900,
      reason: null,
      timestamp: 1_700_000_000_000,
      marginMode: 'CROSS',
      reduceOnly: false,
      fill: {
        price: 2900,
        quantity: 0.4,
        fee: 0.58,
        feeAsset: 'USDC',
        tradeId: '7',
        // executionreport says neither: only the trades reads do.
        isMaker: null,
        realizedPnl: null,
      },
      source: 'stream',
    });
    expect(orderUpdateFromStream({ ...report, tradeId: 0 })?.fill).toBeNull();
    expect(orderUpdateFromStream({ ...report, tradeId: '0' })?.fill).toBeNull();
  });

  it('drops payloads missing what identifies them, never half-delivers', () => {
    expect(orderUpdateFromStream({ ...report, orderId: undefined })).toBeUndefined();
    expect(orderUpdateFromStream({ ...report, status: 'WHATEVER' })).toBeUndefined();
    expect(orderUpdateFromStream('nope')).toBeUndefined();
    expect(positionsFromStream({ positions: [{ symbol: 'X' }, null] })).toEqual([]);
    expect(
      walletFromStream({ id: 'w', side: 'DEPOSIT', amount: 1, trans_status: 'LOST' }),
    ).toBeUndefined();
    expect(maintenanceFromStream({})).toBeUndefined();
  });

  it('maps positions and balances, with quoted numbers', () => {
    const [p] = positionsFromStream({
      positions: [
        {
          symbol: 'PERP_BTC_USDC',
          positionQty: '-0.5',
          averageOpenPrice: 60_000,
          pnl24H: 3,
          marginMode: 'ISOLATED',
          timestamp: 5,
        },
      ],
    });
    expect(p).toMatchObject({
      quantity: -0.5,
      side: 'SHORT',
      pnl24h: 3,
      marginMode: 'ISOLATED',
      updatedAt: 5,
    });
    expect(
      balancesFromStream(
        { balances: { USDC: { holding: 10.3, frozen: 0.1, pendingShortQty: 0 } } },
        9,
      ),
    ).toEqual([
      { token: 'USDC', holding: 10.3, frozen: 0.1, free: 10.2, pendingShort: 0, updatedAt: 9 },
    ]);
  });

  it('maps wallet status events, PENDING_REBALANCE included', () => {
    expect(
      walletFromStream({
        id: 'w1',
        side: 'WITHDRAW',
        token: 'USDC',
        amount: '5',
        fee: 0,
        trans_status: 'PENDING_REBALANCE',
        created_time: 1,
        updated_time: 2,
      }),
    ).toEqual({
      kind: 'wallet',
      id: 'w1',
      side: 'WITHDRAW',
      token: 'USDC',
      amount: 5,
      fee: 0,
      status: 'PENDING_REBALANCE',
      createdTime: 1,
      updatedTime: 2,
    });
  });
});

describe('reconnect backoff', () => {
  it('doubles from the base, stays under the cap, jittered within [½, 1] of the ceiling', () => {
    const policy = { baseMs: 100, capMs: 1_000 };
    expect(backoffDelay(policy, 0, () => 0)).toBe(50);
    expect(backoffDelay(policy, 0, () => 1)).toBe(100);
    expect(backoffDelay(policy, 3, () => 1)).toBe(800);
    expect(backoffDelay(policy, 10, () => 1)).toBe(1_000);
    expect(backoffDelay(policy, 1_000, () => 0.5)).toBe(750);
  });
});

describe('wsBaseOf', () => {
  it('turns the REST origin into the stream origin', () => {
    expect(wsBaseOf('https://api.example.invalid/')).toBe('wss://api.example.invalid');
    expect(wsBaseOf('http://127.0.0.1:4100')).toBe('ws://127.0.0.1:4100');
  });
});
