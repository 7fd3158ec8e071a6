/** Numbers as the screen shows them: prices to the symbol's tick, sizes to its step. */
import { decimalsOf } from './decimal.ts';

export const fixed = (value: number, step: number) => value.toFixed(Math.min(decimalsOf(step), 12));

export const money = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const signedMoney = (value: number) => `${value > 0 ? '+' : ''}${money(value)}`;

export const percent = (rate: number, digits = 4) => `${(rate * 100).toFixed(digits)}%`;

/** `hh:mm:ss` until `at`; 00:00:00 once passed. */
export function countdown(at: number, now: number): string {
  const left = Math.max(0, Math.floor((at - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
}

export const clock = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { hour12: false });
