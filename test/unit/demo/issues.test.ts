/**
 * What the screen shows of a refusal (demo/src/lib/issues.ts): each broken rule of an
 * InputError member or a BAD_USER_INPUT request error, the other error members of a result
 * union, a transport failure.
 */
import { CombinedError } from '@urql/core';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { issuesOf } from '../../../demo/src/lib/issues.ts';

/** Two broken rules, as an InputError's `issues` carry them. */
const TWO_RULES = [
  { field: 'input.orderPrice', rule: 'tick', message: 'must be on the 0.01 tick' },
  { field: 'input.orderQuantity', rule: 'minNotional', message: 'at least 10' },
];

describe('issuesOf', () => {
  it('lists every rule of a BAD_USER_INPUT with its field', () => {
    const error = new CombinedError({
      graphQLErrors: [
        new GraphQLError('Invalid input: …', {
          extensions: {
            code: 'BAD_USER_INPUT',
            field: 'input.orderPrice',
            rule: 'tick',
            issues: TWO_RULES,
          },
        }),
      ],
    });
    expect(issuesOf(error, undefined)).toEqual(
      TWO_RULES.map((issue) => ({ code: 'BAD_USER_INPUT', ...issue })),
    );
  });

  it("reads a result union's error member", () => {
    const member = {
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      message: 'no position to protect',
      field: 'input.symbol',
      rule: 'noPosition',
    };
    expect(issuesOf(undefined, member)).toEqual([
      {
        code: 'BAD_USER_INPUT',
        field: 'input.symbol',
        rule: 'noPosition',
        message: 'no position to protect',
      },
    ]);
    const rejected = {
      __typename: 'UpstreamRejectedError',
      code: 'UPSTREAM_REJECTED',
      message: 'refused',
      upstreamMessage: 'insufficient margin',
    };
    expect(issuesOf(undefined, rejected)[0]?.message).toBe('refused: insufficient margin');
  });

  it("lists every rule of an InputError member's issues with its field", () => {
    const member = {
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      message: 'Invalid input: …',
      field: 'input.orderPrice',
      rule: 'tick',
      issues: TWO_RULES,
    };
    expect(issuesOf(undefined, member)).toEqual(
      TWO_RULES.map((issue) => ({ code: 'BAD_USER_INPUT', ...issue })),
    );
  });

  it('says nothing of a success, and names a transport failure', () => {
    expect(issuesOf(undefined, { __typename: 'PlaceOrderSuccess' })).toEqual([]);
    const offline = new CombinedError({ networkError: new Error('Failed to fetch') });
    expect(issuesOf(offline, undefined)).toEqual([{ code: 'NETWORK', message: 'Failed to fetch' }]);
  });
});
