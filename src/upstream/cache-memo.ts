/**
 * The last text read per cache entry and its decoded value. The store stays the only truth
 * (every read still asks it, so invalidations and other replicas' writes are seen at once);
 * only when it answers the very text decoded last time is that value reused instead of parsed
 * again. A reused value is shared by every caller that reads it: it is frozen.
 */

/** A cache entry as stored: its value and when it expires. */
export interface Stored {
  /** Expires at, host clock ms. */
  e: number;
  v: unknown;
}

/** Keys in the memo; past this many it starts over. */
const MAX_DECODED = 5_000;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

export class DecodedMemo {
  readonly #decoded = new Map<string, Map<string, { text: string; stored: Stored | undefined }>>();

  /** The entry `text` holds (frozen), or undefined when it is not one. */
  decode(key: string, field: string, text: string): Stored | undefined {
    let fields = this.#decoded.get(key);
    const known = fields?.get(field);
    if (known !== undefined && known.text === text) return known.stored;
    let stored: Stored | undefined;
    try {
      const parsed = JSON.parse(text) as Stored;
      stored = typeof parsed?.e === 'number' ? deepFreeze(parsed) : undefined;
    } catch {
      stored = undefined;
    }
    if (!fields) {
      if (this.#decoded.size >= MAX_DECODED) this.#decoded.clear();
      fields = new Map();
      this.#decoded.set(key, fields);
    }
    fields.set(field, { text, stored });
    return stored;
  }

  /** Not needed for correctness (reads compare texts), only to drop values nobody will read. */
  forget(keys: readonly string[]): void {
    for (const key of keys) this.#decoded.delete(key);
  }
}
