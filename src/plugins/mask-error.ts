/**
 * Masked errors: an error the schema did not mean to show (a bug, a thrown `Error`, an
 * upstream failure no resolver mapped) reaches the client as `Unexpected error.` with code
 * INTERNAL and nothing of the original; yoga logs the original through the redacting logger.
 * GraphQL errors raised on purpose (codes of decision 8) pass unchanged.
 */
import type { GraphQLError } from 'graphql';
import { maskError as yogaMaskError } from 'graphql-yoga';

export function maskError(error: unknown, message: string): Error {
  // isDev false: never attach the original error, whatever NODE_ENV says.
  const masked = yogaMaskError(error, message, false);
  if (masked !== error) {
    const extensions = (masked as GraphQLError).extensions as Record<string, unknown>;
    extensions.code = 'INTERNAL';
  }
  return masked;
}
