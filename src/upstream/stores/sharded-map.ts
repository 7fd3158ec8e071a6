/**
 * A Map split into 256 Maps by a hash of the key, so that no single operation copies them all.
 *
 * V8 keeps a Map in one hash table that it rebuilds whole when it fills up: when it doubles,
 * and, under churn, when the slots of deleted keys run out. With a million keys that rebuild
 * is one long pause (docs/performance.md, bench/memory-store.ts); split in 256 each rebuild
 * moves 1/256 of the keys. Hand-written: no package does this, and it is the string hash plus
 * four methods.
 */
const SHARDS = 256;

/**
 * FNV-1a over the key's characters (the first 24 and the last 24 of a longer key: the store's
 * keys differ in their hash tag near the start and in their id near the end).
 */
function shardOf(key: string): number {
  let hash = 0x811c9dc5;
  const length = key.length;
  const head = Math.min(length, 24);
  for (let i = 0; i < head; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  for (let i = Math.max(head, length - 24); i < length; i++) {
    hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  }
  return (hash ^ (hash >>> 16)) & (SHARDS - 1);
}

export class ShardedMap<V> {
  readonly #shards = Array.from({ length: SHARDS }, () => new Map<string, V>());
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get(key: string): V | undefined {
    return this.#shards[shardOf(key)]!.get(key);
  }

  set(key: string, value: V): void {
    const shard = this.#shards[shardOf(key)]!;
    const before = shard.size;
    shard.set(key, value);
    this.#size += shard.size - before;
  }

  delete(key: string): boolean {
    const deleted = this.#shards[shardOf(key)]!.delete(key);
    if (deleted) this.#size--;
    return deleted;
  }

  clear(): void {
    for (const shard of this.#shards) shard.clear();
    this.#size = 0;
  }
}
