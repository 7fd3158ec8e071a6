/**
 * Idempotency-Key for every mutation without a key of its own (placeOrder and placeOrders
 * are keyed by clientOrderId in the resolvers, see src/idempotency/orders.ts).
 *
 * The key comes from the `Idempotency-Key` HTTP header or, for transports without headers per
 * operation (graphql-ws), from the GraphQL params' `extensions.idempotencyKey`. It is scoped to
 * the caller (account and principal) and recorded for 24 h with the fingerprint of the
 * operation text, its name and its variables:
 *
 *   first request      runs; its response is stored (unless it is the caller's own error)
 *   same request again the stored response, `extensions.idempotency.replayed: true`, and the
 *                      header `Idempotency-Replayed: true`
 *   other variables    IDEMPOTENCY_MISMATCH (422 semantics), nothing runs
 *   still running      IDEMPOTENCY_IN_PROGRESS with retryAfterMs (409 semantics)
 *
 * Not stored (the key stays free for a corrected retry): responses with BAD_USER_INPUT,
 * RATE_LIMITED, UNAUTHENTICATED or FORBIDDEN (in `errors` or as a selected `code` of a result
 * member), errors without data (refused before any field ran), and UPSTREAM_UNAVAILABLE
 * when the operation sent no request upstream (failed fast by an open circuit, or stopped by
 * its deadline before sending): nothing ran upstream. A response holding anything shaped
 * like a secret is never stored either (none of the schema's mutations returns one; the
 * check keeps it that way).
 * With the store down the mutation runs unguarded (logged, counted).
 *
 * An envelop `onExecute` hook: it runs after auth, persisted operations, validation and the
 * limits, on the document that will execute.
 */
import { type ExecutionResult, GraphQLError, getOperationAST, Kind, print } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { idempotencyInProgress, idempotencyMismatch } from '../idempotency/errors.ts';
import { operationFingerprint } from '../idempotency/fingerprint.ts';
import type { Idempotency } from '../idempotency/index.ts';
import {
  IDEMPOTENCY_EXTENSION,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY,
  mutationRecordKey,
} from '../idempotency/keys.ts';
import type { Lease } from '../idempotency/records.ts';
import type { Logger } from '../logger.ts';
import { maybeSecretText, redactText } from '../redact.ts';
import type { GatewayContext } from '../schema/types.ts';

/** Root mutation fields keyed by clientOrderId in their resolvers. */
export const ORDER_KEYED_FIELDS: ReadonlySet<string> = new Set(['placeOrder', 'placeOrders']);
/** Codes of answers where nothing ran upstream: not stored. */
const NOT_STORED = new Set(['BAD_USER_INPUT', 'RATE_LIMITED', 'UNAUTHENTICATED', 'FORBIDDEN']);
/** Larger responses are not stored (a mutation's answer is a few hundred bytes). */
const MAX_STORED_CHARS = 64 * 1024;
export const REPLAYED_HEADER = 'Idempotency-Replayed';

export interface IdempotencyPluginOptions {
  idempotency: Idempotency;
  logger?: Logger;
}

type ExecutionContext = GatewayContext & {
  request?: Request;
  params?: { extensions?: Record<string, unknown> | null };
};

function keyOf(ctx: ExecutionContext): string | undefined {
  const header = ctx.request?.headers.get(IDEMPOTENCY_HEADER);
  if (header !== null && header !== undefined) return header;
  const value = ctx.params?.extensions?.[IDEMPOTENCY_EXTENSION];
  return value === undefined || value === null ? undefined : String(value);
}

const badKey = () =>
  new GraphQLError(
    'Idempotency-Key: 1 to 255 printable ASCII characters without spaces (a UUID is a good key).',
    { extensions: { code: 'BAD_USER_INPUT', http: { status: 400, spec: true } } },
  );

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

/** Whether the answer says nothing ran (`attempts`: HTTP requests the operation sent). */
function notStorable(result: Outcome, attempts: number | undefined) {
  // Errors and no data: refused before any field ran (e.g. a variable of the wrong type,
  // whose code the error masking adds only later).
  if ((result.data === null || result.data === undefined) && (result.errors?.length ?? 0) > 0) {
    return true;
  }
  // Unavailable without a request sent (an open circuit): nothing can have acted.
  if (attempts === 0 && hasCode(result, UNAVAILABLE)) return true;
  return hasCode(result, NOT_STORED);
}

/** The stored response as an execution result again (errors as GraphQLErrors: not masked). */
function revive(stored: {
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

export function useIdempotency(options: IdempotencyPluginOptions): Plugin<GatewayContext> {
  const { idempotency, logger } = options;
  const { records, metrics, leaseMs } = idempotency;
  const replayed = new WeakSet<Request>();

  const settle = async (
    lease: Lease,
    result: ExecutionResult,
    secrets: string[],
    attempts: number | undefined,
  ) => {
    const stored = JSON.parse(JSON.stringify({ data: result.data, errors: result.errors }));
    const text = JSON.stringify(stored);
    try {
      if (notStorable(stored, attempts)) {
        await records.release(lease);
        return;
      }
      const secret =
        secrets.some((s) => s.length > 0 && text.includes(s)) ||
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
  };

  return {
    onContextBuilding({ extendContext }) {
      extendContext({ idempotency });
    },
    onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== 'mutation') return;
      const ctx = args.contextValue as ExecutionContext;
      const key = keyOf(ctx);
      if (key === undefined) return;
      if (!IDEMPOTENCY_KEY.test(key)) {
        setResultAndStopExecution({ errors: [badKey()] });
        return;
      }
      const fields = operation.selectionSet.selections.map((s) =>
        s.kind === Kind.FIELD ? s.name.value : '',
      );
      if (fields.every((name) => ORDER_KEYED_FIELDS.has(name))) return;
      const principal = ctx.principal;
      // Anonymous mutations fail on their auth scopes; there is no caller to scope a key to.
      if (!principal) return;
      const { accountId, secret, tradingSecret } = principal.credentials;
      const recordKey = mutationRecordKey(accountId, principal.label, key);
      const fingerprint = operationFingerprint(
        print(args.document),
        args.operationName,
        args.variableValues ?? {},
      );
      return records.claim(recordKey, fingerprint, leaseMs).then(
        (claim) => {
          switch (claim.kind) {
            case 'done':
              metrics.replay('key');
              if (ctx.request) replayed.add(ctx.request);
              setResultAndStopExecution(revive(claim.outcome as Parameters<typeof revive>[0]));
              return;
            case 'mismatch':
              metrics.mismatch('key');
              setResultAndStopExecution({ errors: [idempotencyMismatch('This Idempotency-Key')] });
              return;
            case 'in-flight': {
              metrics.inFlight('key', 'in_progress');
              const error = idempotencyInProgress(
                'this Idempotency-Key',
                Math.min(claim.deadline - Date.now(), leaseMs),
              );
              setResultAndStopExecution({ errors: [error] });
              return;
            }
            case 'owner': {
              const secrets = [secret, tradingSecret ?? ''];
              return {
                onExecuteDone({ result }: { result: unknown }) {
                  return settle(
                    claim.lease,
                    result as ExecutionResult,
                    secrets,
                    ctx.upstreamAttempts,
                  );
                },
              };
            }
          }
        },
        (error: unknown) => {
          metrics.storeError('key');
          logger?.warn(
            { error: String(error) },
            'idempotency store failed: the mutation runs without its Idempotency-Key record',
          );
        },
      );
    },
    onResponse({ request, response }) {
      if (replayed.has(request)) response.headers.set(REPLAYED_HEADER, 'true');
    },
  };
}
