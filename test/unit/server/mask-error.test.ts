/** maskError: unexpected errors masked as INTERNAL; graphql-js variable errors coded BAD_USER_INPUT. */
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { maskError } from '../../../src/plugins/mask-error.ts';

describe('maskError', () => {
  it('gives graphql-js variable-coercion errors the BAD_USER_INPUT code', () => {
    for (const message of [
      'Variable "$input" got invalid value {}; Field "orderType" of required type "OrderType!" was not provided.',
      'Variable "$enumId" of non-null type "String!" must not be null.',
      'Variable "$id" of required type "String!" was not provided.',
    ]) {
      const error = maskError(new GraphQLError(message), 'Unexpected error.') as GraphQLError;
      expect(error.message).toBe(message);
      expect(error.extensions.code).toBe('BAD_USER_INPUT');
    }
  });

  it('keeps the code of a coded error and masks an unexpected one as INTERNAL', () => {
    const coded = new GraphQLError('Variable "$x" bad', { extensions: { code: 'FORBIDDEN' } });
    expect((maskError(coded, 'Unexpected error.') as GraphQLError).extensions.code).toBe(
      'FORBIDDEN',
    );
    const other = new GraphQLError('Cannot query field "x" on type "Query".');
    expect((maskError(other, 'Unexpected error.') as GraphQLError).extensions.code).toBeUndefined();
    const masked = maskError(new Error('connect ECONNREFUSED 10.0.0.1'), 'Unexpected error.');
    expect(masked.message).toBe('Unexpected error.');
    expect((masked as GraphQLError).extensions.code).toBe('INTERNAL');
  });

  it("maps yoga's BAD_REQUEST into the vocabulary, without the parser's originalError", () => {
    const bad = new GraphQLError('POST body sent invalid JSON.', {
      extensions: {
        code: 'BAD_REQUEST',
        http: { status: 400 },
        originalError: { name: 'SyntaxError', message: '… "{"query": secret" is not valid JSON' },
        stack: 'SyntaxError: …',
      },
    });
    expect((maskError(bad, 'Unexpected error.') as GraphQLError).extensions).toEqual({
      code: 'BAD_USER_INPUT',
      http: { status: 400 },
    });
  });
});
