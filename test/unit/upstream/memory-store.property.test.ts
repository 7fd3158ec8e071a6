/**
 * Properties of the memory store against a reference model (a plain Map with expiry times,
 * checked on read) under a fake clock: every answer matches the model's, no call forgets more
 * than its bounded expiry work allows, everything due is forgotten after enough writes, and
 * the bound holds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPIRY_STEPS_PER_WRITE as K } from '../../../src/upstream/stores/expiring-keys.ts';
import { createMemoryStore, type MemoryStore } from '../../../src/upstream/stores/memory.ts';

type ModelEntry = { value: string | Map<string, string>; expiresAt: number };

/** The store's contract, written the obvious way: lazy expiry on read, nothing else. */
class Model {
  readonly map = new Map<string, ModelEntry>();
  now = 1_000_000;
  live(key: string): ModelEntry | undefined {
    const entry = this.map.get(key);
    if (entry && entry.expiresAt <= this.now) this.map.delete(key);
    return this.map.get(key);
  }
  expiry(ttlMs: number | undefined): number {
    return ttlMs === undefined ? Number.POSITIVE_INFINITY : this.now + Math.max(1, ttlMs);
  }
  notDue(): number {
    return [...this.map.values()].filter((e) => e.expiresAt > this.now).length;
  }
  hash(key: string): Map<string, string> | undefined {
    const value = this.live(key)?.value;
    return typeof value === 'object' ? value : undefined;
  }
}

const key = fc.constantFrom('k0', 'k1', 'k2', 'k3');
const value = fc.constantFrom('v0', 'v1', 'v2');
const field = fc.constantFrom('f0', 'f1', 'f2');
const ttl = fc.integer({ min: 0, max: 40 });
const optionalTtl = fc.option(ttl, { nil: undefined });

/** One call on both; `writes`: the calls that do expiry work (so may forget up to K more). */
type Command = {
  name: string;
  writes: boolean;
  run(store: MemoryStore, model: Model): Promise<[unknown, unknown]>;
};
/** A command that fast-check prints by its name in a counterexample. */
const named = (command: Command) =>
  Object.assign(command, { [fc.toStringMethod]: () => command.name });

const commands: fc.Arbitrary<Command>[] = [
  key.map((k) =>
    named({
      name: `get ${k}`,
      writes: false,
      run: async (s, m) => {
        const v = m.live(k)?.value;
        return [await s.get(k), typeof v === 'string' ? v : null];
      },
    }),
  ),
  fc.tuple(key, value, optionalTtl).map(([k, v, t]) =>
    named({
      name: `set ${k} ${v} ${t}`,
      writes: true,
      run: async (s, m) => {
        m.map.set(k, { value: v, expiresAt: m.expiry(t) });
        return [await s.set(k, v, t), undefined];
      },
    }),
  ),
  fc.uniqueArray(key, { minLength: 1, maxLength: 3 }).map((ks) =>
    named({
      name: `del ${ks}`,
      writes: false,
      run: async (s, m) => {
        let removed = 0;
        for (const k of ks) if (m.live(k) && m.map.delete(k)) removed++;
        return [await s.del(ks), removed];
      },
    }),
  ),
  fc.tuple(key, value, ttl).map(([k, v, t]) =>
    named({
      name: `setIfAbsent ${k} ${v} ${t}`,
      writes: true,
      run: async (s, m) => {
        const absent = !m.live(k);
        if (absent) m.map.set(k, { value: v, expiresAt: m.expiry(t) });
        return [await s.setIfAbsent(k, v, t), absent];
      },
    }),
  ),
  fc.tuple(key, value, fc.option(value, { nil: null }), ttl).map(([k, expected, v, t]) =>
    named({
      name: `compareAndSet ${k} ${expected} ${v} ${t}`,
      writes: true,
      run: async (s, m) => {
        const matches = m.live(k)?.value === expected;
        if (matches && v === null) m.map.delete(k);
        else if (matches) m.map.set(k, { value: v as string, expiresAt: m.expiry(t) });
        return [await s.compareAndSet(k, expected, v, t), matches];
      },
    }),
  ),
  fc.tuple(key, field, value, optionalTtl).map(([k, f, v, t]) =>
    named({
      name: `hset ${k} ${f} ${v} ${t}`,
      writes: true,
      run: async (s, m) => {
        const fields = m.hash(k);
        if (fields) {
          fields.set(f, v);
          const entry = m.map.get(k)!;
          if (t !== undefined) entry.expiresAt = Math.max(entry.expiresAt, m.expiry(t));
        } else {
          m.map.set(k, { value: new Map([[f, v]]), expiresAt: m.expiry(t) });
        }
        return [await s.hset(k, f, v, t), undefined];
      },
    }),
  ),
  fc.tuple(key, field).map(([k, f]) =>
    named({
      name: `hget ${k} ${f}`,
      writes: false,
      run: async (s, m) => [await s.hget(k, f), m.hash(k)?.get(f) ?? null],
    }),
  ),
  key.map((k) =>
    named({
      name: `hgetall ${k}`,
      writes: false,
      run: async (s, m) => [await s.hgetall(k), Object.fromEntries(m.hash(k) ?? [])],
    }),
  ),
  fc.tuple(key, field).map(([k, f]) =>
    named({
      name: `hdel ${k} ${f}`,
      writes: false,
      run: async (s, m) => [await s.hdel(k, f), m.hash(k)?.delete(f) ? 1 : 0],
    }),
  ),
];
const advanceMs = fc.integer({ min: 0, max: 50 });
const advance = advanceMs.map((ms) => ({ name: `advance ${ms}`, ms }));
const step = fc.oneof(...commands, advance);

describe('memory store against a reference model', () => {
  it('answers like the model, with bounded expiry work, and forgets all that is due', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 60, size: 'max' }),
        advanceMs,
        async (steps, finalMs) => {
          const model = new Model();
          const store = createMemoryStore({ now: () => model.now });
          for (const s of steps) {
            if ('ms' in s) {
              model.now += s.ms;
              continue;
            }
            const before = store.sizes().expired;
            const [got, expected] = await s.run(store, model);
            expect(got, s.name).toEqual(expected);
            // A read forgets what it finds expired (del: up to three keys); a write does at
            // most K steps of expiry work plus that lazy check of its own key.
            expect(store.sizes().expired - before).toBeLessThanOrEqual(s.writes ? K + 1 : 3);
            expect(store.sizes().evicted).toBe(0);
            // At most four keys can be due, fewer than K: after a write none is left.
            if (s.writes) expect(store.sizes().entries, s.name).toBe(model.notDue());
          }
          // What is due is forgotten after a write of one more key, never read (at most four
          // keys are due, fewer than K), and what is not due stays.
          model.now += finalMs;
          await store.set('tick', 'x', 1);
          expect(store.sizes().entries).toBe(model.notDue() + 1);
        },
      ),
      { numRuns: 1_000 },
    );
    // 1,000 runs take about a second alone; a loaded CI machine may need many times that.
  }, 60_000);

  it('never holds more than maxEntries keys, and keeps the key just written', async () => {
    const write = fc.tuple(
      fc.integer({ min: 0, max: 30 }).map((i) => `k${i}`),
      fc.integer({ min: 1, max: 1_000 }),
      fc.boolean(),
      fc.integer({ min: 0, max: 50 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(write, { maxLength: 100 }), async (writes) => {
        let now = 1_000_000;
        const store = createMemoryStore({ now: () => now, maxEntries: 5 });
        for (const [k, t, asHash, ms] of writes) {
          now += ms;
          if (asHash) await store.hset(k, 'f', 'v', t);
          else await store.set(k, 'v', t);
          expect(store.sizes().entries).toBeLessThanOrEqual(5);
          if (asHash) expect(await store.hget(k, 'f')).toBe('v');
          else expect(await store.get(k)).toBe('v');
        }
      }),
      { numRuns: 300 },
    );
  });
});
