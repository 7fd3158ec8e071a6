/**
 * What a subscription result carries besides its data, taken from the event it was executed
 * on: an account event's cursor (SSE writes it as the event's `id:`, sse-encode.ts) and, on the
 * events of a resumed subscription's RESYNC snapshot, `extensions.resumed` saying why the log
 * could not replay (resolvers/live-resume.ts). Once per result object, like its execution.
 */
import type { ExecutionResult } from 'graphql';

const cursors = new WeakMap<object, string>();

/** Marks `result` with what its event carries; returns it. */
export function annotate(result: ExecutionResult, event: object): ExecutionResult {
  const { cursor, notice } = event as { cursor?: unknown; notice?: unknown };
  if (typeof cursor === 'string') cursors.set(result, cursor);
  if (typeof notice === 'string') {
    result.extensions = { ...result.extensions, resumed: { outcome: 'RESYNC', reason: notice } };
  }
  return result;
}

/** The cursor of the event `result` was executed on, if it was an account event. */
export const cursorOf = (result: object): string | undefined => cursors.get(result);
