/**
 * The persisted-operations registry: which document a hash stands for. Three sources, looked
 * up in this order:
 *
 *   built-in      operations/persisted-documents.json, loaded at start (in memory)
 *   published     app versions (`npm run persisted -- publish`), several active at once
 *   APQ           automatic persisted queries registered by clients, short-lived, bounded
 *
 * Store layout (the store adds `REDIS_KEY_PREFIX:`, so `svc:po:…`). Admin keys share the
 * `{index}` tag (one Cluster slot); each document has its own slot, so lookups spread:
 *
 *   po:{index}                            hash   app@version → {app, version, operations, publishedAt}
 *   po:{index}:manifest:<app>@<version>   string JSON list of the version's hashes
 *   po:op:{<hash>}                        hash   doc → text, <app>@<version> → publishedAt (refs)
 *   po:apq:{<hash>}                       string text, with a time to live
 *   po:apq:{budget}                       limiter: APQ registrations per window, all replicas
 *
 * A document is served while at least one published version refers to it. Retiring a version
 * removes its references; a document left without any is deleted.
 */
import type { Store } from '../upstream/stores/store.ts';
import { type Manifest, normalizeHash, sha256Hex } from './manifest.ts';

export interface PublishedVersion {
  app: string;
  version: string;
  operations: number;
  /** ISO 8601 */
  publishedAt: string;
}

export interface RegistryOptions {
  store: Store;
  /** Served without a store lookup (the gateway's own manifest). @default none */
  builtIn?: Manifest;
  /** Time to live of an APQ registration. @default 86_400_000 (one day) */
  apqTtlMs?: number;
  /** APQ registrations allowed per `apqWindowMs`, across replicas (bounds the namespace). @default 1000 */
  apqBudget?: number;
  /** @default 3_600_000 (one hour) */
  apqWindowMs?: number;
  /** @default Date.now */
  now?: () => number;
}

export type Source = 'built-in' | 'published' | 'apq';

export interface Registry {
  /** The document of `hash` (plain or `sha256:` hex), or null. */
  lookup(hash: string): Promise<{ document: string; source: Source } | null>;
  /** Registers an APQ document; false when `hash` is not its sha256 or the budget is spent. */
  register(hash: string, document: string): Promise<boolean>;
  /** Publishes an app version; an identical re-publish is a no-op, a different one throws. */
  publish(app: string, version: string, manifest: Manifest): Promise<PublishedVersion>;
  /** Retires an app version; returns how many documents no other version serves, or null. */
  retire(app: string, version: string): Promise<{ removed: number } | null>;
  list(): Promise<PublishedVersion[]>;
}

export class RegistryError extends Error {
  override name = 'RegistryError';
}

const APP = /^[a-z0-9][a-z0-9._-]{0,39}$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}$/;
const DOC = 'doc';
const INDEX = 'po:{index}';
const manifestKey = (ref: string) => `${INDEX}:manifest:${ref}`;
const opKey = (hash: string) => `po:op:{${hash}}`;
const apqKey = (hash: string) => `po:apq:{${hash}}`;
const APQ_BUDGET = 'po:apq:{budget}';

function versionRef(app: string, version: string): string {
  if (!APP.test(app)) throw new RegistryError(`app "${app}": expected [a-z0-9._-], at most 40`);
  if (!VERSION.test(version)) {
    throw new RegistryError(`version "${version}": expected [0-9A-Za-z.+_-], at most 40`);
  }
  return `${app}@${version}`;
}

export function createRegistry(options: RegistryOptions): Registry {
  const { store, builtIn = new Map<string, string>() } = options;
  const now = options.now ?? Date.now;

  async function lookupStore(hash: string) {
    const { [DOC]: document, ...refs } = await store.hgetall(opKey(hash));
    if (document !== undefined && Object.keys(refs).length > 0) {
      return { document, source: 'published' as const };
    }
    const apq = await store.get(apqKey(hash));
    return apq === null ? null : { document: apq, source: 'apq' as const };
  }

  return {
    async lookup(raw) {
      const hash = normalizeHash(raw);
      if (!hash) return null;
      const own = builtIn.get(hash);
      if (own !== undefined) return { document: own, source: 'built-in' };
      // No replica-local cache: a retired version stops everywhere at once (one HGETALL).
      return lookupStore(hash);
    },

    async register(raw, document) {
      const hash = normalizeHash(raw);
      if (!hash || sha256Hex(document) !== hash) return false;
      if (builtIn.has(hash)) return true;
      const budget = options.apqBudget ?? 1_000;
      const windowMs = options.apqWindowMs ?? 3_600_000;
      const { allowed } = await store.consume(APQ_BUDGET, budget, windowMs, now());
      if (!allowed) return false;
      await store.set(apqKey(hash), document, options.apqTtlMs ?? 86_400_000);
      return true;
    },

    async publish(app, version, manifest) {
      const ref = versionRef(app, version);
      const hashes = [...manifest.keys()].sort();
      const existing = await store.get(manifestKey(ref));
      if (existing !== null) {
        if (existing !== JSON.stringify(hashes)) {
          throw new RegistryError(
            `${ref} is already published with other operations: publish a new version (or retire ${ref} first)`,
          );
        }
      }
      const entry: PublishedVersion = {
        app,
        version,
        operations: hashes.length,
        publishedAt: new Date(now()).toISOString(),
      };
      // Documents first, the index last: a version is listed only once all of it is served.
      for (const hash of hashes) {
        await store.hset(opKey(hash), DOC, manifest.get(hash) as string);
        await store.hset(opKey(hash), ref, entry.publishedAt);
      }
      await store.set(manifestKey(ref), JSON.stringify(hashes));
      const previous = await store.hget(INDEX, ref);
      if (previous !== null) return JSON.parse(previous) as PublishedVersion;
      await store.hset(INDEX, ref, JSON.stringify(entry));
      return entry;
    },

    async retire(app, version) {
      const ref = versionRef(app, version);
      const listed = await store.get(manifestKey(ref));
      if (listed === null) return null;
      // Unlisted first: from here on the version is gone, even if a step below fails.
      await store.hdel(INDEX, ref);
      let removed = 0;
      for (const hash of JSON.parse(listed) as string[]) {
        await store.hdel(opKey(hash), ref);
        const { [DOC]: _document, ...refs } = await store.hgetall(opKey(hash));
        if (Object.keys(refs).length === 0) {
          await store.del([opKey(hash)]);
          removed++;
        }
      }
      await store.del([manifestKey(ref)]);
      return { removed };
    },

    async list() {
      const index = await store.hgetall(INDEX);
      return Object.values(index)
        .map((json) => JSON.parse(json) as PublishedVersion)
        .sort((a, b) => a.app.localeCompare(b.app) || a.publishedAt.localeCompare(b.publishedAt));
    },
  };
}
