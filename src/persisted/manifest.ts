/**
 * Persisted-operation manifests: `sha256(text) → text` maps. Two file formats are read:
 *
 *   { "<hash>": "<document>", … }                       codegen's client preset (ours)
 *   { "format": "apollo-persisted-query-manifest",      Apollo iOS / Kotlin / generate-
 *     "version": 1, "operations": [{ "id", "body" }] }  persisted-query-manifest
 *
 * A hash is 64 lowercase hex digits; the `sha256:` prefix of the GraphQL-over-HTTP persisted
 * documents appendix is accepted and dropped. Every entry must hash to its key.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type GraphQLSchema, Kind, parse, validate } from 'graphql';

/** hash (64 lowercase hex) → document text, exactly as clients send it. */
export type Manifest = ReadonlyMap<string, string>;

export class ManifestError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid persisted-operations manifest:\n  ${problems.join('\n  ')}`);
    this.name = 'ManifestError';
  }
}

const HASH = /^(?:sha256:)?([0-9a-fA-F]{64})$/;

export const sha256Hex = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');

/** The bare lowercase hex of a `sha256:…` or plain hash; `null` when it is not one. */
export function normalizeHash(hash: string): string | null {
  return HASH.exec(hash.trim())?.[1]?.toLowerCase() ?? null;
}

function entriesOf(json: unknown): Array<[string, unknown]> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ManifestError(['expected a JSON object']);
  }
  const object = json as Record<string, unknown>;
  if (object.format === 'apollo-persisted-query-manifest') {
    if (!Array.isArray(object.operations)) throw new ManifestError(['operations: expected a list']);
    return object.operations.map((op: { id?: unknown; body?: unknown }, i) => [
      typeof op?.id === 'string' ? op.id : `operations[${i}].id`,
      op?.body,
    ]);
  }
  return Object.entries(object);
}

/** Checks every key is the sha256 of its document; throws `ManifestError` naming each problem. */
export function parseManifest(json: unknown): Manifest {
  const manifest = new Map<string, string>();
  const problems: string[] = [];
  for (const [key, document] of entriesOf(json)) {
    const hash = normalizeHash(key);
    if (!hash) problems.push(`${key}: not a sha256 hash (64 hex digits)`);
    else if (typeof document !== 'string' || document.trim() === '') {
      problems.push(`${key}: the document must be a non-empty string`);
    } else if (sha256Hex(document) !== hash) {
      problems.push(`${key}: sha256 of the document is ${sha256Hex(document)}`);
    } else manifest.set(hash, document);
  }
  if (problems.length) throw new ManifestError(problems);
  return manifest;
}

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
