/**
 * GraphQL request parameters from GET query strings, form and JSON bodies, as yoga reads them,
 * except that nothing a caller sends can make a 500: a `variables` or `extensions` parameter
 * that is not JSON is a 400 naming the parameter (yoga's GET and form parsers let JSON.parse
 * throw), and a number in `variables` whose decimal text a double does not hold is a 400
 * naming the variable path and the rule `exactDecimal` (JSON.parse would silently read
 * 2000.000000000000000000000000001 as 2000).
 */
import type { GraphQLParams } from 'graphql-yoga';
import { createGraphQLError } from 'graphql-yoga';
import { inexactVariablesError } from './exact-decimal-error.ts';
import { holdsNumber } from './inexact-numbers.ts';

/** A malformed request: 400 (also under legacy `Accept: application/json`), BAD_USER_INPUT. */
export function badRequest(message: string, field: string, rule: string) {
  return createGraphQLError(message, {
    extensions: { code: 'BAD_USER_INPUT', field, rule, http: { status: 400 } },
  });
}

function parseJson(text: string, field: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${what} is not valid JSON`, field, 'json');
  }
}

/** Refuses variables (JSON text, under `prefix` in it) holding a number a double cannot hold. */
function refuseInexact(json: string, prefix: string[]): void {
  const error = inexactVariablesError(json, prefix);
  if (error) throw error;
}

function jsonParam(value: string | null, field: 'variables' | 'extensions'): unknown {
  if (!value) return undefined;
  const parsed = parseJson(value, field, `The "${field}" parameter`);
  if (field === 'variables' && holdsNumber(parsed)) refuseInexact(value, []);
  return parsed;
}

/**
 * GET query string or `application/x-www-form-urlencoded` body. `documentId` (a persisted
 * document's id, as a POST body may carry it) is read too, so a GET by id is cacheable.
 */
export function paramsFromSearch(search: URLSearchParams): GraphQLParams {
  const documentId = search.get('documentId') || undefined;
  return {
    operationName: search.get('operationName') || undefined,
    query: search.get('query') || undefined,
    variables: jsonParam(search.get('variables'), 'variables') as GraphQLParams['variables'],
    extensions: jsonParam(search.get('extensions'), 'extensions') as GraphQLParams['extensions'],
    ...(documentId ? { documentId } : {}),
  };
}

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

/** A JSON body (`application/json`, `application/graphql+json`). */
export function paramsFromJsonBody(text: string, field = 'body'): GraphQLParams {
  const what = field === 'body' ? 'The POST body' : `The "${field}" field`;
  const body = parseJson(text, field, what);
  if (body === null || typeof body !== 'object') {
    throw badRequest(`${what} must be a JSON object, not ${kindOf(body)}`, field, 'object');
  }
  // An array is a batch: yoga refuses it (batching is off), so only objects are checked.
  const { variables } = body as { variables?: unknown };
  if (!Array.isArray(body) && holdsNumber(variables)) refuseInexact(text, ['variables']);
  return body as GraphQLParams;
}

/** The `operations` field of a `multipart/form-data` body; files are not supported. */
export function paramsFromMultipart(form: FormData): GraphQLParams {
  const operations = form.get('operations');
  if (typeof operations !== 'string' || operations === '') {
    throw badRequest(
      'A multipart request needs an "operations" field of JSON text',
      'operations',
      'required',
    );
  }
  if (form.has('map')) {
    throw badRequest(
      'File uploads are not supported (the schema takes no Upload)',
      'map',
      'unsupported',
    );
  }
  return paramsFromJsonBody(operations, 'operations');
}
