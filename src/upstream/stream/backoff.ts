/** Reconnect delays: exponential from `baseMs`, capped at `capMs`, full jitter in [½, 1]. */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export function backoffDelay(policy: BackoffPolicy, attempt: number, random = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling * (0.5 + random() / 2));
}
