/**
 * Masked errors: an error the schema did not mean to show (a bug, a thrown `Error`, an
 * upstream failure no resolver mapped) reaches the client as `Unexpected error.` with code
 * INTERNAL and nothing of the original; yoga logs the original through the redacting logger.
 * GraphQL errors raised on purpose (codes of decision 8) pass unchanged.
 *
 * graphql-js refuses a bad variable (`Variable "$input" got invalid value …`, a missing
 * required field, null for a non-null type) before any resolver, without a code: those are
 * the caller's input errors, so they get BAD_USER_INPUT like every other one. Yoga's own
 * request errors (invalid JSON body, a mutation by GET, an unsupported method) say
 * `BAD_REQUEST`, outside the vocabulary: BAD_USER_INPUT too. (CSRF refusals arrive coded:
 * use-csrf-prevention.ts.)
 *
 * No error a client sees carries `extensions.originalError` or `extensions.stack`: yoga
 * attaches the JSON parser's error to "POST body sent invalid JSON.", and its message quotes
 * the body.
 */
import type { GraphQLError } from 'graphql';
import { maskError as yogaMaskError } from 'graphql-yoga';

/** The start of every variable-coercion error message of graphql-js 16. */
const VARIABLE_ERROR = /^Variable "\$[_A-Za-z][_0-9A-Za-z]*" /;
/** Extensions about the server's side of an error: never sent. */
const SERVER_SIDE = ['originalError', 'stack'];

export function maskError(error: unknown, message: string): Error {
  // isDev false: never attach the original error, whatever NODE_ENV says.
  const masked = yogaMaskError(error, message, false);
  const extensions = (masked as GraphQLError).extensions as Record<string, unknown> | undefined;
  if (masked !== error) {
    (extensions as Record<string, unknown>).code = 'INTERNAL';
  } else if (extensions && extensions.code === undefined && VARIABLE_ERROR.test(masked.message)) {
    extensions.code = 'BAD_USER_INPUT';
  } else if (extensions?.code === 'BAD_REQUEST') {
    extensions.code = 'BAD_USER_INPUT';
  }
  if (extensions) for (const key of SERVER_SIDE) delete extensions[key];
  return masked;
}
