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
 * `BAD_REQUEST`, outside the vocabulary: BAD_USER_INPUT too. Yoga's CSRF plugin refuses
 * without a code: FORBIDDEN, with a message that says what to send.
 */
import type { GraphQLError } from 'graphql';
import { createGraphQLError, maskError as yogaMaskError } from 'graphql-yoga';

/** The start of every variable-coercion error message of graphql-js 16. */
const VARIABLE_ERROR = /^Variable "\$[_A-Za-z][_0-9A-Za-z]*" /;
/** The refusal of @graphql-yoga/plugin-csrf-prevention 3 (pinned by a test). */
const CSRF_REFUSAL = 'Required CSRF header(s) not present';

export const CSRF_MESSAGE =
  'Refused as a possible cross-site request: a GET or a form/text-plain POST must carry an ' +
  'Authorization header, a Content-Type of application/json, or an x-graphql-csrf header.';

export function maskError(error: unknown, message: string): Error {
  // isDev false: never attach the original error, whatever NODE_ENV says.
  const masked = yogaMaskError(error, message, false);
  const extensions = (masked as GraphQLError).extensions as Record<string, unknown> | undefined;
  if (masked !== error) {
    (extensions as Record<string, unknown>).code = 'INTERNAL';
  } else if (extensions?.code === undefined && masked.message === CSRF_REFUSAL) {
    return createGraphQLError(CSRF_MESSAGE, {
      extensions: { code: 'FORBIDDEN', http: { status: 403 } },
    });
  } else if (extensions && extensions.code === undefined && VARIABLE_ERROR.test(masked.message)) {
    extensions.code = 'BAD_USER_INPUT';
  } else if (extensions?.code === 'BAD_REQUEST') {
    extensions.code = 'BAD_USER_INPUT';
  }
  return masked;
}
