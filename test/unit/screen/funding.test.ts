/** The funding countdown: the next settlement moved past those that went by, one period apart. */
import { describe, expect, it } from 'vitest';
import { countdown, estFundingFromStream, fundingFromRest } from '../../../src/screen/funding.ts';

const HOUR = 3_600_000;
const state = { rate: 0.0001, estimatedAt: 0, nextFundingTime: 8 * HOUR, periodHours: 8 };

describe('funding countdown', () => {
  it('counts down to the next settlement', () => {
    expect(countdown(state, 5 * HOUR)).toMatchObject({
      nextFundingTime: 8 * HOUR,
      fundingInMs: 3 * HOUR,
    });
  });

  it('moves to the next period once a settlement went by, without a read', () => {
    expect(countdown(state, 8 * HOUR).nextFundingTime).toBe(16 * HOUR);
    expect(countdown(state, 17 * HOUR)).toMatchObject({
      nextFundingTime: 24 * HOUR,
      fundingInMs: 7 * HOUR,
    });
  });

  it('reads the REST row and the topic push', () => {
    const row = {
      symbol: 'PERP_ETH_USDC',
      est_funding_rate: 0.0002,
      est_funding_rate_timestamp: 5,
      last_funding_rate: 0.0001,
      last_funding_rate_timestamp: 1,
      next_funding_time: 9,
      sum_unitary_funding: 0,
    };
    expect(fundingFromRest(row, 1)).toEqual({
      rate: 0.0002,
      estimatedAt: 5,
      nextFundingTime: 9,
      periodHours: 1,
    });
    expect(
      estFundingFromStream({ symbol: 'PERP_ETH_USDC', fundingRate: -0.001, fundingTs: 7 }),
    ).toEqual({
      symbol: 'PERP_ETH_USDC',
      fundingRate: -0.001,
      fundingTs: 7,
    });
    expect(
      estFundingFromStream({ symbol: 'PERP_ETH_USDC', fundingRate: 'x', fundingTs: 7 }),
    ).toBeUndefined();
  });
});
