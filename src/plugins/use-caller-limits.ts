/**
 * Caller limits (`src/caller-limits`): before an operation executes, its upstream cost is
 * charged to its caller; over a limit it fails whole with RATE_LIMITED (`retryAfterMs`, HTTP
 * 429 with Retry-After) and makes no upstream call. Runs after caller auth (the principal is
 * in the context), persisted operations and the query limits (the document is the stored one
 * and already validated). Operations that cost nothing (introspection) are not counted here:
 * the request budgets (`use-request-budget.ts`) count those before parsing.
 */
import type { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { operationCost } from '../caller-limits/cost.ts';
import type { CallerLimiter } from '../caller-limits/limiter.ts';
import { gqlError } from '../schema/errors.ts';
import type { GatewayContext } from '../schema/types.ts';
import { callerOf, type LimitedContext } from './caller-of.ts';
import { markCharged } from './use-request-budget.ts';

export interface CallerLimitsPluginOptions {
  limiter: CallerLimiter;
  /**
   * Trusted proxies in front of the gateway that append the address they saw to
   * X-Forwarded-For; the client IP is the entry that many places from the end. 0: the socket's
   * peer address (the header is ignored, since any client can write it). @default 0
   */
  proxyHops?: number;
}

export function rateLimited(retryAfterMs: number, reason: string): GraphQLError {
  const ms = Math.max(1, Math.ceil(retryAfterMs));
  return gqlError('RATE_LIMITED', `Rate limited: ${reason}; retry after ${ms} ms`, {
    retryAfterMs: ms,
    http: { status: 429, headers: { 'Retry-After': String(Math.ceil(ms / 1_000)) } },
  });
}

export function useCallerLimits({
  limiter,
  proxyHops = 0,
}: CallerLimitsPluginOptions): Plugin<GatewayContext> {
  const check = async (args: {
    schema: Parameters<typeof operationCost>[0];
    document: Parameters<typeof operationCost>[1];
    operationName?: string | null;
    variableValues?: Record<string, unknown> | null;
    contextValue: unknown;
  }): Promise<GraphQLError | undefined> => {
    const cost = operationCost(
      args.schema,
      args.document,
      args.operationName,
      args.variableValues ?? {},
    );
    if (cost.total <= 0) return undefined;
    const context = args.contextValue as LimitedContext;
    const verdict = await limiter.consume(callerOf(context, proxyHops), cost);
    if (!verdict.allowed) return rateLimited(verdict.retryAfterMs, verdict.reason);
    // Charged upstream calls: not one of the principal's free requests (use-request-budget.ts).
    markCharged(context.request);
    return undefined;
  };
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const error = await check(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    async onSubscribe({ args, setResultAndStopExecution }) {
      const error = await check(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
