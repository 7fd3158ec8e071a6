/**
 * The sandbox's order-signature check (its own normalizer, noble's recovery through the engine
 * interface) answers exactly like the gateway's `verifyOrderSignature`: on valid signatures, a
 * key's first use and later ones, and on every tampering — wrong v, r, s, high s, another key,
 * other parameters, malformed text.
 */
import { describe, expect, it } from 'vitest';
import { secp } from '../../../src/auth/engines/noble.ts';
import { parseTradingSecret, tradingKeyOf } from '../../../src/auth/keys.ts';
import { OrderSigner, verifyOrderSignature } from '../../../src/auth/order-signature.ts';
import { verifyOrderByRecovery } from '../../../src/sandbox/order-verify.ts';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const hex64 = (n: bigint) => n.toString(16).padStart(64, '0');

function randomSigner(): OrderSigner {
  const secret = Buffer.from(secp.utils.randomSecretKey()).toString('hex');
  return new OrderSigner(secret);
}

const params = (i: number) => ({
  symbol: 'PERP_ETH_USDC',
  order_type: 'LIMIT',
  side: i % 2 ? 'BUY' : 'SELL',
  order_price: 1000 + i,
  order_quantity: 0.1,
  client_order_id: `v-${i}`,
});

function variants(signature: string): string[] {
  const r = BigInt(`0x${signature.slice(0, 64)}`);
  const s = BigInt(`0x${signature.slice(64, 128)}`);
  const v = Number.parseInt(signature.slice(128), 16);
  const withV = (x: number) => signature.slice(0, 128) + x.toString(16).padStart(2, '0');
  const rs = (rr: bigint, ss: bigint) => hex64(rr) + hex64(ss) + signature.slice(128);
  return [
    signature,
    `0x${signature}`,
    signature.toUpperCase(),
    withV(v + 27),
    withV(v ^ 1),
    withV((v ^ 1) + 27),
    withV(v | 2),
    withV(v + 4),
    withV(31),
    rs(r + 1n, s),
    rs(r - 1n, s),
    rs(r, s + 1n),
    rs(r, s - 1n),
    rs(r, N - s), // high s
    rs(0n, s),
    rs(r, 0n),
    rs(N, s),
    rs(r + N, s),
    signature.slice(0, 128),
    `${signature}0`,
    'zz'.repeat(65),
  ];
}

describe('verifyOrderByRecovery', () => {
  it('agrees with public-key recovery on valid and tampered signatures, key cached or not', () => {
    const signers = [randomSigner(), randomSigner(), randomSigner()];
    for (let round = 0; round < 3; round++) {
      // Round 0 parses each key; later rounds find it parsed.
      for (const [i, signer] of signers.entries()) {
        const order = params(round * 10 + i);
        const signature = signer.sign(order);
        expect(verifyOrderByRecovery(signer.tradingKey, order, signature)).toBe(true);
        const other = signers[(i + 1) % signers.length]!;
        for (const candidate of variants(signature)) {
          for (const key of [signer.tradingKey, other.tradingKey]) {
            for (const p of [order, { ...order, order_price: order.order_price + 1 }]) {
              expect(verifyOrderByRecovery(key, p, candidate), `${key} ${candidate}`).toBe(
                verifyOrderSignature(key, p, candidate),
              );
            }
          }
        }
      }
    }
  }, 60_000);

  it('rejects a wrong v, wrong r/s and the wrong key', () => {
    const signer = randomSigner();
    const other = randomSigner();
    const order = params(1);
    const signature = signer.sign(order);
    for (let k = 0; k < 3; k++)
      expect(verifyOrderByRecovery(signer.tradingKey, order, signature)).toBe(true);
    const v = Number.parseInt(signature.slice(128), 16);
    expect(
      verifyOrderByRecovery(signer.tradingKey, order, `${signature.slice(0, 128)}0${v ^ 1}`),
    ).toBe(false);
    const r = BigInt(`0x${signature.slice(0, 64)}`);
    expect(
      verifyOrderByRecovery(signer.tradingKey, order, hex64(r ^ 1n) + signature.slice(64)),
    ).toBe(false);
    const s = BigInt(`0x${signature.slice(64, 128)}`);
    expect(
      verifyOrderByRecovery(
        signer.tradingKey,
        order,
        signature.slice(0, 64) + hex64(s ^ 1n) + signature.slice(128),
      ),
    ).toBe(false);
    expect(verifyOrderByRecovery(other.tradingKey, order, signature)).toBe(false);
    expect(verifyOrderByRecovery('00'.repeat(64), order, signature)).toBe(false);
  });

  it('accepts the published vector', () => {
    const secret = parseTradingSecret(
      'ae88e5d3b3b37d2bdb7254e798fc3756a3e5a726df086089ef6e7835f08be794',
    );
    const order = {
      order_price: 15.23,
      order_quantity: 23.11,
      order_type: 'LIMIT',
      side: 'BUY',
      symbol: 'SPOT_NEAR_USDC',
    };
    const signature =
      'fc3c41d988dd03a65a99354a7b1d311a43de6b7a7867bdbdaf228bb74a121f8e' +
      '47bb15ff7f69eb19c96da222f651da53b5ab30fb7caf69a76f01ad9af06c1544' +
      '00';
    for (let k = 0; k < 3; k++)
      expect(verifyOrderByRecovery(tradingKeyOf(secret), order, signature)).toBe(true);
  });
});
