/** Manifest files: hashes checked against their documents, both formats, schema validation. */
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  ManifestError,
  normalizeHash,
  parseManifest,
  sha256Hex,
} from '../../../src/persisted/manifest.ts';
import { validateManifest } from '../../../src/persisted/manifest-load.ts';

const DOC = 'query Q { a }';
const HASH = sha256Hex(DOC);

describe('manifests', () => {
  it('sha256 hex: a known answer', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('normalizes sha256: prefixed and upper-case hashes; refuses anything else', () => {
    expect(normalizeHash(`sha256:${HASH.toUpperCase()}`)).toBe(HASH);
    expect(normalizeHash(HASH)).toBe(HASH);
    expect(normalizeHash('md5:abc')).toBeNull();
    expect(normalizeHash(HASH.slice(1))).toBeNull();
  });

  it("reads codegen's map and Apollo's persisted-query manifest", () => {
    expect([...parseManifest({ [`sha256:${HASH}`]: DOC })]).toEqual([[HASH, DOC]]);
    const apollo = {
      format: 'apollo-persisted-query-manifest',
      version: 1,
      operations: [{ id: HASH, body: DOC, name: 'Q', type: 'query' }],
    };
    expect([...parseManifest(apollo)]).toEqual([[HASH, DOC]]);
  });

  it('names every entry whose key is not the sha256 of its document', () => {
    const bad = { [HASH]: `${DOC} `, nothex: DOC, [sha256Hex('x')]: 42 };
    expect(() => parseManifest(bad)).toThrow(ManifestError);
    try {
      parseManifest(bad);
    } catch (error) {
      expect((error as ManifestError).problems).toHaveLength(3);
    }
    expect(() => parseManifest([DOC])).toThrow(/JSON object/);
  });

  it('validates documents against the schema, one operation each', () => {
    const schema = buildSchema('type Query { a: Int }');
    const two = 'query A { a } query B { a }';
    const manifest = parseManifest({
      [HASH]: DOC,
      [sha256Hex('{ b }')]: '{ b }',
      [sha256Hex(two)]: two,
      [sha256Hex('{')]: '{',
    });
    const problems = validateManifest(manifest, schema);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/Cannot query field "b"/);
    expect(problems.join('\n')).toMatch(/exactly one operation/);
    expect(problems.join('\n')).toMatch(/Syntax Error/);
  });
});
