import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { BigIntScalar, DateScalar, TimestampScalar } from '../../../src/schema/scalars.ts';

/** The thrown GraphQLError's code and rule. */
function failure(run: () => unknown): { code: unknown; rule: unknown; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);
    const e = error as GraphQLError;
    return { code: e.extensions.code, rule: e.extensions.rule, message: e.message };
  }
  throw new Error('expected a GraphQLError');
}
const str = (value: string): ValueNode => ({ kind: Kind.STRING, value });
const int = (value: string): ValueNode => ({ kind: Kind.INT, value });

describe('Date', () => {
  it('parses and serializes real YYYY-MM-DD dates', () => {
    expect(DateScalar.parseValue('2024-02-29')).toBe('2024-02-29');
    expect(DateScalar.parseLiteral(str('2023-11-14'))).toBe('2023-11-14');
    expect(DateScalar.serialize('2023-11-14')).toBe('2023-11-14');
  });

  it('rejects other shapes and impossible dates as BAD_USER_INPUT with the rule', () => {
    expect(failure(() => DateScalar.parseValue('2023-02-29'))).toMatchObject({
      code: 'BAD_USER_INPUT',
      rule: 'calendarDate',
    });
    expect(failure(() => DateScalar.parseValue('14/11/2023'))).toMatchObject({
      code: 'BAD_USER_INPUT',
      rule: 'calendarDate',
    });
    expect(failure(() => DateScalar.parseValue(20231114))).toMatchObject({
      code: 'BAD_USER_INPUT',
      rule: 'dateFormat',
    });
    expect(failure(() => DateScalar.parseLiteral(int('20231114')))).toMatchObject({
      code: 'BAD_USER_INPUT',
    });
  });

  it('refuses to serialize a non-date as INTERNAL', () => {
    expect(failure(() => DateScalar.serialize('2023-13-01')).code).toBe('INTERNAL');
  });
});

describe('Timestamp', () => {
  it('carries millisecond timestamps beyond GraphQL Int', () => {
    const ms = 1_700_000_000_123;
    expect(ms).toBeGreaterThan(2 ** 31);
    expect(TimestampScalar.serialize(ms)).toBe(ms);
    expect(TimestampScalar.serialize(new Date(ms))).toBe(ms);
    expect(TimestampScalar.parseValue(ms)).toBe(ms);
    expect(TimestampScalar.parseValue(String(ms))).toBe(ms);
    expect(TimestampScalar.parseLiteral(int(String(ms)))).toBe(ms);
  });

  it('rejects fractions, negatives and unsafe integers', () => {
    expect(failure(() => TimestampScalar.parseValue(1.5)).rule).toBe('integer');
    expect(failure(() => TimestampScalar.parseValue(-1)).rule).toBe('range');
    expect(failure(() => TimestampScalar.parseValue('9007199254740993')).rule).toBe('safeInteger');
    expect(failure(() => TimestampScalar.serialize('soon')).code).toBe('INTERNAL');
  });
});

describe('BigInt', () => {
  it('serializes the nonce example as a JSON number (it does not fit Int)', () => {
    expect(14001212121234).toBeGreaterThan(2 ** 31 - 1);
    expect(BigIntScalar.serialize(14001212121234)).toBe(14001212121234);
    expect(BigIntScalar.serialize('14001212121234')).toBe(14001212121234);
  });

  it('serializes beyond 2^53 as a decimal string, losing no digit', () => {
    expect(BigIntScalar.serialize(2n ** 64n)).toBe('18446744073709551616');
    expect(BigIntScalar.serialize('18446744073709551616')).toBe('18446744073709551616');
    expect(BigIntScalar.serialize(-5n)).toBe(-5);
  });

  it('parses integers from numbers, strings and literals; rejects the rest', () => {
    expect(BigIntScalar.parseValue(42)).toBe(42);
    expect(BigIntScalar.parseValue('14001212121234')).toBe(14001212121234);
    expect(BigIntScalar.parseLiteral(int('14001212121234'))).toBe(14001212121234);
    expect(failure(() => BigIntScalar.parseValue('12a')).rule).toBe('integer');
    expect(failure(() => BigIntScalar.parseValue(1.25)).rule).toBe('integer');
    expect(failure(() => BigIntScalar.parseValue('99999999999999999999')).rule).toBe('safeInteger');
    expect(failure(() => BigIntScalar.serialize(1.5)).code).toBe('INTERNAL');
  });

  it('a literal error points at its node and keeps code and rule', () => {
    const node = str('x');
    let thrown: unknown;
    try {
      BigIntScalar.parseLiteral(node);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GraphQLError);
    expect((thrown as GraphQLError).nodes?.[0]).toBe(node);
    expect((thrown as GraphQLError).extensions).toEqual({
      code: 'BAD_USER_INPUT',
      rule: 'integer',
    });
  });
});
