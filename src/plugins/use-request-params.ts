/**
 * Request parameters a caller cannot turn into a 500 or into a silently different number:
 * yoga's GET, form, JSON and multipart parsers are replaced by those of request-params.ts
 * (malformed → 400 BAD_USER_INPUT naming the parameter; inexact numbers in `variables` →
 * 400 `exactDecimal`), `operationName` must be a string, and Float literals in the document
 * must be exact (exact-literals.ts). Put it before useRequestBodyLimit, which wraps whichever
 * parser a request ends up with.
 */
import { type DocumentNode, GraphQLError, getOperationAST, Kind } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ExactFloatLiteralsRule } from './exact-literals.ts';
import {
  badRequest,
  paramsFromJsonBody,
  paramsFromMultipart,
  paramsFromSearch,
} from './request-params.ts';
import { unresolvedOperation } from './unresolved-operation.ts';

/** yoga's own match (utils `isContentTypeMatch`), so each parser takes the same requests. */
function isType(request: Request, expected: string): boolean {
  const type = request.headers.get('content-type')?.split(',')[0];
  return type === expected || type?.startsWith(`${expected};`) === true;
}

async function fromMultipart(request: Request) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    // Errors of reading the body itself (the size limit's 413, an abort) pass as they are.
    if (error instanceof GraphQLError || (error as Error)?.name === 'AbortError') throw error;
    throw badRequest('The POST body is not valid multipart/form-data', 'body', 'multipart');
  }
  return paramsFromMultipart(form);
}

export function useRequestParams(): Plugin {
  return {
    onRequestParse({ request, url, setRequestParser }) {
      if (request.method === 'GET') {
        setRequestParser(() => paramsFromSearch(url.searchParams));
        return;
      }
      if (request.method !== 'POST') return;
      if (isType(request, 'application/json') || isType(request, 'application/graphql+json')) {
        setRequestParser(async (req) => paramsFromJsonBody(await req.text()));
      } else if (isType(request, 'application/x-www-form-urlencoded')) {
        setRequestParser(async (req) => paramsFromSearch(new URLSearchParams(await req.text())));
      } else if (isType(request, 'multipart/form-data')) {
        setRequestParser(fromMultipart);
      }
    },
    onParams({ params }) {
      const name = (params as { operationName?: unknown }).operationName;
      if (name !== undefined && name !== null && typeof name !== 'string') {
        throw badRequest(
          'The "operationName" parameter must be a string',
          'operationName',
          'string',
        );
      }
    },
    onParse() {
      // Before yoga's own check (usePreventMutationViaGET runs after the user's plugins).
      return ({ result, context }) => {
        if (!result || (result as DocumentNode).kind !== Kind.DOCUMENT) return;
        const name = (context as { params?: { operationName?: unknown } }).params?.operationName;
        const document = result as DocumentNode;
        if (!getOperationAST(document, typeof name === 'string' ? name : undefined)) {
          throw unresolvedOperation(document, name);
        }
      };
    },
    onValidate({ addValidationRule }) {
      addValidationRule(ExactFloatLiteralsRule);
    },
  };
}
