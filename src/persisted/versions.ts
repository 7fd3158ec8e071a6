/**
 * Published app versions in the store (layout in registry.ts): publish, retire and list. A
 * document is served while at least one published version refers to it; retiring a version
 * removes its references, and a document left without any is deleted.
 */
import type { Store } from '../upstream/stores/store.ts';
import type { Manifest } from './manifest.ts';
import {
  DOC,
  INDEX,
  manifestKey,
  opKey,
  type PublishedVersion,
  RegistryError,
  versionRef,
} from './version-keys.ts';

/** Publishes an app version; an identical re-publish is a no-op, a different one throws. */
export async function publishVersion(
  store: Store,
  publishedAt: string,
  { app, version, manifest }: { app: string; version: string; manifest: Manifest },
): Promise<PublishedVersion> {
  const ref = versionRef(app, version);
  const hashes = [...manifest.keys()].sort();
  const existing = await store.get(manifestKey(ref));
  if (existing !== null && existing !== JSON.stringify(hashes)) {
    throw new RegistryError(
      `${ref} is already published with other operations: publish a new version (or retire ${ref} first)`,
    );
  }
  const entry: PublishedVersion = { app, version, operations: hashes.length, publishedAt };
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
}

/** Retires an app version; returns how many documents no other version serves, or null. */
export async function retireVersion(
  store: Store,
  app: string,
  version: string,
): Promise<{ removed: number } | null> {
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
}

export async function listVersions(store: Store): Promise<PublishedVersion[]> {
  const index = await store.hgetall(INDEX);
  return Object.values(index)
    .map((json) => JSON.parse(json) as PublishedVersion)
    .sort((a, b) => a.app.localeCompare(b.app) || a.publishedAt.localeCompare(b.publishedAt));
}
