/**
 * Manifests into service: read from a file (publish, the CLI) or the built-in one at start, and
 * their documents checked against the schema before they are published.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type GraphQLSchema, Kind, parse, validate } from 'graphql';
import { type Manifest, ManifestError, parseManifest } from './manifest.ts';

export async function readManifestFile(path: string): Promise<Manifest> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const reason = error instanceof SyntaxError ? 'not valid JSON' : (error as Error).message;
    throw new ManifestError([`${path}: ${reason}`]);
  }
  return parseManifest(json);
}

/**
 * Problems of documents that would fail at request time: syntax, validation against `schema`,
 * or more than one operation (a persisted document runs one operation).
 */
export function validateManifest(manifest: Manifest, schema: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const [hash, text] of manifest) {
    try {
      const document = parse(text);
      const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
      if (operations.length !== 1) problems.push(`${hash}: expected exactly one operation`);
      for (const error of validate(schema, document)) problems.push(`${hash}: ${error.message}`);
    } catch (error) {
      problems.push(`${hash}: ${(error as Error).message}`);
    }
  }
  return problems;
}

/** The manifest codegen writes (`npm run codegen`), served built in by every gateway. */
export const BUILT_IN_MANIFEST = fileURLToPath(
  new URL('../../operations/persisted-documents.json', import.meta.url),
);

/** Reads the built-in manifest at start; a missing or broken one serves nothing (and says so). */
export function loadBuiltInManifest(warn: (message: string) => void): Manifest {
  try {
    return parseManifest(JSON.parse(readFileSync(BUILT_IN_MANIFEST, 'utf8')));
  } catch (error) {
    warn(`built-in persisted operations not loaded: ${(error as Error).message}`);
    return new Map();
  }
}
