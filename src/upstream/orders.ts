/**
 * Orders are never placed twice. Every order carries a client_order_id (the caller's, or a
 * generated UUID: 36 characters, never starting with a hyphen) and is signed once; the
 * same body is what any resend carries.
 *
 * After an ambiguous failure (timeout, connection lost after sending, 5xx, -1000/-1011, or an
 * answer that cannot be parsed: the order may have been placed all the same) the order is read
 * back by its client_order_id (fresh, uncached):
 *   - found      → the placement succeeded: its result is returned;
 *   - not found  → resent (same client_order_id) up to `retry.max` times, after a backoff;
 *   - unknown    → (read-back failed too) UnavailableError; nothing is resent blind.
 * A duplicate answer (-1007) to a resend means the first one landed: read back again.
 * A second line of defence is the upstream itself rejecting a reused client_order_id.
 */
import { randomUUID } from 'node:crypto';
import type { CallArgs } from './catalog.ts';
import { DUPLICATE_CODE, NOT_FOUND_CODE } from './error-map.ts';
import { MalformedResponseError, UnavailableError, UpstreamRejectedError } from './errors.ts';
import type { Call, Layer } from './pipeline.ts';
import { sleep as realSleep } from './pipeline.ts';
import { backoffMs, type RetryPolicy } from './retry.ts';
import type { CreateOrderParams, OrderCreated, OrderRecord } from './types.ts';

const CLIENT_ORDER_ID = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,35}$/;

/** A fresh client_order_id: a UUID, 36 characters, first one a hex digit. */
export const generateClientOrderId = (): string => randomUUID();

/** Throws RangeError unless `id` obeys the upstream's rule (≤ 36, no leading hyphen). */
export function assertClientOrderId(id: string): void {
  if (!CLIENT_ORDER_ID.test(id)) {
    throw new RangeError(
      'client_order_id: 1 to 36 letters, digits, "_" or "-", not starting with "-"',
    );
  }
}

/** Order parameters as sent and signed: nulls dropped, a client_order_id always present. */
/** Order parameters as a plain record type (what the order signature normalizes). */
export type OrderParams = { [K in keyof CreateOrderParams]: CreateOrderParams[K] } & {
  client_order_id: string;
};

export function orderParams(params: CreateOrderParams): OrderParams {
  const clean = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null),
  ) as CreateOrderParams;
  const id = clean.client_order_id ?? generateClientOrderId();
  assertClientOrderId(id);
  return { ...clean, client_order_id: id };
}

/** The creation result reconstructed from the order read back after an ambiguous failure. */
export function createdFromRecord(record: OrderRecord): OrderCreated {
  return {
    order_id: record.order_id,
    client_order_id: String(record.client_order_id),
    order_type: record.type,
    order_price: record.price,
    order_quantity: record.quantity,
    error_message: 'none',
  };
}

export interface OrdersLayerOptions {
  policy: RetryPolicy;
  /** Reads an order fresh (no cache) through the full pipeline. */
  readBack: (call: Call, clientOrderId: string) => Promise<OrderRecord>;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const isNotFound = (error: unknown) =>
  error instanceof UpstreamRejectedError &&
  (error.upstreamCode === NOT_FOUND_CODE || error.httpStatus === 404);
const isAmbiguous = (error: unknown) =>
  error instanceof UnavailableError || error instanceof MalformedResponseError;
const isDuplicate = (error: unknown) =>
  error instanceof UpstreamRejectedError &&
  (error.upstreamCode === DUPLICATE_CODE || error.httpStatus === 409);

export function withOrders(options: OrdersLayerOptions): Layer {
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;

  /** The order if it exists, null if the upstream says it does not; throws when unknown. */
  const lookUp = async (call: Call, id: string, cause: unknown): Promise<OrderRecord | null> => {
    try {
      return await options.readBack(call, id);
    } catch (error) {
      if (isNotFound(error)) return null;
      const reason = cause instanceof UnavailableError ? cause.reason : 'connection';
      throw new UnavailableError(
        call.op.name,
        reason,
        `order state unknown (client_order_id ${id}); not resent`,
        { cause },
      );
    }
  };

  return (next) => {
    const place = async (call: Call): Promise<unknown> => {
      const orderSigner = call.account?.orderSigner;
      if (!orderSigner) throw new TypeError(`${call.op.name}: the account has no trading secret`);
      const params = orderParams((call.args.body ?? {}) as CreateOrderParams);
      const body = { ...params, signature: orderSigner.sign(params) };
      const args: CallArgs = { ...call.args, body };
      const placing: Call = { ...call, args, tradingKey: orderSigner.tradingKey };

      for (let resend = 0; ; resend++) {
        try {
          return await next(placing);
        } catch (error) {
          // A duplicate answer to a resend means an earlier send landed.
          const duplicate = resend > 0 && isDuplicate(error);
          if (!duplicate && !isAmbiguous(error)) throw error;
          if (!duplicate) await sleep(backoffMs(resend + 1, options.policy, random));
          const found = await lookUp(call, params.client_order_id, error);
          if (found) return createdFromRecord(found);
          if (duplicate || resend >= options.policy.max) throw error;
        }
      }
    };
    // Every other operation passes straight through (no async wrapper: no extra promise).
    return (call) => (call.op.auth === 'trading' ? place(call) : next(call));
  };
}
