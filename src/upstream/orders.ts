/**
 * The order signature, placed where the catalog says (`Operation.signature`), and the
 * never-twice rule of placements (`idempotency: 'order'`).
 *
 *   body   the body's non-null fields are signed; the body is sent with `signature` added
 *          (placements first get their client_order_id, see below; edits are signed as given);
 *   items  each item of `body.orders` is signed over its own fields (batch placement);
 *   query  the query parameters are signed; the query is sent as the normalized string with
 *          `signature=…` appended, so the ed25519 request signature covers it as well;
 *   tree   every object of the body's tree (algo orders: root, legs) signed over its own
 *          fields but `child_orders` (auth/order-tree.ts), sent once like an edit.
 *
 * Placements are never placed twice. Every order carries a client_order_id (the caller's, or
 * a generated UUID: 36 characters, never starting with a hyphen) and is signed once; the same
 * body is what any resend carries. After an ambiguous failure (timeout, connection lost after
 * sending, 5xx, -1000/-1011, or an answer that cannot be parsed: the order may have been
 * placed all the same) the order is read back by its client_order_id (fresh, uncached):
 *   - found      → the placement succeeded: its result is returned;
 *   - not found  → resent (same client_order_id) up to `retry.max` times, after a backoff;
 *   - unknown    → (read-back failed too) UnavailableError; nothing is resent blind.
 * A duplicate answer (-1007) to a resend means the first one landed: read back again.
 *
 * A batch is never resent: after an ambiguous failure each item is read back. Items found
 * were placed; when some were, the upstream processed the request, so the missing ones
 * failed there (their rows say so). When none was found, the original failure stands
 * (the caller may send again: nothing was placed); when any is unknown, UnavailableError.
 *
 * Every other signed operation (cancels, edits) goes out once; `retry.ts` re-sends it only
 * when it provably never left.
 *
 * Under the operation's deadline (deadline.ts): a placement whose send hit the deadline (or
 * whose caller went away) after it may have left is neither resent nor read back; it fails
 * as UPSTREAM_UNAVAILABLE "deadline … hit at attempt n; order state unknown (client_order_id
 * …); not resent". The same holds when the deadline leaves no time for the backoff or the
 * read-back ("hit at read-back"). The caller learns the outcome by reading the order by its
 * client_order_id. A placement that never left (deadline hit in the budget wait) fails as
 * it is: nothing was placed.
 */

import { signTree } from '../auth/order-tree.ts';
import type { OrderRecord } from '../contract/wire.ts';
import { withoutNulls } from './order-params.ts';
import { type Placement, placeBatch, placeOrder } from './order-placement.ts';
import type { Call, Handler, Layer } from './pipeline.ts';
import { sleep as realSleep } from './pipeline.ts';
import type { RetryPolicy } from './retry-policy.ts';
import { signed, signedQuery, signerOf } from './signed-query.ts';

export interface OrdersLayerOptions {
  policy: RetryPolicy;
  /** Reads an order fresh (no cache) through the full pipeline. */
  readBack: (call: Call, clientOrderId: string) => Promise<OrderRecord>;
  sleep?: Placement['sleep'];
  random?: () => number;
}

/** Body signed as given (edits): nulls dropped, `signature` added. */
function signBody(call: Call): Call {
  const signer = signerOf(call);
  const body = withoutNulls((call.args.body ?? {}) as Record<string, unknown>);
  return signed(call, signer, { ...call.args, body: { ...body, signature: signer.sign(body) } });
}

/** Every object of the body's tree signed (algo orders). */
function signBodyTree(call: Call): Call {
  const signer = signerOf(call);
  return signed(call, signer, { ...call.args, body: signTree(signer, call.args.body ?? {}) });
}

function signQuery(call: Call): Call {
  const signer = signerOf(call);
  const { query, ...rest } = call.args;
  return signed(call, signer, { ...rest, rawQuery: signedQuery(signer, query ?? {}) });
}

export function withOrders(options: OrdersLayerOptions): Layer {
  const placement: Placement = {
    policy: options.policy,
    readBack: options.readBack,
    sleep: options.sleep ?? realSleep,
    random: options.random ?? Math.random,
  };
  const signing = async (next: Handler, call: Call): Promise<unknown> => {
    switch (call.op.signature) {
      case 'body':
        return call.op.idempotency === 'order'
          ? placeOrder(placement, next, call)
          : next(signBody(call));
      case 'items':
        return placeBatch(placement, next, call);
      case 'tree':
        return next(signBodyTree(call));
      default:
        return next(signQuery(call));
    }
  };
  // Unsigned operations pass straight through (no async wrapper: no extra promise).
  return (next) => (call) => (call.op.signature === 'none' ? next(call) : signing(next, call));
}
