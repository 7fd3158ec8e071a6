/**
 * The checked-in codegen output matches the code (CI also regenerates and diffs): the SDL is
 * the Pothos schema's, and the manifest holds both hashes of every generated document — the
 * client preset's (`__meta__.hash`) and Apollo's link's (`sha256(print(document))`).
 */
import { readFileSync } from 'node:fs';
import { type DocumentNode, lexicographicSortSchema, print, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as generated from '../../../operations/generated/graphql.ts';
import { parseManifest } from '../../../src/persisted/manifest.ts';
import { validateManifest } from '../../../src/persisted/manifest-load.ts';
import { schema } from '../../../src/schema/index.ts';
import { manifest, sha256 } from './harness.ts';

const documents = Object.entries(generated)
  .filter(([name]) => name.endsWith('Document'))
  .map(([, doc]) => doc as DocumentNode & { __meta__?: { hash?: string } });

describe('codegen output', () => {
  it('schema.graphql is the sorted SDL of the schema (run `npm run codegen`)', () => {
    const committed = readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8');
    expect(committed.trim()).toBe(printSchema(lexicographicSortSchema(schema)).trim());
  });

  it('the manifest has both hashes of every generated document, and nothing else', () => {
    expect(documents.length).toBeGreaterThan(0);
    const expected = new Set<string>();
    for (const doc of documents) {
      expected.add(doc.__meta__?.hash as string);
      expected.add(sha256(print(doc)));
    }
    expect(new Set(Object.keys(manifest))).toEqual(expected);
  });

  it('every manifest entry hashes to its key and validates against the schema', () => {
    expect(validateManifest(parseManifest(manifest), schema)).toEqual([]);
  });
});
