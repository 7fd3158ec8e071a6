/**
 * Running the GraphQL blocks of a document in order: each operation's name and variables, and
 * the field values of earlier answers a later operation's same-named variables take.
 */
import { type DocumentNode, Kind } from 'graphql';

/** Each operation of a document: its name and its variables' names, in document order. */
export function operations(document: DocumentNode) {
  return document.definitions.flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION
      ? [
          {
            name: d.name?.value,
            variables: (d.variableDefinitions ?? []).map((v) => v.variable.name.value),
          },
        ]
      : [],
  );
}

/** Records the first value of every field name in an answer (later answers overwrite). */
export function remember(
  value: unknown,
  seen: Map<string, unknown>,
  fresh = new Set<string>(),
): void {
  if (Array.isArray(value)) for (const item of value) remember(item, seen, fresh);
  else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if (field !== null && typeof field !== 'object' && !fresh.has(key)) {
        seen.set(key, field);
        fresh.add(key);
      }
      remember(field, seen, fresh);
    }
  }
}
