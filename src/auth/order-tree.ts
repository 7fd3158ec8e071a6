/**
 * The `tree` order signature (algo orders, contract/endpoint-types.ts): the root and,
 * recursively, every item of its `child_orders` is an order and carries its own `signature`
 * over its own non-null fields but `child_orders` (the request signature covers the whole
 * body). docs/algo-orders.md says why.
 */
import type { OrderSigner } from './order-signature.ts';

type Node = Record<string, unknown>;

/** A copy of `node` with every object of its tree signed; nulls dropped, old signatures replaced. */
export function signTree(signer: Pick<OrderSigner, 'sign'>, node: object): Node {
  const own: Node = {};
  let children: unknown;
  for (const [key, value] of Object.entries(node)) {
    if (value === null || value === undefined || key === 'signature') continue;
    if (key === 'child_orders') children = value;
    else own[key] = value;
  }
  const signed: Node = { ...own, signature: signer.sign(own) };
  if (Array.isArray(children)) {
    signed.child_orders = children.map((child: object) => signTree(signer, child));
  }
  return signed;
}
