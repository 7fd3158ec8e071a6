/**
 * Candle periods on UTC boundaries: fixed lengths from 1m to 1d, weeks from Monday 00:00,
 * calendar months and years. `periodStart` floors a time onto its interval; `nextStart` is
 * the start of the following period (a candle's exclusive end).
 */
import type { KlineType } from '../../contract/wire-market.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** 1970-01-05, the first Monday after the epoch: weeks start on Mondays. */
const MONDAY = 4 * DAY;

const FIXED: Partial<Record<KlineType, number>> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': HOUR,
  '4h': 4 * HOUR,
  '12h': 12 * HOUR,
  '1d': DAY,
};

/** Start of the period of `interval` that holds `time` (ms). */
export function periodStart(interval: KlineType, time: number): number {
  const fixed = FIXED[interval];
  if (fixed !== undefined) return Math.floor(time / fixed) * fixed;
  if (interval === '1w') return Math.floor((time - MONDAY) / WEEK) * WEEK + MONDAY;
  const d = new Date(time);
  return interval === '1mon'
    ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
    : Date.UTC(d.getUTCFullYear(), 0, 1);
}

/** Start of the period after the one starting at `start`. */
export function nextStart(interval: KlineType, start: number): number {
  const fixed = FIXED[interval];
  if (fixed !== undefined) return start + fixed;
  if (interval === '1w') return start + WEEK;
  const d = new Date(start);
  return interval === '1mon'
    ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
    : Date.UTC(d.getUTCFullYear() + 1, 0, 1);
}

/** Start of the period before the one starting at `start`. */
export function previousStart(interval: KlineType, start: number): number {
  return periodStart(interval, start - 1);
}
