/**
 * What an Idempotency-Key record keeps of a mutation's answer (use-idempotency.ts says which
 * answers are not stored), and the stored answer replayed as an execution result.
 */
import { type ExecutionResult, GraphQLError } from 'graphql';
import type { Idempotency } from '../idempotency/index.ts';
import type { Lease } from '../idempotency/records.ts';
import type { Logger } from '../observability/logger.ts';
import { maybeSecretText, redactText } from '../observability/redact.ts';

/** Codes of answers where nothing ran upstream: not stored. */
const NOT_STORED = new Set(['BAD_USER_INPUT', 'RATE_LIMITED', 'UNAUTHENTICATED', 'FORBIDDEN']);
/** Larger responses are not stored (a mutation's answer is a few hundred bytes). */
const MAX_STORED_CHARS = 64 * 1024;

type Outcome = { data?: unknown; errors?: readonly { extensions?: unknown }[] };

/** Whether a code of `codes` is in `errors` or is a result member's selected `code`. */
function hasCode(result: Outcome, codes: ReadonlySet<string>): boolean {
  for (const error of result.errors ?? []) {
    const code = (error.extensions as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && codes.has(code)) return true;
  }
  const walk = (value: unknown, depth: number): boolean => {
    if (value === null || typeof value !== 'object' || depth > 8) return false;
    if (Array.isArray(value)) return value.some((v) => walk(v, depth + 1));
    const code = (value as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    return Object.values(value).some((v) => walk(v, depth + 1));
  };
  return walk(result.data, 0);
}

const UNAVAILABLE = new Set(['UPSTREAM_UNAVAILABLE']);

/**
 * Whether the answer says nothing ran (`attempts`: HTTP requests the operation sent;
 * `refusals`: codes of the error members its mutations answered with, selected or not).
 */
function notStorable(result: Outcome, attempts: number | undefined, refusals: readonly string[]) {
  // Errors and no data: refused before any field ran (e.g. a variable of the wrong type,
  // whose code the error masking adds only later).
  if ((result.data === null || result.data === undefined) && (result.errors?.length ?? 0) > 0) {
    return true;
  }
  // Unavailable without a request sent (an open circuit): nothing can have acted.
  if (attempts === 0 && hasCode(result, UNAVAILABLE)) return true;
  return refusals.some((code) => NOT_STORED.has(code)) || hasCode(result, NOT_STORED);
}

/** The stored response as an execution result again (errors as GraphQLErrors: not masked). */
export function revive(stored: {
  data?: unknown;
  errors?: {
    message: string;
    path?: readonly (string | number)[];
    extensions?: Record<string, unknown>;
  }[];
}): ExecutionResult {
  return {
    ...(stored.data === undefined ? {} : { data: stored.data as ExecutionResult['data'] }),
    ...(stored.errors
      ? {
          errors: stored.errors.map(
            (e) =>
              new GraphQLError(e.message, {
                ...(e.path ? { path: e.path } : {}),
                ...(e.extensions ? { extensions: e.extensions } : {}),
              }),
          ),
        }
      : {}),
    extensions: { idempotency: { replayed: true } },
  };
}

/**
 * Stores the owner's answer under its lease, or releases the key when the answer must not be
 * stored (nothing ran, or it holds something shaped like a secret, or it is too large).
 */
export async function settleAnswer(
  { records, metrics }: Idempotency,
  logger: Logger | undefined,
  lease: Lease,
  answer: {
    result: ExecutionResult;
    secrets: string[];
    attempts: number | undefined;
    refusals?: readonly string[];
  },
): Promise<void> {
  const stored = JSON.parse(
    JSON.stringify({ data: answer.result.data, errors: answer.result.errors }),
  );
  const text = JSON.stringify(stored);
  try {
    if (notStorable(stored, answer.attempts, answer.refusals ?? [])) {
      await records.release(lease);
      return;
    }
    const secret =
      answer.secrets.some((s) => s.length > 0 && text.includes(s)) ||
      (maybeSecretText(text) && redactText(text) !== text);
    if (secret || text.length > MAX_STORED_CHARS) {
      logger?.warn(
        { reason: secret ? 'secret-shaped value' : 'too large' },
        'idempotency: response not stored; a repeat with this key runs again',
      );
      await records.release(lease);
      return;
    }
    await records.complete(lease, stored);
  } catch (error) {
    metrics.storeError('key');
    logger?.warn({ error: String(error) }, 'idempotency record not updated');
  }
}
