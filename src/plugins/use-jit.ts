/**
 * Execution by graphql-jit (@envelop/graphql-jit): each document is compiled once (cached by
 * document, and yoga caches parsed documents) into a function that resolves and serializes
 * without graphql-js's per-field bookkeeping; about a third less gateway CPU per cached read
 * in `npm run bench`. Only operations whose variables graphql-js accepts go to the compiled
 * query: graphql-jit reports bad variables in its own words, without the BAD_USER_INPUT code
 * the gateway promises, so those fall back to graphql-js, which answers them as before.
 * Compiled queries are kept per parsed document (a WeakMap): bounded by yoga's parse cache.
 * That cache ignores the operation name, so a document holding several operations (GraphiQL
 * tabs, the README's examples) would run its first compiled operation for every name: those
 * documents stay with graphql-js too.
 */
import { useGraphQlJit } from '@envelop/graphql-jit';
import { getOperationAST, Kind } from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import type { Plugin } from 'graphql-yoga';

export function useJit(): Plugin {
  return useGraphQlJit(
    {},
    {
      enableIf: ({ schema, document, operationName, variableValues }) => {
        let operations = 0;
        for (const definition of document.definitions) {
          if (definition.kind === Kind.OPERATION_DEFINITION) operations++;
        }
        if (operations !== 1) return false;
        const operation = getOperationAST(document, operationName);
        // Subscriptions stay with graphql-js: per event the compiled query gains little, and the
        // live streams' error and completion semantics are tested against graphql-js.
        if (!operation || operation.operation === 'subscription') return false;
        const definitions = operation.variableDefinitions ?? [];
        if (definitions.length === 0) return true;
        const { errors } = getVariableValues(schema, definitions, variableValues ?? {}, {
          maxErrors: 1,
        });
        return errors === undefined;
      },
    },
  ) as Plugin;
}
