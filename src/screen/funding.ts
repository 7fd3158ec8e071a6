/**
 * A screen's funding countdown: the next settlement and the running estimate, read once by
 * REST (GET /v1/public/funding_rates, with the symbol's `funding_period`) and then kept from
 * the public `{symbol}@estfundingrate` topic (`{symbol, fundingRate, fundingTs}`, about every
 * 15 s). Settlements fall on the period's boundaries, so the next one after a settlement is
 * one period later: no read is needed to keep counting.
 */

import type { FundingRateRow } from '../contract/wire-market.ts';
import type { EstFundingRateData } from '../contract/wire-market-stream.ts';
import type { FundingCountdownModel } from '../models/trading-screen.ts';

const HOUR_MS = 3_600_000;

export interface FundingState {
  rate: number;
  estimatedAt: number;
  nextFundingTime: number;
  periodHours: number;
}

export function fundingFromRest(row: FundingRateRow, periodHours: number): FundingState {
  return {
    rate: row.est_funding_rate,
    estimatedAt: row.est_funding_rate_timestamp,
    nextFundingTime: row.next_funding_time,
    periodHours,
  };
}

/** An `@estfundingrate` push; undefined when malformed. */
export function estFundingFromStream(
  data: unknown,
): Pick<EstFundingRateData, 'symbol' | 'fundingRate' | 'fundingTs'> | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const { symbol, fundingRate, fundingTs } = data as Partial<EstFundingRateData>;
  if (typeof symbol !== 'string' || !Number.isFinite(fundingRate)) return undefined;
  if (!Number.isFinite(fundingTs)) return undefined;
  return { symbol, fundingRate: fundingRate as number, fundingTs: fundingTs as number };
}

/** The countdown at `now`, the next settlement moved past any that went by. */
export function countdown(state: FundingState, now: number): FundingCountdownModel {
  const periodMs = state.periodHours * HOUR_MS;
  let next = state.nextFundingTime;
  if (next <= now && periodMs > 0) next += Math.ceil((now - next + 1) / periodMs) * periodMs;
  return {
    estFundingRate: state.rate,
    estimatedAt: state.estimatedAt,
    nextFundingTime: next,
    fundingInMs: Math.max(0, next - now),
    fundingPeriodHours: state.periodHours,
  };
}
