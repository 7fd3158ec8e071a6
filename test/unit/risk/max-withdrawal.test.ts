/**
 * Max withdrawable (market-algo-risk-facts.md §5): unsettled profit is held back, a loss is
 * not added, the holding caps it, the answer is floored to the token's decimals and never
 * negative; free collateral over the account's cross rows with their orders.
 */
import { describe, expect, it } from 'vitest';
import type { AccountRisk } from '../../../src/risk/account-room.ts';
import {
  accountFreeCollateral,
  maxWithdrawableToken,
  maxWithdrawableUsdc,
} from '../../../src/risk/max-withdrawal.ts';

describe('maxWithdrawableUsdc', () => {
  it('is min(holding, free − max(unsettled, 0)), floored to 6 decimals, at least 0', () => {
    const at = (usdcHolding: number, freeCollateral: number, unsettledPnl: number) =>
      maxWithdrawableUsdc({ usdcHolding, freeCollateral, unsettledPnl });
    expect(at(1_000, 800, 50)).toBe(750);
    expect(at(1_000, 800, -50)).toBe(800);
    expect(at(500, 800, 0)).toBe(500);
    expect(at(1_000, 100.1234569, 0)).toBe(100.123456);
    expect(at(1_000, 10, 20)).toBe(0);
    expect(maxWithdrawableUsdc({ usdcHolding: 9, freeCollateral: 9.99, unsettledPnl: 0 }, 0)).toBe(
      9,
    );
  });
});

describe('maxWithdrawableToken', () => {
  it('is min(holding, free / (index × weight)), 0.2% dearer while USDC is negative', () => {
    const base = {
      holding: 10,
      freeCollateral: 1_000,
      indexPrice: 250,
      weight: 0.8,
      usdcHolding: 0,
    };
    expect(maxWithdrawableToken(base, 8)).toBe(5);
    expect(maxWithdrawableToken({ ...base, usdcHolding: -1 }, 8)).toBe(4.99001996);
    expect(maxWithdrawableToken({ ...base, holding: 2 }, 8)).toBe(2);
    expect(maxWithdrawableToken({ ...base, indexPrice: 0 }, 8)).toBe(0);
  });
});

describe('accountFreeCollateral', () => {
  it('takes holding, pending_short and cross unsettled PnL, less the initial margin with orders', () => {
    const account: AccountRisk = {
      usdcHolding: 10_000,
      pendingShort: -100,
      positions: [
        {
          symbol: 'PERP_ETH_USDC',
          marginMode: 'CROSS',
          quantity: 1,
          pendingLongQuantity: 0.5,
          pendingShortQuantity: 0,
          leverage: 10,
          unsettledPnl: 40,
          mmr: 0.05,
        },
        {
          symbol: 'PERP_BTC_USDC',
          marginMode: 'ISOLATED',
          quantity: 0.1,
          pendingLongQuantity: 0,
          pendingShortQuantity: 0,
          leverage: 10,
          unsettledPnl: -30,
          mmr: 0.05,
        },
      ],
      markPrices: { PERP_ETH_USDC: 3_000, PERP_BTC_USDC: 60_000 },
      rules: {
        PERP_ETH_USDC: {
          baseImr: 0.05,
          baseMmr: 0.025,
          imrFactor: 0,
          baseMin: 0,
          baseMax: 1e9,
          baseTick: 1e-4,
        },
        PERP_BTC_USDC: {
          baseImr: 0.05,
          baseMmr: 0.025,
          imrFactor: 0,
          baseMin: 0,
          baseMax: 1e9,
          baseTick: 1e-5,
        },
      },
      leverages: {},
      takerFeeRate: 0.0005,
      makerFeeRate: 0.0002,
    };
    // Collateral 10 000 − 100 + 40 (cross only); margin |3000 × 1.5| × max(1/10, 0.05) = 450.
    expect(accountFreeCollateral(account)).toEqual({ freeCollateral: 9_490, unsettledPnl: 10 });
  });
});
