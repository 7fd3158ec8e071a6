import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  classifyError,
  MEMBER_FOR_CODE,
  mutation,
  orThrowCoded,
  toErrorMember,
  toGraphQLError,
  UPSTREAM_ERROR_TABLE,
} from '../../../src/schema/error-map.ts';
import { gqlError, InputErrorMember, inputRefusal } from '../../../src/schema/errors.ts';
import { rule } from '../../../src/schema/rules.ts';
import { inputValidationError } from '../../../src/schema/validation.ts';
import { CircuitOpenError } from '../../../src/upstream/circuit.ts';
import {
  MalformedResponseError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
  UpstreamRejectedError,
} from '../../../src/upstream/errors.ts';

const rejected = (code: number, message = 'nope') =>
  new UpstreamRejectedError('op', code, message, 400);

describe('upstream error → GraphQL code table', () => {
  it.each([
    [rejected(-1004), 'BAD_USER_INPUT'],
    [rejected(-1005), 'BAD_USER_INPUT'],
    [rejected(-1006), 'NOT_FOUND'],
    [rejected(-1007), 'UPSTREAM_REJECTED'],
    [rejected(-1101), 'UPSTREAM_REJECTED'],
    [new RateLimitedError('op', 750, 'budget'), 'RATE_LIMITED'],
    [new UnauthorizedError('op', -1002, 'key revoked'), 'FORBIDDEN'],
    [new UnavailableError('op', 'timeout', 'after 10000 ms'), 'UPSTREAM_UNAVAILABLE'],
    [new MalformedResponseError('op', 502, '<html>'), 'UPSTREAM_UNAVAILABLE'],
    [new TypeError('x is undefined'), 'INTERNAL'],
    ['a string', 'INTERNAL'],
  ])('%s → %s', (error, code) => {
    expect(classifyError(error).code).toBe(code);
  });

  it('covers every upstream error kind', () => {
    expect(Object.keys(UPSTREAM_ERROR_TABLE).sort()).toEqual(
      ['malformed', 'rate_limited', 'rejected', 'unauthorized', 'unavailable'].sort(),
    );
  });

  it('carries upstreamCode/upstreamMessage and retryAfterMs in extensions', () => {
    expect(toGraphQLError(rejected(-1007, 'duplicate'))).toMatchObject({
      extensions: {
        code: 'UPSTREAM_REJECTED',
        upstreamCode: -1007,
        upstreamMessage: 'duplicate',
      },
    });
    const limited = toGraphQLError(new RateLimitedError('op', 750, 'upstream'));
    expect(limited).toBeInstanceOf(GraphQLError);
    expect((limited as GraphQLError).extensions).toEqual({
      code: 'RATE_LIMITED',
      retryAfterMs: 750,
    });
  });

  it('an open circuit: UPSTREAM_UNAVAILABLE saying when to retry (query error and member)', () => {
    const open = new CircuitOpenError('accountInfo', 4_200);
    const error = toGraphQLError(open) as GraphQLError;
    expect(error.message).toBe('The upstream service is unavailable; retry after 4200 ms');
    expect(error.extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE', retryAfterMs: 4_200 });
    expect(toErrorMember(open)).toMatchObject({
      __typename: 'UpstreamUnavailableError',
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The upstream service is unavailable; retry after 4200 ms',
    });
  });

  it('leaves an unknown error as it is, for the server to mask as INTERNAL and log', () => {
    const bug = new TypeError('x is undefined');
    expect(classifyError(bug)).toEqual({
      code: 'INTERNAL',
      message: 'Internal error',
      extensions: {},
    });
    expect(toGraphQLError(bug)).toBe(bug);
    expect(toGraphQLError('thrown text')).toBeInstanceOf(Error);
    // A GraphQLError with a code outside the vocabulary is not trusted either.
    expect(classifyError(new GraphQLError('x', { extensions: { code: 'WEIRD' } })).code).toBe(
      'INTERNAL',
    );
  });

  it('passes coded GraphQL errors through; orThrowCoded converts what a query throws', async () => {
    const own = gqlError('NOT_FOUND', 'gone');
    expect(toGraphQLError(own)).toBe(own);
    await expect(orThrowCoded(() => Promise.reject(rejected(-1006)))).rejects.toMatchObject({
      extensions: { code: 'NOT_FOUND' },
    });
    await expect(orThrowCoded(async () => 5)).resolves.toBe(5);
  });
});

describe('mutation union members', () => {
  it('maps each code to its member; UNAUTHENTICATED and INTERNAL are not members', () => {
    expect(MEMBER_FOR_CODE).toMatchObject({
      BAD_USER_INPUT: 'InputError',
      FORBIDDEN: 'ForbiddenError',
      RATE_LIMITED: 'RateLimitedError',
      UPSTREAM_REJECTED: 'UpstreamRejectedError',
      NOT_FOUND: 'UpstreamRejectedError',
      UPSTREAM_UNAVAILABLE: 'UpstreamUnavailableError',
      UNAUTHENTICATED: null,
      INTERNAL: null,
    });
  });

  it('duplicate client_order_id → UpstreamRejectedError with upstreamCode -1007', () => {
    expect(
      toErrorMember(new UpstreamRejectedError('createOrder', -1007, 'dup', 409)),
    ).toMatchObject({
      __typename: 'UpstreamRejectedError',
      code: 'UPSTREAM_REJECTED',
      message: 'Upstream rejected the request (-1007): dup',
      upstreamCode: -1007,
      upstreamMessage: 'dup',
    });
  });

  it('an upstream -1005 naming its field becomes InputError with the camelCase input path', () => {
    const member = toErrorMember(rejected(-1005, 'message.chain_id: must be digits'), 'input');
    expect(member).toMatchObject({
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      field: 'input.message.chainId',
      rule: 'upstreamRefused',
      upstreamCode: -1005,
      issues: [
        {
          field: 'input.message.chainId',
          path: ['input', 'message', 'chainId'],
          rule: 'upstreamRefused',
          message: 'must be digits',
        },
      ],
    });
    expect(member?.message).toMatch(/message\.chain_id: must be digits/);
    expect(toErrorMember(rejected(-1004, 'no colon here'))).toMatchObject({
      __typename: 'InputError',
      field: null,
      rule: 'upstreamRefused',
      issues: [{ field: '', path: [], rule: 'upstreamRefused', message: 'no colon here' }],
    });
    const rules = (text: string) =>
      (toErrorMember(rejected(-1005, text)) as unknown as { rule: string }).rule;
    expect(rules('symbol: unknown symbol PERP_NOPE_USDC')).toBe('unknownSymbol');
    expect(rules('order_price: is required for LIMIT orders')).toBe('required');
    expect(rules('order_quantity: must be positive')).toBe('positive');
    expect(rules('order_tag: must be at most 36 characters')).toBe('max');
    expect(rules('order_tag: must match enum:<ENUM_ID>')).toBe('format');
    expect(rules('leverage: at most 20 for PERP_ETH_USDC')).toBe('max');
    expect(rules('side: must be one of BUY, SELL')).toBe('enum');
  });

  it('rate limits carry retryAfterMs; unavailability its own member', () => {
    expect(toErrorMember(new RateLimitedError('op', 1000, 'budget'))).toMatchObject({
      __typename: 'RateLimitedError',
      retryAfterMs: 1000,
    });
    expect(toErrorMember(new UnavailableError('op', 'connection', 'refused')).__typename).toBe(
      'UpstreamUnavailableError',
    );
  });

  it('mutation returns the success value or throws the member; unknown errors are rethrown', async () => {
    await expect(mutation(async () => 'ok')).resolves.toBe('ok');
    await expect(mutation(() => Promise.reject(rejected(-1101)))).rejects.toMatchObject({
      __typename: 'UpstreamRejectedError',
      upstreamCode: -1101,
    });
    const bug = new Error('bug');
    await expect(mutation(() => Promise.reject(bug))).rejects.toBe(bug);
    await expect(
      mutation(() => Promise.reject(gqlError('UNAUTHENTICATED', 'who?'))),
    ).rejects.toBeInstanceOf(GraphQLError);
    // The gateway's own input failures are members already: thrown on as they are.
    const refusal = inputRefusal('input.symbol', 'noPosition', 'no open position');
    await expect(mutation(() => Promise.reject(refusal))).rejects.toBe(refusal);
  });
});

describe('validation error shape', () => {
  it('one InputError member with every issue as {field, path, rule, message}; as a GraphQL error, BAD_USER_INPUT with them', () => {
    const schema = z.object({
      input: z.object({
        orderPrice: z.number().refine((v) => v > 0, rule('positive', 'must be greater than 0')),
        level: z.number().max(4),
      }),
    });
    const result = schema.safeParse({ input: { orderPrice: -1, level: 9 } });
    expect(result.success).toBe(false);
    const error = inputValidationError(result.error!);
    // The member a mutation returns, and the coded GraphQL error a query raises.
    expect(error).toBeInstanceOf(InputErrorMember);
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error).toMatchObject({
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      field: 'input.orderPrice',
      rule: 'positive',
      upstreamCode: 0,
    });
    expect(error.issues).toHaveLength(2);
    expect(error.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.orderPrice',
      rule: 'positive',
      issues: [
        {
          field: 'input.orderPrice',
          path: ['input', 'orderPrice'],
          rule: 'positive',
          message: 'must be greater than 0',
        },
        { field: 'input.level', path: ['input', 'level'], rule: 'too_big' },
      ],
    });
    expect(error.message).toContain('input.orderPrice: must be greater than 0 (positive)');
  });
});
