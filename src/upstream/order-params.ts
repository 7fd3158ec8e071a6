/**
 * Orders as sent: the client_order_id every placement carries, nulls dropped, and the creation
 * result rebuilt from an order read back. Signing them is signed-query.ts.
 */
import { randomUUID } from 'node:crypto';
import type { CreateOrderParams, OrderCreated, OrderRecord } from '../contract/wire.ts';

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

/** Order parameters as a plain record type (what the order signature normalizes). */
export type OrderParams = { [K in keyof CreateOrderParams]: CreateOrderParams[K] } & {
  client_order_id: string;
};

/** Drops null and undefined fields: the wire's "absent". */
export const withoutNulls = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;

/**
 * Order parameters as sent and signed: nulls dropped, a client_order_id always present (in
 * its place when given, else last). One fresh object, filled in one pass: every order pays it.
 */
export function orderParams(params: CreateOrderParams): OrderParams {
  const out: Record<string, unknown> = {};
  for (const key in params) {
    const value = params[key as keyof CreateOrderParams];
    if (value !== undefined && value !== null && Object.hasOwn(params, key)) out[key] = value;
  }
  const id = (out.client_order_id as string | undefined) ?? generateClientOrderId();
  assertClientOrderId(id);
  out.client_order_id = id;
  return out as OrderParams;
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
