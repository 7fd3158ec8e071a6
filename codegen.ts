/**
 * `npm run codegen`: prints the schema and generates the typed client documents and the
 * persisted-documents manifest. Starts nothing: it only imports the Pothos schema.
 *
 *   schema.graphql                        sorted SDL (lexicographicSortSchema + printSchema)
 *   operations/generated/                 typed documents (client preset) for operations/**
 *   operations/persisted-documents.json   sha256 hash → document text, every form clients send
 *
 * The manifest holds two entries per operation, both `sha256(text) → text`: the preset's
 * normalized text (what clients that read `__meta__.hash` send: the generated documents embed
 * it) and `print(document)` (what Apollo Client's persisted-queries link hashes with its
 * `sha256` option). CI runs codegen and fails on any diff (`.ci/run`).
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { addTypenameSelectionDocumentTransform } from '@graphql-codegen/client-preset';
import { type DocumentNode, lexicographicSortSchema, print, printSchema } from 'graphql';
import { schema } from './src/schema/index.ts';

const MANIFEST = 'operations/persisted-documents.json';
/** Where the client preset writes its manifest (inside its output folder). */
const PRESET_MANIFEST = 'operations/generated/persisted-documents.json';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** `print(document)` of every operation, as Apollo's link sends it; merged into the manifest. */
const printed = new Map<string, string>();

const config: CodegenConfig = {
  overwrite: true,
  schema: printSchema(lexicographicSortSchema(schema)),
  documents: ['operations/**/*.graphql'],
  ignoreNoDocuments: false,
  generates: {
    'schema.graphql': {
      plugins: ['schema-ast'],
      config: { includeDirectives: false, sort: true },
    },
    'operations/generated/': {
      preset: 'client',
      // Apollo Client and urql add __typename to every selection; adding it here keeps the
      // document they send identical to the one that was hashed.
      documentTransforms: [addTypenameSelectionDocumentTransform],
      presetConfig: {
        fragmentMasking: false,
        persistedDocuments: { mode: 'embedHashInDocument', hashAlgorithm: sha256 },
        onExecutableDocumentNode: (document: DocumentNode) => {
          const text = print(document);
          printed.set(sha256(text), text);
        },
      },
      config: {
        useTypeImports: true,
        importExtension: '.ts',
        enumsAsTypes: true,
        scalars: {
          BigInt: { input: 'number | string', output: 'number | string' },
          Date: 'string',
          Timestamp: 'number',
        },
        strictScalars: true,
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
      },
    },
  },
  hooks: {
    afterAllFileWrite: (...files: string[]) => {
      if (!files.some((file) => file.endsWith(PRESET_MANIFEST))) return;
      const preset = JSON.parse(readFileSync(PRESET_MANIFEST, 'utf8')) as Record<string, string>;
      rmSync(PRESET_MANIFEST);
      const merged = Object.fromEntries(
        [...Object.entries(preset), ...printed].sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      writeFileSync(MANIFEST, `${JSON.stringify(merged, null, 2)}\n`);
    },
  },
};

export default config;
