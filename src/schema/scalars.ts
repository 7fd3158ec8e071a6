/**
 * Custom scalars. Bad input raises a GraphQL error with `extensions.code` BAD_USER_INPUT and
 * `extensions.rule` (GraphQL's own coercion adds the argument path to the message); a value
 * the upstream sent that cannot be represented raises INTERNAL.
 */
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { isCalendarDate } from './rules.ts';

const badInput = (rule: string, message: string) =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', rule } });

/** Re-raises a literal's error with its location (GraphQL reports it as is). */
function atNode<T>(ast: ValueNode, parse: (value: unknown) => T): T {
  try {
    return parse(literal(ast));
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    throw new GraphQLError(error.message, { nodes: ast, extensions: error.extensions });
  }
}
const badOutput = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'INTERNAL' } });

/** Reads an Int/Float/String literal as its JS value (other kinds: undefined). */
function literal(ast: ValueNode): unknown {
  if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return Number(ast.value);
  if (ast.kind === Kind.STRING) return ast.value;
  return undefined;
}

function parseDate(value: unknown): string {
  if (typeof value !== 'string') throw badInput('dateFormat', 'Date must be a string YYYY-MM-DD');
  if (!isCalendarDate(value)) {
    throw badInput(
      'calendarDate',
      `Date must be a real calendar date written YYYY-MM-DD, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/** A calendar date, `YYYY-MM-DD`. */
export const DateScalar = new GraphQLScalarType<string, string>({
  name: 'Date',
  description: 'A calendar date written YYYY-MM-DD (e.g. 2024-02-29).',
  serialize(value) {
    if (typeof value === 'string' && isCalendarDate(value)) return value;
    throw badOutput(`Date cannot represent ${JSON.stringify(value)}`);
  },
  parseValue: parseDate,
  parseLiteral: (ast) => atNode(ast, parseDate),
});

const INTEGER_TEXT = /^-?\d+$/;

/** An integer from a number or a decimal string; `undefined` when it is not one. */
function toInteger(value: unknown): number | bigint | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'string' && INTEGER_TEXT.test(value)) {
    const big = BigInt(value);
    return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(big)
      : big;
  }
  return undefined;
}

function parseSafeInteger(name: string, value: unknown, min: number): number {
  const n = toInteger(value);
  if (n === undefined) throw badInput('integer', `${name} must be an integer`);
  if (typeof n === 'bigint' || !Number.isSafeInteger(n)) {
    throw badInput('safeInteger', `${name} must be at most ${Number.MAX_SAFE_INTEGER}`);
  }
  if (n < min) throw badInput('range', `${name} must be at least ${min}`);
  return n;
}

/** Milliseconds since the Unix epoch (exceeds GraphQL Int). */
export const TimestampScalar = new GraphQLScalarType<number, number>({
  name: 'Timestamp',
  description: 'Milliseconds since the Unix epoch, as a JSON number.',
  serialize(value) {
    const n = value instanceof Date ? value.getTime() : toInteger(value);
    if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return n;
    throw badOutput(`Timestamp cannot represent ${String(value)}`);
  },
  parseValue: (value) => parseSafeInteger('Timestamp', value, 0),
  parseLiteral: (ast) => atNode(ast, (v) => parseSafeInteger('Timestamp', v, 0)),
});

/**
 * An integer beyond GraphQL `Int` (ids, nonces such as 14001212121234). Serialized as a JSON
 * number while it is a safe integer, as a decimal string beyond 2^53; read from either.
 */
export const BigIntScalar = new GraphQLScalarType<number, number | string>({
  name: 'BigInt',
  description:
    'An integer that may exceed 32 bits. A JSON number up to 2^53-1, a decimal string beyond.',
  serialize(value) {
    const n = toInteger(value);
    if (typeof n === 'number') return Number.isSafeInteger(n) ? n : BigInt(n).toString();
    if (typeof n === 'bigint') {
      const safe = n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER);
      return safe ? Number(n) : n.toString();
    }
    throw badOutput(`BigInt cannot represent ${String(value)}`);
  },
  parseValue: (value) => parseSafeInteger('BigInt', value, Number.MIN_SAFE_INTEGER),
  parseLiteral: (ast) => atNode(ast, (v) => parseSafeInteger('BigInt', v, Number.MIN_SAFE_INTEGER)),
});
