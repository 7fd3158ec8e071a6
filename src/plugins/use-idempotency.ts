/**
 * Idempotency-Key for every mutation without a key of its own (placeOrder and placeOrders
 * are keyed by clientOrderId in the resolvers, see src/idempotency/orders.ts; with a
 * `waitFor` argument their answer, the outcome waited for, is recorded under the key too).
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
 * RATE_LIMITED, UNAUTHENTICATED or FORBIDDEN (in `errors`, or a result member of that code,
 * selected or not: `ctx.refusals`, refusals-plugin.ts), errors without data (refused before
 * any field ran), and UPSTREAM_UNAVAILABLE when the operation sent no request upstream (failed
 * fast by an open circuit, or stopped by its deadline before sending): nothing ran upstream. A response holding anything shaped
 * like a secret is never stored either (none of the schema's mutations returns one; the
 * check keeps it that way).
 * With the store down the mutation runs unguarded (logged, counted).
 *
 * An envelop `onExecute` hook: it runs after auth, persisted operations, validation and the
 * limits, on the document that will execute.
 */
import {
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  getOperationAST,
  Kind,
  print,
  type SelectionNode,
} from 'graphql';
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
import type { Claim } from '../idempotency/records.ts';
import type { Logger } from '../observability/logger.ts';
import type { GatewayContext } from '../schema/types.ts';
import { revive, settleAnswer } from './idempotency-outcome.ts';

/** Root mutation fields keyed by clientOrderId in their resolvers. */
export const ORDER_KEYED_FIELDS: ReadonlySet<string> = new Set(['placeOrder', 'placeOrders']);
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

interface ExecuteArgs {
  document: DocumentNode;
  operationName?: string | null | undefined;
  variableValues?: Record<string, unknown> | null | undefined;
  contextValue: unknown;
}

/**
 * The record a mutation runs under: its key, the operation's fingerprint and the caller's
 * secrets (never stored); `bad-key` for a malformed key; undefined when it has no record
 * (not a mutation, no key, only clientOrderId-keyed fields, or no caller).
 */
function keyedMutation(args: ExecuteArgs) {
  const operation = getOperationAST(args.document, args.operationName);
  if (operation?.operation !== 'mutation') return undefined;
  const ctx = args.contextValue as ExecutionContext;
  const key = keyOf(ctx);
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) return 'bad-key' as const;
  // Keyed by clientOrderId alone unless it waits for an outcome: that answer is recorded too.
  const byOrderKey = (s: SelectionNode) =>
    s.kind === Kind.FIELD &&
    ORDER_KEYED_FIELDS.has(s.name.value) &&
    !s.arguments?.some((a) => a.name.value === 'waitFor');
  if (operation.selectionSet.selections.every(byOrderKey)) return undefined;
  const principal = ctx.principal;
  // Anonymous mutations fail on their auth scopes; there is no caller to scope a key to.
  if (!principal) return undefined;
  const { accountId, secret, tradingSecret } = principal.credentials;
  return {
    ctx,
    recordKey: mutationRecordKey(accountId, principal.label, key),
    fingerprint: operationFingerprint(
      print(args.document),
      args.operationName,
      args.variableValues ?? {},
    ),
    secrets: [secret, tradingSecret ?? ''],
  };
}

type Keyed = Exclude<ReturnType<typeof keyedMutation>, 'bad-key' | undefined>;

/** A claim's answer: the replay, a refusal, or (owner) the hook that stores the result. */
function answerClaim(
  { idempotency, logger }: IdempotencyPluginOptions,
  replayed: WeakSet<Request>,
  keyed: Keyed,
  claim: Claim,
  stop: (result: ExecutionResult) => void,
) {
  const { metrics, leaseMs } = idempotency;
  switch (claim.kind) {
    case 'done':
      metrics.replay('key');
      if (keyed.ctx.request) replayed.add(keyed.ctx.request);
      stop(revive(claim.outcome as Parameters<typeof revive>[0]));
      return;
    case 'mismatch':
      metrics.mismatch('key');
      stop({ errors: [idempotencyMismatch('This Idempotency-Key')] });
      return;
    case 'in-flight': {
      metrics.inFlight('key', 'in_progress');
      const retryAfterMs = Math.min(claim.deadline - Date.now(), leaseMs);
      stop({ errors: [idempotencyInProgress('this Idempotency-Key', retryAfterMs)] });
      return;
    }
    case 'owner':
      return {
        onExecuteDone: ({ result }: { result: unknown }) =>
          settleAnswer(idempotency, logger, claim.lease, {
            result: result as ExecutionResult,
            secrets: keyed.secrets,
            attempts: keyed.ctx.upstreamAttempts,
            refusals: keyed.ctx.refusals,
          }),
      };
  }
}

export function useIdempotency(options: IdempotencyPluginOptions): Plugin<GatewayContext> {
  const { idempotency, logger } = options;
  const { records, metrics, leaseMs } = idempotency;
  const replayed = new WeakSet<Request>();

  return {
    onContextBuilding({ extendContext }) {
      extendContext({ idempotency });
    },
    onExecute({ args, setResultAndStopExecution }) {
      const keyed = keyedMutation(args);
      if (keyed === undefined) return;
      if (keyed === 'bad-key') {
        setResultAndStopExecution({ errors: [badKey()] });
        return;
      }
      return records.claim(keyed.recordKey, keyed.fingerprint, leaseMs).then(
        (claim) => answerClaim(options, replayed, keyed, claim, setResultAndStopExecution),
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
