/**
 * The sandbox's verifier against the Python-generated corpus: its own normalizer reproduces
 * every row, it accepts every row's signature, and it refuses each one tampered with.
 */
import { describe, expect, it } from 'vitest';
import { normalizeForSignature } from '../../../src/sandbox/normalize.ts';
import { verifyOrderByRecovery } from '../../../src/sandbox/order-verify.ts';
import { pythonG10 } from '../../../src/sandbox/python-g10.ts';
import { corpus } from '../../fixtures/signing-corpus.ts';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const keyOf = (key: number) => corpus.keys[key]?.tradingKey as string;

/** Another valid-looking signature: r + 1 (same s, v). */
function otherR(signature: string): string {
  const r = (BigInt(`0x${signature.slice(0, 64)}`) + 1n) % N;
  return r.toString(16).padStart(64, '0') + signature.slice(64);
}

describe('sandbox verifier and the signing corpus (Python-generated)', () => {
  it('normalizes every row exactly like Python', () => {
    const wrong = corpus.rows
      .filter((row) => normalizeForSignature(row.params) !== row.normalized)
      .map((row) => ({ expected: row.normalized, got: normalizeForSignature(row.params) }));
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(pythonG10(-0)).toBe('-0');
  }, 120_000);

  it("accepts every row's signature", () => {
    const refused = corpus.rows.filter(
      (row) => !verifyOrderByRecovery(keyOf(row.key), row.params, row.signature),
    );
    expect(refused.map((row) => row.normalized).slice(0, 5)).toEqual([]);
  }, 120_000);

  it('refuses every row with its signature, its parameters or its key changed', () => {
    const accepted: string[] = [];
    corpus.rows.forEach((row, i) => {
      const tampered =
        i % 3 === 0
          ? verifyOrderByRecovery(keyOf(row.key), row.params, otherR(row.signature))
          : i % 3 === 1
            ? verifyOrderByRecovery(keyOf(row.key), { ...row.params, tampered: 1 }, row.signature)
            : verifyOrderByRecovery(
                keyOf((row.key + 1) % corpus.keys.length),
                row.params,
                row.signature,
              );
      if (tampered) accepted.push(row.normalized);
    });
    expect(accepted.slice(0, 5)).toEqual([]);
  }, 120_000);
});
