/**
 * Who holds a cancel-on-disconnect session of an account, on every replica: one hash per
 * account in the shared store (`{a:…}:cod:sessions`), one field per session
 * (`<replica>/<session>` → `{"afterMs":…,"expiresAt":…}`). Each replica rewrites its own
 * sessions' records (a heartbeat) well within `ttlMs`; a record not rewritten in time (its
 * replica is gone) counts as gone and is dropped by the next reader. The hash itself expires
 * `ttlMs` after its last write. Without Redis the store is the process's own.
 */
import type { Store } from '../upstream/stores/store.ts';
import { accountTag } from './keys.ts';

export interface SessionRecord {
  id: string;
  afterMs: number;
  expiresAt: number;
}

const parse = (text: string): Omit<SessionRecord, 'id'> | undefined => {
  try {
    const value = JSON.parse(text) as Partial<SessionRecord>;
    const { afterMs, expiresAt } = value;
    return typeof afterMs === 'number' && typeof expiresAt === 'number'
      ? { afterMs, expiresAt }
      : undefined;
  } catch {
    return undefined;
  }
};

export class SessionRegistry {
  constructor(
    private readonly store: Store,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** The account's sessions whose record is fresh; stale and unreadable ones are dropped. */
  async live(accountId: string): Promise<SessionRecord[]> {
    const key = sessionsKey(accountId);
    const now = this.now();
    const live: SessionRecord[] = [];
    const stale: string[] = [];
    for (const [id, text] of Object.entries(await this.store.hgetall(key))) {
      const record = parse(text);
      if (record && record.expiresAt > now) live.push({ id, ...record });
      else stale.push(id);
    }
    await Promise.all(stale.map((id) => this.store.hdel(key, id)));
    return live;
  }

  /**
   * Adds a session unless the account already holds `max` live ones: checked, then written,
   * so adds racing on several replicas may pass the cap by one each.
   */
  async add(accountId: string, id: string, afterMs: number, max: number): Promise<boolean> {
    if ((await this.live(accountId)).length >= max) return false;
    await this.put(accountId, id, afterMs);
    return true;
  }

  /** Writes (or refreshes) a session's record. */
  put(accountId: string, id: string, afterMs: number): Promise<void> {
    const record = JSON.stringify({ afterMs, expiresAt: this.now() + this.ttlMs });
    return this.store.hset(sessionsKey(accountId), id, record, this.ttlMs);
  }

  async remove(accountId: string, id: string): Promise<void> {
    await this.store.hdel(sessionsKey(accountId), id);
  }
}

const sessionsKey = (accountId: string) => `${accountTag(accountId)}:cod:sessions`;
