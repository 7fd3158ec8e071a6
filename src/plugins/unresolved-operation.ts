import { type DocumentNode, type GraphQLError, Kind } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';

/**
 * yoga's answer when `operationName` picks no operation says only "Could not determine what
 * operation to execute"; this one names the parameter and the document's operations. Same
 * code (graphql-js and yoga's standard OPERATION_RESOLUTION_FAILURE) and status.
 */
export function unresolvedOperation(document: DocumentNode, operationName: unknown): GraphQLError {
  const names = document.definitions.flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION ? [d.name?.value ?? '(anonymous)'] : [],
  );
  const given = typeof operationName === 'string';
  const message =
    names.length === 0
      ? 'The "query" parameter holds no operation to execute'
      : given
        ? `The "operationName" parameter names no operation of the document (it has ${names.join(', ')})`
        : `The document has several operations (${names.join(', ')}): name one in the "operationName" parameter`;
  return createGraphQLError(message, {
    extensions: {
      code: 'OPERATION_RESOLUTION_FAILURE',
      field: names.length === 0 ? 'query' : 'operationName',
      rule: given || names.length === 0 ? 'operationExists' : 'required',
      http: { status: 400 },
    },
  });
}
