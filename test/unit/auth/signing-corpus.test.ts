/**
 * The gateway's normalizer and signer against the corpus Python computed on its own
 * ('%.10g', sorted, keccak256, RFC 6979 secp256k1): every row, byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { formatG10, normalizeOrderParams, OrderSigner } from '../../../src/auth/order-signature.ts';
import { corpus } from '../../fixtures/signing-corpus.ts';

const signers = corpus.keys.map((k) => new OrderSigner(k.tradingSecret));

describe('signing corpus (Python-generated)', () => {
  it('covers every shape with a few thousand rows', () => {
    expect(corpus.rows.length).toBeGreaterThan(3_000);
    const kinds = new Set(corpus.rows.map((r) => r.kind));
    expect([...kinds].sort()).toEqual(
      ['batch', 'cancel', 'edge', 'edit', 'keys', 'order', 'random', 'tie'].sort(),
    );
    expect(signers.map((s) => s.tradingKey)).toEqual(corpus.keys.map((k) => k.tradingKey));
  }, 120_000);

  it('normalizes every row exactly like Python', () => {
    const wrong = corpus.rows
      .filter((row) => normalizeOrderParams(row.params) !== row.normalized)
      .map((row) => ({ expected: row.normalized, got: normalizeOrderParams(row.params) }));
    expect(wrong.slice(0, 5)).toEqual([]);
  }, 120_000);

  it('formats every number of the tie and edge rows like Python', () => {
    const wrong: string[] = [];
    for (const row of corpus.rows.filter((r) => r.kind === 'tie' || r.kind === 'edge')) {
      const price = row.params.order_price as number;
      const expected = /(?:^|&)order_price=([^&]*)/.exec(row.normalized)?.[1];
      if (formatG10(price) !== expected) wrong.push(`${price}: ${formatG10(price)} ≠ ${expected}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  }, 120_000);

  it('signs every row to the same r, s and v', () => {
    const wrong = corpus.rows
      .filter((row) => signers[row.key]?.sign(row.params) !== row.signature)
      .map((row) => row.normalized);
    expect(wrong.slice(0, 5)).toEqual([]);
  }, 120_000);
});
