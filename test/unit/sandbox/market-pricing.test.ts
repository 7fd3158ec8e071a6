/** The market model's pure pricing parts: index smoothing, funding, symbol rules, matching. */
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/sandbox/errors.ts';
import {
  FundingClock,
  type FundingRules,
  fundingRateOf,
  SAMPLE_MS,
} from '../../../src/sandbox/market/funding.ts';
import { INDEX_HALF_LIFE_MS, IndexPrice } from '../../../src/sandbox/market/index-price.ts';
import { liquidityOf, walk } from '../../../src/sandbox/market/matching.ts';
import { checkPrice, checkQuantity, rulesOf } from '../../../src/sandbox/market/rules.ts';
import { parseSeed } from '../../../src/sandbox/seed.ts';
import type { Order } from '../../../src/sandbox/types.ts';

const HOUR = 3_600_000;
const RULES: FundingRules = {
  fundingPeriod: 8,
  interestRate: 0.0001,
  capIr: 0.0003,
  floorIr: -0.0003,
  capFunding: 0.000375,
  floorFunding: -0.000375,
};

describe('index price', () => {
  it('follows a mid move with the half-life, from where it was', () => {
    const index = new IndexPrice(100, 0, 4);
    index.midMoved(200, 1_000);
    expect(index.at(1_000)).toBe(100);
    expect(index.at(1_000 + INDEX_HALF_LIFE_MS)).toBe(150);
    expect(index.at(1_000 + 2 * INDEX_HALF_LIFE_MS)).toBe(175);
    index.midMoved(100, 1_000 + INDEX_HALF_LIFE_MS);
    expect(index.at(1_000 + 2 * INDEX_HALF_LIFE_MS)).toBe(125);
  });
});

describe('funding', () => {
  it('is the interest alone without premium, scaled to the period, clamped to cap and floor', () => {
    expect(fundingRateOf(0, RULES)).toBe(0.0001);
    expect(fundingRateOf(0, { ...RULES, fundingPeriod: 1 })).toBe(0.0000125);
    // 0.0002 premium: interest − premium = −0.0001, within ±0.0003: 0.0002 − 0.0001.
    expect(fundingRateOf(0.0002, RULES)).toBe(0.0001);
    expect(fundingRateOf(0.01, RULES)).toBe(0.000375);
    expect(fundingRateOf(-0.01, RULES)).toBe(-0.000375);
  });

  it('settles on the UTC boundaries of the period and sums the unitary funding', () => {
    let premium = 0;
    const mark = 1000;
    const start = Date.UTC(2024, 5, 1, 7, 59, 30);
    const clock = new FundingClock(RULES, { mark: () => mark, premiumAt: () => premium }, start);
    expect(clock.nextFundingTime(start)).toBe(Date.UTC(2024, 5, 1, 8));
    expect(clock.lastRate).toBe(0.0001);
    // Within ±cap_ir of the interest, the premium leaves the rate at the interest.
    premium = 0.0002;
    expect(clock.estimate(start)).toBe(0.0001);
    premium = 0.001;
    expect(clock.estimate(start + SAMPLE_MS)).toBe(0.000375);
    // The sample of 07:59:45 (0.001) settles the period at 08:00, capped.
    expect(clock.nextFundingTime(Date.UTC(2024, 5, 1, 8))).toBe(Date.UTC(2024, 5, 1, 16));
    expect(clock.lastRate).toBe(0.000375);
    expect(clock.lastRateTime).toBe(Date.UTC(2024, 5, 1, 8));
    expect(clock.sumUnitary).toBeCloseTo(0.000375 * mark, 10);
    clock.catchUp(Date.UTC(2024, 5, 2, 0) + 1);
    expect(clock.lastRateTime).toBe(Date.UTC(2024, 5, 2, 0));
    expect(clock.sumUnitary).toBeCloseTo(3 * 0.000375 * mark, 10);
  });

  it('counts the premium now in the estimate', () => {
    let premium = 0;
    const now = Date.UTC(2024, 5, 1, 8);
    const clock = new FundingClock(RULES, { mark: () => 1, premiumAt: () => premium }, now);
    expect(clock.estimate(now)).toBe(0.0001);
    premium = -0.0006;
    // −0.0006 + clamp(0.0001 + 0.0006, ±0.0003) = −0.0003
    expect(clock.estimate(now)).toBeCloseTo(-0.0003, 12);
    // Samples are taken up to a time before the premium changes (the market catches up
    // before every mid move): 2 h at −0.0006, then 2 h at 0, and the premium now (0).
    clock.catchUp(now + 2 * HOUR);
    premium = 0;
    const average = (-0.0006 * 480) / (480 + 480 + 1);
    expect(clock.estimate(now + 4 * HOUR)).toBe(fundingRateOf(average, RULES));
    expect(fundingRateOf(average, RULES)).toBeGreaterThan(-0.0003);
  });
});

describe('symbol rules', () => {
  const [config] = parseSeed({
    symbols: [
      { symbol: 'PERP_X_USDC', midPrice: 100, tickSize: 0.01, quantityStep: 0.1, levelQuantity: 1 },
    ],
  }).symbols!;
  const rules = rulesOf(config!, 20);
  const code = (f: () => void) => {
    try {
      f();
      return 0;
    } catch (error) {
      return (error as ApiError).code;
    }
  };

  it('defaults from the tick, the step and the leverage', () => {
    expect(rules).toMatchObject({
      quoteMin: 0,
      quoteMax: 10_000,
      quoteTick: 0.01,
      baseMin: 0.1,
      baseTick: 0.1,
      priceRange: 0.03,
      priceScope: 0.4,
      baseImr: 0.05,
      baseMmr: 0.025,
      fundingPeriod: 8,
      status: 'ACTIVE',
    });
  });

  it('keeps a limit price within range (-1103) and scope (-1105) of the mark', () => {
    expect(code(() => checkPrice(rules, 'BUY', 103, 100))).toBe(0);
    expect(code(() => checkPrice(rules, 'BUY', 103.01, 100))).toBe(-1103);
    expect(code(() => checkPrice(rules, 'SELL', 97, 100))).toBe(0);
    expect(code(() => checkPrice(rules, 'SELL', 96.99, 100))).toBe(-1103);
    expect(code(() => checkPrice(rules, 'BUY', 60, 100))).toBe(0);
    expect(code(() => checkPrice(rules, 'BUY', 59.99, 100))).toBe(-1105);
    expect(code(() => checkPrice(rules, 'SELL', 140, 100))).toBe(0);
    expect(code(() => checkPrice(rules, 'SELL', 140.01, 100))).toBe(-1105);
    expect(code(() => checkPrice(rules, 'SELL', 10_000.01, 10_000))).toBe(-1103);
    expect(code(() => checkQuantity(rules, 0.05))).toBe(-1104);
    expect(code(() => checkQuantity(rules, rules.baseMax + 0.1))).toBe(-1104);
  });
});

describe('matching', () => {
  const resting = (orderId: number, price: number, quantity: number): Order =>
    ({
      orderId,
      price,
      quantity,
      executedQuantity: 0,
      reduceOnly: false,
      symbol: 'PERP_X_USDC',
      side: 'SELL',
    }) as Order;

  it('takes the synthetic levels first, then resting orders within the limit', () => {
    const synthetic = [
      { price: 101, quantity: 1 },
      { price: 102, quantity: 2 },
    ];
    const orders = [resting(7, 101.5, 1), resting(8, 103, 5)];
    const fills = walk('BUY', liquidityOf(synthetic, orders), { limit: 102, quantity: 10 }, 0.1);
    expect(fills.map((f) => [f.price, f.quantity, f.maker?.orderId])).toEqual([
      [101, 1, undefined],
      [102, 2, undefined],
      [101.5, 1, 7],
    ]);
    const amount = walk('BUY', liquidityOf(synthetic, orders), { amount: 150 }, 0.1);
    expect(amount.map((f) => [f.price, f.quantity])).toEqual([
      [101, 1],
      [102, 0.4],
    ]);
  });
});
