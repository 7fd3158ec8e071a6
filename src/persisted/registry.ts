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
import { DOC, opKey, type PublishedVersion } from './version-keys.ts';
import { listVersions, publishVersion, retireVersion } from './versions.ts';

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

const apqKey = (hash: string) => `po:apq:{${hash}}`;
const APQ_BUDGET = 'po:apq:{budget}';

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
    publish: (app, version, manifest) =>
      publishVersion(store, new Date(now()).toISOString(), { app, version, manifest }),
    retire: (app, version) => retireVersion(store, app, version),
    list: () => listVersions(store),
  };
}
