/**
 * Query limits: depth, aliases, tokens and directives (graphql-armor, at parse and validation)
 * and cost (use-cost-limit.ts, per execution: it counts `first`/`last` variables, which armor
 * cannot), all before any resolver runs. A query over a limit fails with BAD_USER_INPUT
 * naming the limit (HTTP 400 for GraphQL-over-HTTP clients; 200 under legacy
 * `Accept: application/json`, like yoga's other parse and validation errors).
 */
import type { Plugin } from '@envelop/core';
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import type { GraphQLError } from 'graphql';
import { useCostLimit } from './use-cost-limit.ts';

export interface LimitsOptions {
  /** Deepest field nesting. @default 8 (MAX_DEPTH) */
  maxDepth?: number;
  /** Aliases per operation. @default 30 (MAX_ALIASES) */
  maxAliases?: number;
  /** Lexical tokens in the document. @default 2000 (MAX_TOKENS) */
  maxTokens?: number;
  /**
   * Cost in graphql-armor's model (objects 2, scalars 1, times a depth factor, times `first`
   * or `last`, literal or variable): query-cost.ts. @default 50000 (MAX_COST)
   */
  maxCost?: number;
  /** Directives per operation. @default 50 */
  maxDirectives?: number;
  /**
   * Drop "Did you mean …?" from validation errors: with introspection off they would name
   * fields the caller cannot list. @default false
   */
  hideFieldSuggestions?: boolean;
}

/** armor's errors carry no code; give them the gateway's. */
function withCode(_ctx: unknown, error: GraphQLError): void {
  const extensions = error.extensions as Record<string, unknown>;
  extensions.code = 'BAD_USER_INPUT';
  // A request error: 400 for GraphQL-over-HTTP clients, 200 under legacy application/json.
  extensions.http = { status: 400, spec: true };
}

export function useLimits(options: LimitsOptions = {}): Plugin[] {
  const onReject = [withCode];
  const armor = new EnvelopArmor({
    maxDepth: { n: options.maxDepth ?? 8, onReject, flattenFragments: true },
    maxAliases: { n: options.maxAliases ?? 30, onReject },
    maxTokens: { n: options.maxTokens ?? 2_000, onReject },
    // Checked per execution instead, with the variables (use-cost-limit.ts).
    costLimit: { enabled: false },
    maxDirectives: { n: options.maxDirectives ?? 50, onReject },
    // With introspection on, suggestions give nothing away.
    blockFieldSuggestion: { enabled: options.hideFieldSuggestions === true, mask: '' },
  });
  return [...armor.protect().plugins, useCostLimit({ maxCost: options.maxCost ?? 50_000 })];
}
