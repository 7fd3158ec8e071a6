/**
 * The `tree` order signature of algo orders: every object of the body (root, legs, a
 * bracket's TP/SL child and its legs) signed over its own non-null fields but `child_orders`,
 * and each accepted by the sandbox's independent verifier.
 */
import { describe, expect, it } from 'vitest';
import { secp } from '../../../src/auth/engines/noble.ts';
import { normalizeOrderParams, OrderSigner } from '../../../src/auth/order-signature.ts';
import { signTree } from '../../../src/auth/order-tree.ts';
import { verifyOrderByRecovery } from '../../../src/sandbox/order-verify.ts';

const signer = new OrderSigner(Buffer.from(secp.utils.randomSecretKey()).toString('hex'));
const tp = {
  symbol: 'PERP_ETH_USDC',
  algo_type: 'TAKE_PROFIT',
  side: 'SELL',
  type: 'MARKET',
  trigger_price: 3300,
};
const sl = {
  symbol: 'PERP_ETH_USDC',
  algo_type: 'STOP_LOSS',
  side: 'SELL',
  type: 'MARKET',
  trigger_price: 2700,
};
const bracket = {
  symbol: 'PERP_ETH_USDC',
  algo_type: 'BRACKET',
  side: 'BUY',
  type: 'LIMIT',
  price: 2990,
  quantity: 1,
  client_order_id: null,
  child_orders: [{ symbol: 'PERP_ETH_USDC', algo_type: 'TP_SL', child_orders: [tp, sl] }],
};

type Node = Record<string, unknown> & { child_orders?: Node[]; signature?: string };

function* nodes(node: Node): Generator<Node> {
  yield node;
  for (const child of node.child_orders ?? []) yield* nodes(child);
}

describe('signTree', () => {
  it('signs every object of the tree over its own fields, nulls dropped, child_orders excluded', () => {
    const signed = signTree(signer, bracket) as Node;
    const all = [...nodes(signed)];
    expect(all).toHaveLength(4);
    expect(signed).not.toHaveProperty('client_order_id');
    for (const node of all) {
      const { signature, child_orders: _, ...own } = node;
      expect(signature).toBe(signer.sign(own));
      expect(normalizeOrderParams(own)).not.toContain('child_orders');
      expect(verifyOrderByRecovery(signer.tradingKey, own, signature as string)).toBe(true);
    }
    // A leg's signature does not cover another leg: each is its own order.
    const [, child, leg1, leg2] = all;
    expect(child!.signature).not.toBe(leg1!.signature);
    expect(verifyOrderByRecovery(signer.tradingKey, sl, leg1!.signature as string)).toBe(false);
    expect(leg2!.trigger_price).toBe(2700);
  });

  it('re-signs a body that already carries signatures, never nesting them', () => {
    const once = signTree(signer, { ...tp, signature: 'x'.repeat(130) });
    expect(once.signature).toBe(signer.sign(tp));
    expect(bracket).not.toHaveProperty('signature');
  });
});
