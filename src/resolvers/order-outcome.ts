/**
 * What a mutation waits for (`waitFor`) and when a wait is over, from the states one order
 * (or one algo order's root) went through on the private stream, oldest first. Pure: the
 * waiting itself is order-wait.ts.
 *
 * A wait ends when the order reaches its target, or a final state from which the target can
 * no longer be reached (waitFor FILLED and the order is CANCELLED): the answer is then the
 * state that ended it, and its status says which.
 */
import { FINAL_ORDER_STATUSES, type OrderStatus } from '../contract/wire-orders.ts';

export const ORDER_WAITS = [
  'NONE',
  'ACCEPTED',
  'FILLED',
  'FINAL',
  'CANCELLED',
  'REPLACED',
] as const;
export type OrderWait = (typeof ORDER_WAITS)[number];
export type WaitTarget = Exclude<OrderWait, 'NONE'>;

/** An order's or an algo order's state: statuses are the same words. */
export interface Stated {
  status: string;
}

const isFinal = (status: string) => FINAL_ORDER_STATUSES.includes(status as OrderStatus);

/** Whether a state reaches each target. */
export const REACHES: Readonly<Record<WaitTarget, (status: string) => boolean>> = {
  // The matching engine took it: anything but in flight or refused.
  ACCEPTED: (s) => s !== 'PENDING_NEW' && s !== 'REJECTED',
  FILLED: (s) => s === 'FILLED',
  FINAL: isFinal,
  CANCELLED: (s) => s === 'CANCELLED',
  REPLACED: (s) => s === 'REPLACED',
};

/**
 * The state to answer once the wait is over, or undefined while it is not: the latest state
 * when it reaches the target or is final, else the first one that reached it (an edit's
 * REPLACED, followed at once by NEW).
 */
export function outcomeOf<T extends Stated>(
  trail: readonly T[],
  target: WaitTarget,
): T | undefined {
  const latest = trail.at(-1);
  if (!latest) return undefined;
  const reaches = REACHES[target];
  if (reaches(latest.status) || isFinal(latest.status)) return latest;
  return trail.find((state) => reaches(state.status));
}

/** Which order a wait follows: its exchange id, its client order id, or both. */
export interface OrderKey {
  orderId?: number | null;
  clientOrderId?: string | null;
}

/** The states of the order `key` names, oldest first. */
export function trailOf<T extends { orderId: number; clientOrderId: string | null }>(
  events: readonly T[],
  key: OrderKey,
): T[] {
  return events.filter(
    (e) =>
      (key.orderId != null && e.orderId === key.orderId) ||
      (key.clientOrderId != null && e.clientOrderId === key.clientOrderId),
  );
}

/**
 * A state read by REST (`seed`) followed by the stream's states that are not older than it:
 * a repeat's order may have changed before its watch began. Within one millisecond a state
 * with less executed is older; nothing follows a final state.
 */
export function seeded<T extends Stated & { timestamp: number; executedQuantity: number }>(
  seed: T,
  trail: readonly T[],
): T[] {
  if (isFinal(seed.status)) return [seed];
  const newer = (e: T) =>
    e.timestamp > seed.timestamp ||
    (e.timestamp === seed.timestamp && e.executedQuantity >= seed.executedQuantity);
  return [seed, ...trail.filter(newer)];
}
