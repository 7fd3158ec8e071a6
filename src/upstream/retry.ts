/**
 * The retry layer: runs the policy of retry-policy.ts around the next layer, a retry marked as
 * a spare attempt for the budget, each backoff bounded by the call's deadline.
 */
import { boundedWait, endsCall, type Sleep } from './deadline.ts';
import { RateLimitedError, UpstreamError } from './errors.ts';
import type { Layer } from './pipeline.ts';
import { sleep as realSleep } from './pipeline.ts';
import { type RetryPolicy, retryDecision } from './retry-policy.ts';

/** Errors of requests that provably never reached the upstream (marked by the sender). */
const unsent = new WeakSet<object>();
export const markUnsent = <E extends object>(error: E): E => {
  unsent.add(error);
  return error;
};
export const wasSent = (error: object): boolean => !unsent.has(error);

export interface RetryLayerOptions {
  policy: RetryPolicy;
  sleep?: Sleep;
  random?: () => number;
}

export function withRetry(options: RetryLayerOptions): Layer {
  const sleep = options.sleep ?? realSleep;
  return (next) => async (call) => {
    let retried: UpstreamError | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        return await next(retried ? { ...call, spare: true } : call);
      } catch (error) {
        // The budget kept its reserve: no retry was sent, the failure retried stands.
        if (retried && error instanceof RateLimitedError && error.source === 'reserve') {
          throw retried;
        }
        if (!(error instanceof UpstreamError) || endsCall(error)) throw error;
        const decision = retryDecision(
          { idempotency: call.op.idempotency, attempt, error, sent: wasSent(error) },
          options.policy,
          options.random,
        );
        if (!decision.retry) throw error;
        const stage = `backoff before attempt ${call.stats.attempts + 1}`;
        await boundedWait(call, decision.delayMs, stage, sleep, error);
        retried = error;
      }
    }
  };
}
