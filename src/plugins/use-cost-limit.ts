/**
 * The query cost limit (MAX_COST), in graphql-armor's cost model (query-cost.ts) but counting
 * `first`/`last` passed as variables, which armor's cost-limit does not: its rule reads only
 * integer literals, and a validation rule cannot see variables at all (graphql-js hands it a
 * ValidationContext: document and schema). A rule of our own that reads them from the request
 * would not do either: yoga caches validation results per document, so the second request of
 * the same text would skip it whatever its variables. So the limit is checked per execution,
 * on the document and variables that run (persisted and graphql-ws operations too), before
 * the caller limits charge it and before any resolver: BAD_USER_INPUT, rule `maxCost`, HTTP
 * 400 for GraphQL-over-HTTP clients.
 */
import type { Plugin } from '@envelop/core';
import type { DocumentNode, GraphQLError } from 'graphql';
import { gqlError } from '../schema/errors.ts';
import { queryCost } from './query-cost.ts';

export interface CostLimitOptions {
  /** The highest cost an operation may have. */
  maxCost: number;
}

interface OperationArgs {
  document: DocumentNode;
  operationName?: string | null;
  variableValues?: Readonly<Record<string, unknown>> | null;
}

export function useCostLimit({ maxCost }: CostLimitOptions): Plugin {
  const check = (args: OperationArgs): GraphQLError | undefined => {
    const cost = queryCost(args.document, args.operationName, args.variableValues ?? {});
    if (cost <= maxCost) return undefined;
    return gqlError(
      'BAD_USER_INPUT',
      `Query Cost limit of ${maxCost} exceeded, found ${cost}: first and last multiply a list's cost, as literals or variables`,
      // A request error: 400 for GraphQL-over-HTTP clients, 200 under legacy application/json.
      { rule: 'maxCost', http: { status: 400, spec: true } },
    );
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const error = check(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = check(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
