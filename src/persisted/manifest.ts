/**
 * Persisted-operation manifests: `sha256(text) → text` maps. Two file formats are read:
 *
 *   { "<hash>": "<document>", … }                       codegen's client preset (ours)
 *   { "format": "apollo-persisted-query-manifest",      Apollo iOS / Kotlin / generate-
 *     "version": 1, "operations": [{ "id", "body" }] }  persisted-query-manifest
 *
 * A hash is 64 lowercase hex digits; the `sha256:` prefix of the GraphQL-over-HTTP persisted
 * documents appendix is accepted and dropped. Every entry must hash to its key. Reading files
 * and checking documents against the schema: manifest-load.ts.
 */
import { createHash } from 'node:crypto';

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
