/**
 * Exact checks on decimal numbers as a form holds them: each value is scaled to an integer
 * count of its smallest unit before comparing, so 0.3 is on a 0.1 tick (binary floating point
 * says 0.3 % 0.1 ≠ 0). The gateway checks the same rules in exact decimals too.
 */

/** Digits after the point of `value` as JavaScript prints it (`1e-7` → 7). */
export function decimalsOf(value: number): number {
  const [mantissa = '', exponent] = String(value).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

const units = (value: number, decimals: number) => Math.round(value * 10 ** decimals);

/** True when `value` is `start` plus a whole number of `step`s. */
export function onStep(value: number, start: number, step: number): boolean {
  if (step <= 0) return true;
  const d = Math.max(decimalsOf(value), decimalsOf(start), decimalsOf(step));
  return (units(value, d) - units(start, d)) % units(step, d) === 0;
}

/** `value` rounded down to `start` plus whole `step`s (what a tick-snapping input shows). */
export function snapDown(value: number, start: number, step: number): number {
  if (step <= 0) return value;
  const d = Math.max(decimalsOf(value), decimalsOf(start), decimalsOf(step));
  const steps = Math.floor((units(value, d) - units(start, d)) / units(step, d));
  return (units(start, d) + steps * units(step, d)) / 10 ** d;
}
