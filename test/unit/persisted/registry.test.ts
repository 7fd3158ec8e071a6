/** The registry on the memory store: lookup order, versions, retire, APQ budget and expiry. */
import { describe, expect, it } from 'vitest';
import { parseManifest, sha256Hex } from '../../../src/persisted/manifest.ts';
import { createRegistry } from '../../../src/persisted/registry.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';

const doc = (name: string) => `query ${name} { a }`;
const manifestOf = (...texts: string[]) =>
  parseManifest(Object.fromEntries(texts.map((t) => [sha256Hex(t), t])));

function setup(options: { apqBudget?: number } = {}) {
  let now = 1_700_000_000_000;
  const store = createMemoryStore({ now: () => now });
  const registry = createRegistry({
    store,
    builtIn: manifestOf(doc('BuiltIn')),
    now: () => now,
    apqTtlMs: 1_000,
    ...options,
  });
  return { registry, advance: (ms: number) => (now += ms) };
}

describe('registry', () => {
  it('serves built-in documents, by plain or sha256: hash', async () => {
    const { registry } = setup();
    const hash = sha256Hex(doc('BuiltIn'));
    expect(await registry.lookup(`sha256:${hash}`)).toEqual({
      document: doc('BuiltIn'),
      source: 'built-in',
    });
    expect(await registry.lookup('nope')).toBeNull();
  });

  it('keeps versions apart: a shared document lives until its last version is retired', async () => {
    const { registry } = setup();
    await registry.publish('ios', '1.0.0', manifestOf(doc('A'), doc('S')));
    await registry.publish('ios', '1.1.0', manifestOf(doc('B'), doc('S')));
    expect((await registry.list()).map((v) => `${v.app}@${v.version}:${v.operations}`)).toEqual([
      'ios@1.0.0:2',
      'ios@1.1.0:2',
    ]);
    expect(await registry.retire('ios', '1.0.0')).toEqual({ removed: 1 });
    expect(await registry.lookup(sha256Hex(doc('A')))).toBeNull();
    expect(await registry.lookup(sha256Hex(doc('S')))).toMatchObject({ source: 'published' });
    expect(await registry.retire('ios', '1.1.0')).toEqual({ removed: 2 });
    expect(await registry.lookup(sha256Hex(doc('S')))).toBeNull();
    expect(await registry.retire('ios', '1.1.0')).toBeNull();
  });

  it('refuses malformed app names and versions, and changed re-publishes', async () => {
    const { registry } = setup();
    await expect(registry.publish('iOS App', '1', manifestOf(doc('A')))).rejects.toThrow(/app/);
    await expect(registry.publish('ios', '1 0', manifestOf(doc('A')))).rejects.toThrow(/version/);
    await registry.publish('ios', '2', manifestOf(doc('A')));
    await expect(registry.publish('ios', '2', manifestOf(doc('B')))).rejects.toThrow(
      /already published/,
    );
  });

  it('APQ: only a matching hash registers; registrations expire; the budget bounds them', async () => {
    const { registry, advance } = setup({ apqBudget: 2 });
    expect(await registry.register(sha256Hex(doc('X')), doc('Y'))).toBe(false);
    expect(await registry.register(sha256Hex(doc('X')), doc('X'))).toBe(true);
    expect(await registry.lookup(sha256Hex(doc('X')))).toEqual({
      document: doc('X'),
      source: 'apq',
    });
    expect(await registry.register(sha256Hex(doc('Y')), doc('Y'))).toBe(true);
    expect(await registry.register(sha256Hex(doc('Z')), doc('Z'))).toBe(false);
    expect(await registry.lookup(sha256Hex(doc('Z')))).toBeNull();
    advance(1_001);
    expect(await registry.lookup(sha256Hex(doc('X')))).toBeNull();
  });
});
