/** The wallet nonce ledger on a store: one claim per account, kind and nonce until released. */
import { describe, expect, it } from 'vitest';
import { NonceLedger, nonceKey } from '../../../src/idempotency/nonces.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';

describe('NonceLedger', () => {
  it('claims a nonce once per account and kind, again after a release or the TTL', async () => {
    let now = 0;
    const ledger = new NonceLedger(createMemoryStore({ now: () => now }), 1_000);
    expect(await ledger.claim('0xa', 'withdraw', 7)).toBe(true);
    expect(await ledger.claim('0xa', 'withdraw', 7)).toBe(false);
    expect(await ledger.claim('0xa', 'settle', 7)).toBe(true);
    expect(await ledger.claim('0xb', 'withdraw', 7)).toBe(true);
    await ledger.release('0xa', 'withdraw', 7);
    expect(await ledger.claim('0xa', 'withdraw', 7)).toBe(true);
    now = 1_001;
    expect(await ledger.claim('0xa', 'withdraw', 7)).toBe(true);
  });

  it("keeps keys under the account's hash tag, without the account id in clear", () => {
    const key = nonceKey('0xabc', 'withdraw', 3);
    expect(key).toMatch(/^\{a:[0-9a-f]{16}\}:nonce:withdraw:3$/);
    expect(key).not.toContain('0xabc');
  });
});
