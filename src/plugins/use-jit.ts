/**
 * Execution by graphql-jit (@envelop/graphql-jit): each document is compiled once (cached by
 * document, and yoga caches parsed documents) into a function that resolves and serializes
 * without graphql-js's per-field bookkeeping; about a third less gateway CPU per cached read
 * in `npm run bench`. Compiled queries are kept per parsed document (a WeakMap): bounded by
 * yoga's parse cache.
 *
 * Two kinds of operations stay with graphql-js:
 * - Operations whose variables graphql-js rejects: graphql-jit reports bad variables in its
 *   own words, without the BAD_USER_INPUT code the gateway promises. The compiled query checks
 *   the variables before it runs anything and then answers with errors and no `data`; such an
 *   answer is replaced by graphql-js's (nothing ran, so running again is safe). Checking them
 *   up front instead cost a second coercion of every request's variables.
 * - Documents holding several operations (GraphiQL tabs, the README's examples): the plugin's
 *   cache ignores the operation name and would run the first compiled operation for every
 *   name. Subscriptions too: per event the compiled query gains little, and the live streams'
 *   error and completion semantics are tested against graphql-js.
 */
import { useGraphQlJit } from '@envelop/graphql-jit';
import { type DocumentNode, type ExecutionResult, Kind, type OperationTypeNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

type ExecuteFn = (args: never) => unknown;

/** Per parsed document: whether it may be compiled (one operation, not a subscription). */
const compilable = new WeakMap<DocumentNode, boolean>();

function isCompilable(document: DocumentNode): boolean {
  let known = compilable.get(document);
  if (known === undefined) {
    const operations = document.definitions.filter(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION,
    );
    known =
      operations.length === 1 &&
      (operations[0] as { operation: OperationTypeNode }).operation !== 'subscription';
    compilable.set(document, known);
  }
  return known;
}

/** What a compiled query answers when the variables do not coerce: errors, no `data`. */
const refusedVariables = (result: unknown): boolean =>
  typeof result === 'object' &&
  result !== null &&
  !('data' in result) &&
  ((result as ExecutionResult).errors?.length ?? 0) > 0;

/**
 * The compiled query, its variables refusal answered by graphql-js (`fallback`). Closures made
 * per request are anonymous or methods on purpose: tsx (esbuild's keepNames) wraps every named
 * closure in a `defineProperty` of its name, per creation.
 */
function guarded(compiled: ExecuteFn, fallback: ExecuteFn): ExecuteFn {
  return (args: never) => {
    const result = compiled(args);
    return result instanceof Promise
      ? result.then((settled) => (refusedVariables(settled) ? fallback(args) : settled))
      : refusedVariables(result)
        ? fallback(args)
        : result;
  };
}

export function useJit(): Plugin {
  const jit = useGraphQlJit({}, { enableIf: ({ document }) => isCompilable(document) });
  const onExecute = jit.onExecute as NonNullable<Plugin['onExecute']>;
  return {
    onExecute(payload) {
      const fallback = payload.executeFn as ExecuteFn;
      return onExecute({
        ...payload,
        setExecuteFn(compiled) {
          payload.setExecuteFn(guarded(compiled as ExecuteFn, fallback) as typeof compiled);
        },
      });
    },
  };
}
