/**
 * The pieces of exact decimal input, without HTTP: the JSON number scanner (paths, the
 * cheap pre-check), the request parameter parsers, and the Float-literal validation rule.
 */
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ExactFloatLiteralsRule } from '../../../src/plugins/exact-literals.ts';
import { holdsNumber, inexactNumbers } from '../../../src/plugins/inexact-numbers.ts';
import { paramsFromJsonBody, paramsFromSearch } from '../../../src/plugins/request-params.ts';

describe('inexactNumbers', () => {
  it('finds each inexact number with its path, strings and keys aside', () => {
    const json =
      '{"q":"1e400 and 2000.000000000000000000000000001","v":{"a\\"b":[1, 1e400, {"c": -0.30000000000000000001}],"ok":0.1,"e":1e-7}}';
    expect(inexactNumbers(json)).toEqual([
      { path: ['v', 'a"b', 1], text: '1e400' },
      { path: ['v', 'a"b', 2, 'c'], text: '-0.30000000000000000001' },
    ]);
    expect(inexactNumbers('{"x":[0.1,0.2,123456789012345]}')).toEqual([]);
    expect(inexactNumbers('2000.000000000000000000000000001')).toEqual([
      { path: [], text: '2000.000000000000000000000000001' },
    ]);
  });
});

describe('holdsNumber', () => {
  it('says whether a parsed value holds a number at any depth', () => {
    expect(holdsNumber({ ids: ['a', 'b'], flag: true, none: null })).toBe(false);
    expect(holdsNumber(undefined)).toBe(false);
    expect(holdsNumber({ input: { legs: [{ price: 1 }] } })).toBe(true);
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(holdsNumber(deep)).toBe(true);
  });
});

describe('request parameter parsers', () => {
  const code = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as { extensions: Record<string, unknown> }).extensions;
    }
    throw new Error('did not throw');
  };

  it('refuses an inexact number in variables, naming the variable path; not elsewhere', () => {
    const body =
      '{"query":"{ a }","variables":{"input":{"orderPrice":2000.000000000000000000000000001}}}';
    expect(code(() => paramsFromJsonBody(body))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.orderPrice',
      rule: 'exactDecimal',
      http: { status: 400 },
    });
    const extensions = '{"query":"{ a }","extensions":{"n":2000.000000000000000000000000001}}';
    expect(paramsFromJsonBody(extensions).query).toBe('{ a }');
    const search = new URLSearchParams({ query: '{ a }', variables: '{"r":[1e-400]}' });
    expect(code(() => paramsFromSearch(search))).toMatchObject({
      field: 'r.0',
      rule: 'exactDecimal',
    });
  });

  it('names the parameter that is not JSON', () => {
    for (const field of ['variables', 'extensions']) {
      const search = new URLSearchParams({ query: '{ a }', [field]: '{bad' });
      expect(code(() => paramsFromSearch(search))).toMatchObject({ field, rule: 'json' });
    }
  });
});

describe('ExactFloatLiteralsRule', () => {
  const schema = buildSchema(`
    scalar BigInt
    input In { f: Float, fs: [Float!], nested: In, i: Int, big: BigInt }
    type Query { q(f: Float, input: In, list: [Float]): Int }
  `);
  const errors = (doc: string) =>
    validate(schema, parse(doc), [ExactFloatLiteralsRule]).map((e) => e.extensions);
  const inexact = '2000.000000000000000000000000001';

  it('refuses inexact Float literals wherever they sit, naming the path', () => {
    expect(errors(`{ q(f: ${inexact}) }`)).toMatchObject([{ field: 'f', rule: 'exactDecimal' }]);
    expect(errors(`{ q(input: { nested: { fs: [1, ${inexact}] } }) }`)).toMatchObject([
      { code: 'BAD_USER_INPUT', field: 'input.nested.fs.1' },
    ]);
    expect(errors(`{ q(list: 1e400) }`)).toMatchObject([{ field: 'list' }]);
    expect(errors(`query($x: Float = ${inexact}) { q(f: $x) }`)).toMatchObject([{ field: '$x' }]);
  });

  it('leaves exact Floats and other scalars alone', () => {
    expect(errors('{ q(f: 2000.000, list: [0.1, 1e-7], input: { f: 1.5E+21 }) }')).toEqual([]);
    expect(errors('{ q(input: { big: 123456789012345678901234567890 }) }')).toEqual([]);
  });
});
