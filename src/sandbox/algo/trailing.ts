/**
 * A TRAILING_STOP follows the mark once active (at once, or when the mark reaches its
 * `activated_price`: rising to it for a SELL, falling for a BUY). A SELL keeps the highest mark
 * since activation (`extreme_price`) and fires when the mark falls to `extreme × (1 − rate)` or
 * `extreme − value`; a BUY keeps the lowest and fires at `extreme × (1 + rate)` or
 * `extreme + value`. The stop level shows as `trigger_price`.
 */
import { round } from '../decimal.ts';
import type { AlgoOrder, Trailing } from './types.ts';

function stopLevel(t: Trailing, sell: boolean, places: number): number {
  const extreme = t.extremePrice as number;
  const distance = t.callbackRate !== null ? extreme * t.callbackRate : (t.callbackValue as number);
  return round(sell ? extreme - distance : extreme + distance, places);
}

/**
 * Moves a trailing stop with the mark. Returns whether it changed (activated, or a new
 * extreme) and whether it is crossed now.
 */
export function trail(
  node: AlgoOrder,
  mark: number,
  places: number,
): { changed: boolean; crossed: boolean } {
  const t = node.trailing as Trailing;
  const sell = node.side === 'SELL';
  let changed = false;
  if (!t.activated) {
    const reached =
      t.activatedPrice === null || (sell ? mark >= t.activatedPrice : mark <= t.activatedPrice);
    if (!reached) return { changed: false, crossed: false };
    t.activated = true;
    t.extremePrice = mark;
    changed = true;
  } else if (sell ? mark > (t.extremePrice as number) : mark < (t.extremePrice as number)) {
    t.extremePrice = mark;
    changed = true;
  }
  const level = stopLevel(t, sell, places);
  node.triggerPrice = level;
  return { changed, crossed: sell ? mark <= level : mark >= level };
}
