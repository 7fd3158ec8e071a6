/**
 * The reference side of the differential test: graphql-js's own `validate` and `execute`
 * (nothing of the gateway's executor path) over the gateway's schema, with the context the
 * gateway's plugins build for the same request (caller auth → principal, deadline and
 * upstream view; live; idempotency), then what yoga does to a result before it is written:
 * the gateway's `maskError` on every error, `extensions.http`/`unexpected` left out, JSON.
 */
import { setMaxListeners } from 'node:events';
import { execute, GraphQLError, parse, specifiedRules, validate } from 'graphql';
import { maskError } from '../../../src/plugins/mask-error.ts';
import type { Gateway } from '../../../src/server.ts';

export interface Operation {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  token?: string;
}

/** Yoga's default message for a masked error. */
const MASKED = 'Unexpected error.';

export async function referenceExecute(gateway: Gateway, operation: Operation): Promise<unknown> {
  const { query, variables, operationName, token } = operation;
  const request = new Request('http://reference.test/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  // Every upstream call of the operation follows this signal (as it follows the one yoga's
  // server adapter makes, which has no listener cap): no warning past Node's default 10.
  setMaxListeners(1000, request.signal);
  const params = { query, variables, operationName };
  const enveloped = gateway.yoga.getEnveloped({ request, params });
  const document = parse(query);
  const invalid = validate(enveloped.schema, document, specifiedRules);
  if (invalid.length > 0) return toJson({ errors: invalid });
  const contextValue = await enveloped.contextFactory();
  const result = await execute({
    schema: enveloped.schema,
    document,
    contextValue,
    variableValues: variables ?? null,
    operationName: operationName ?? null,
  });
  return toJson(result);
}

function toJson(result: { data?: unknown; errors?: readonly GraphQLError[] }): unknown {
  const errors = result.errors?.map((error) => {
    const masked = maskError(error, MASKED);
    const json = (
      masked instanceof GraphQLError ? masked : new GraphQLError(masked.message)
    ).toJSON();
    const { http: _http, unexpected: _unexpected, ...extensions } = json.extensions ?? {};
    return { ...json, extensions: Object.keys(extensions).length > 0 ? extensions : undefined };
  });
  return JSON.parse(JSON.stringify({ errors, data: result.data }));
}
