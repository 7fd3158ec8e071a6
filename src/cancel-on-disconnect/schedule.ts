/**
 * When an account's switch is renewed, and with which delay: pure, unit-tested. The upstream
 * cancels `afterMs` after the last renewal, so renewals come at least three times per delay
 * (two may fail or be late, and the third still lands in time) and at most `renewMs` apart.
 */

/** Time between two renewals of a switch armed with `afterMs`. */
export const renewEveryMs = (afterMs: number, renewMs: number): number =>
  Math.max(1, Math.min(renewMs, Math.floor(afterMs / 3)));

/**
 * How long the renewing replica's claim lives: a little less than one interval, so its own
 * next tick finds the claim gone and renews again, while the other replicas' ticks in between
 * find it held and skip (one renewal per interval per account, whatever the replica count).
 */
export const claimTtlMs = (everyMs: number): number => Math.max(1, Math.floor(everyMs * 0.8));

/** The delay the switch is armed with: the shortest any session of the account asked for. */
export function effectiveAfterMs(asked: Iterable<number>): number | undefined {
  let shortest: number | undefined;
  for (const ms of asked) if (shortest === undefined || ms < shortest) shortest = ms;
  return shortest;
}

/** `expected_trigger_time` as a number (the facts' example is a string), else `fallback`. */
export function triggerTimeOf(value: number | string, fallback: number): number {
  const ms = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(ms) && ms > 0 ? ms : fallback;
}
