/**
 * Placements (`idempotency: 'order'`), never placed twice: one order resent after a read-back
 * says it is missing, a batch never resent but read back item by item (orders.ts says when).
 */

import type { BatchOrderRow, CreateOrderParams, OrderRecord } from '../contract/wire.ts';
import { CircuitOpenError } from './circuit.ts';
import { boundedWait, endsCall, type Sleep, stateUnknown } from './deadline.ts';
import { DUPLICATE_CODE, NOT_FOUND_CODE } from './error-map.ts';
import { MalformedResponseError, UnavailableError, UpstreamRejectedError } from './errors.ts';
import { createdFromRecord, type OrderParams, orderParams } from './order-params.ts';
import type { Call, Handler } from './pipeline.ts';
import { wasSent } from './retry.ts';
import { backoffMs, type RetryPolicy } from './retry-policy.ts';
import { signed, signerOf } from './signed-query.ts';

export interface Placement {
  policy: RetryPolicy;
  /** Reads an order fresh (no cache) through the full pipeline. */
  readBack: (call: Call, clientOrderId: string) => Promise<OrderRecord>;
  sleep: Sleep;
  random: () => number;
}

const isNotFound = (error: unknown) =>
  error instanceof UpstreamRejectedError &&
  (error.upstreamCode === NOT_FOUND_CODE || error.httpStatus === 404);
/** The answer may have been lost after the upstream acted (not a fail-fast: never sent). */
const isAmbiguous = (error: unknown) =>
  (error instanceof UnavailableError && !(error instanceof CircuitOpenError)) ||
  error instanceof MalformedResponseError;
const isDuplicate = (error: unknown) =>
  error instanceof UpstreamRejectedError &&
  (error.upstreamCode === DUPLICATE_CODE || error.httpStatus === 409);

/** The order if it exists, null if the upstream says it does not; throws when unknown. */
async function lookUp(
  p: Placement,
  call: Call,
  id: string,
  cause: unknown,
): Promise<OrderRecord | null> {
  try {
    return await p.readBack(call, id);
  } catch (error) {
    if (isNotFound(error)) return null;
    if (endsCall(error)) throw error;
    const reason = cause instanceof UnavailableError ? cause.reason : 'connection';
    throw new UnavailableError(
      call.op.name,
      reason,
      `order state unknown (client_order_id ${id}); not resent`,
      { cause },
    );
  }
}

/**
 * A read-back after a backoff of `ms` (undefined: none), cut short by the deadline or an
 * abort: then the orders' state is `unknown`.
 */
async function readBackAfter<T>(
  p: Placement,
  call: Call,
  ms: number | undefined,
  cause: unknown,
  unknown: string,
  readBack: () => Promise<T>,
): Promise<T> {
  try {
    if (ms !== undefined) await boundedWait(call, ms, 'read-back', p.sleep, cause);
    return await readBack();
  } catch (error) {
    throw endsCall(error) ? stateUnknown(call.op.name, error, unknown, 'read-back') : error;
  }
}

export async function placeOrder(p: Placement, next: Handler, call: Call): Promise<unknown> {
  const signer = signerOf(call);
  const params = orderParams((call.args.body ?? {}) as CreateOrderParams);
  // The body is `params` itself with its signature added last (it is this call's own copy).
  const body: OrderParams & { signature?: string } = params;
  body.signature = signer.sign(params);
  const placing = signed(call, signer, { ...call.args, body });
  const id = params.client_order_id;
  const unknown = `order state unknown (client_order_id ${id})`;
  for (let resend = 0; ; resend++) {
    try {
      return await next(placing);
    } catch (error) {
      if (endsCall(error)) {
        if (!wasSent(error)) throw error;
        throw stateUnknown(call.op.name, error, unknown);
      }
      // A duplicate answer to a resend means an earlier send landed.
      const duplicate = resend > 0 && isDuplicate(error);
      if (!duplicate && !isAmbiguous(error)) throw error;
      const backoff = duplicate ? undefined : backoffMs(resend + 1, p.policy, p.random);
      const found = await readBackAfter(p, call, backoff, error, unknown, () =>
        lookUp(p, call, id, error),
      );
      if (found) return createdFromRecord(found);
      if (duplicate || resend >= p.policy.max) throw error;
    }
  }
}

/** A batch item's row rebuilt from its read-back: placed, or not placed (no such order). */
function rowOf(item: OrderParams, record: OrderRecord | null): BatchOrderRow {
  if (record) return { success: true, ...createdFromRecord(record), order_amount: record.amount };
  return {
    success: false,
    order_id: null,
    client_order_id: item.client_order_id,
    order_type: item.order_type,
    order_price: item.order_price ?? null,
    order_quantity: item.order_quantity ?? null,
    order_amount: item.order_amount ?? null,
    error_message: 'not placed (the batch answered ambiguously; no such order)',
  };
}

export async function placeBatch(p: Placement, next: Handler, call: Call): Promise<unknown> {
  const signer = signerOf(call);
  const given = (call.args.body as { orders?: CreateOrderParams[] } | undefined)?.orders ?? [];
  const items = given.map(orderParams);
  const orders = items.map((item) => ({ ...item, signature: signer.sign(item) }));
  const unknown = `batch state unknown (client_order_ids ${items.map((i) => i.client_order_id).join(', ')})`;
  try {
    return await next(signed(call, signer, { ...call.args, body: { orders } }));
  } catch (error) {
    if (endsCall(error)) throw wasSent(error) ? stateUnknown(call.op.name, error, unknown) : error;
    if (!isAmbiguous(error)) throw error;
    const found = await readBackAfter(
      p,
      call,
      backoffMs(1, p.policy, p.random),
      error,
      unknown,
      () => Promise.all(items.map((item) => lookUp(p, call, item.client_order_id, error))),
    );
    if (found.every((record) => record === null)) throw error;
    return { rows: items.map((item, i) => rowOf(item, found[i] ?? null)) };
  }
}
