/**
 * The memory store's sliding-window-log limiter: one sorted log of call times per key, with
 * the Lua script's semantics (stores/lua.ts).
 */
import type { Timed } from './expiry-heap.ts';
import type { ConsumeResult } from './store.ts';

/** A sliding-window log, sorted; calls before `head` have left the window (trimmed in place). */
export interface WindowLog extends Timed {
  readonly key: string;
  log: number[];
  head: number;
  windowMs: number;
}

/**
 * Counts a call at `nowMs` into `w` when fewer than `limit` calls sit in the window.
 * Same window as the Lua script: (now - window, now + window]; entries further in the future
 * come from a badly skewed caller and are dropped. The log stays sorted, so both ends trim in
 * place: amortised O(1) per call however high the limit.
 */
export function consumeWindow(
  w: WindowLog,
  limit: number,
  windowMs: number,
  nowMs: number,
): ConsumeResult {
  w.windowMs = windowMs;
  while (w.head < w.log.length && w.log[w.head]! <= nowMs - windowMs) w.head++;
  while (w.log.length > w.head && w.log[w.log.length - 1]! > nowMs + windowMs) w.log.pop();
  if (w.head > 64 && w.head * 2 > w.log.length) {
    w.log = w.log.slice(w.head);
    w.head = 0;
  }
  const count = w.log.length - w.head;
  if (count < limit) {
    let at = w.log.length;
    while (at > w.head && w.log[at - 1]! > nowMs) at--;
    w.log.splice(at, 0, nowMs);
    return { allowed: true, retryAfterMs: 0, remaining: limit - count - 1, blocked: false };
  }
  const retryAfterMs = Math.max(1, w.log[w.head]! + windowMs - nowMs);
  return { allowed: false, retryAfterMs, remaining: 0, blocked: false };
}

/** When the window may be forgotten: once its latest call has left it. */
export const idleAt = (w: WindowLog, nowMs: number): number => (w.log.at(-1) ?? nowMs) + w.windowMs;
