/**
 * The circuit layer (circuit.ts) in the pipeline: between retry and budget, so that each
 * HTTP attempt counts, a retry meeting an open circuit fails fast instead of being sent, and
 * an open circuit spends no budget.
 */
import { CircuitOpenError, type Circuits, type Verdict } from './circuit.ts';
import { endsCall } from './deadline.ts';
import { RateLimitedError, UnavailableError, UpstreamError } from './errors.ts';
import type { Layer } from './pipeline.ts';

/**
 * What an attempt's failure says about the upstream: unavailable (5xx, timeouts, lost or
 * refused connections) is a failure; any answer (4xx, 401, malformed) a success. A deadline
 * hit, an abort, a budget refusal or a local error before sending say nothing.
 */
export function verdictOf(error: unknown): Verdict {
  if (error instanceof CircuitOpenError || endsCall(error)) return 'neutral';
  if (error instanceof UnavailableError) return 'failure';
  // Our budget's refusals and 429 blocks are never sent: no news of the upstream.
  if (error instanceof RateLimitedError) return 'neutral';
  return error instanceof UpstreamError ? 'success' : 'neutral';
}

export function withCircuit(circuits: Circuits): Layer {
  if (!circuits.enabled) return (next) => next;
  return (next) => async (call) => {
    const circuit = circuits.of(call.op.name);
    const ticket = circuit.admit();
    let verdict: Verdict = 'neutral';
    try {
      const result = await next(call);
      verdict = 'success';
      return result;
    } catch (error) {
      verdict = verdictOf(error);
      throw error;
    } finally {
      circuit.record(ticket, verdict);
    }
  };
}
