/**
 * The order signature, placed where the catalog says (`Operation.signature`), and the
 * never-twice rule of placements (`idempotency: 'order'`).
 *
 *   body   the body's non-null fields are signed; the body is sent with `signature` added
 *          (placements first get their client_order_id, see below; edits are signed as given);
 *   items  each item of `body.orders` is signed over its own fields (batch placement);
 *   query  the query parameters are signed; the query is sent as the normalized string with
 *          `signature=…` appended, so the ed25519 request signature covers it as well.
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
import { randomUUID } from 'node:crypto';
import { normalizeOrderParams, type OrderSigner } from '../auth/order-signature.ts';
import type {
  BatchOrderRow,
  CreateOrderParams,
  OrderCreated,
  OrderRecord,
} from '../contract/wire.ts';
import type { CallArgs } from './catalog.ts';
import { CircuitOpenError } from './circuit.ts';
import { boundedWait, endsCall, type Sleep, stateUnknown } from './deadline.ts';
import { DUPLICATE_CODE, NOT_FOUND_CODE } from './error-map.ts';
import { MalformedResponseError, UnavailableError, UpstreamRejectedError } from './errors.ts';
import type { Call, Handler, Layer } from './pipeline.ts';
import { sleep as realSleep } from './pipeline.ts';
import { backoffMs, type RetryPolicy, wasSent } from './retry.ts';

const CLIENT_ORDER_ID = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,35}$/;
/** What a normalized query may hold to be sent as it is (no percent-encoding needed). */
const RAW_QUERY = /^[A-Za-z0-9_.,=&:-]*$/;

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
const withoutNulls = <T extends object>(value: T): T =>
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

/**
 * The query as sent for a query-signed operation: the normalized parameters, then
 * `signature=…` (after `&` unless there are none).
 */
export function signedQuery(signer: Pick<OrderSigner, 'signNormalized'>, query: object): string {
  const normalized = normalizeOrderParams(query as Record<string, unknown>);
  if (!RAW_QUERY.test(normalized)) {
    // Validated inputs never get here; percent-encoding would break the signed text.
    throw new RangeError('signed query: a value holds characters that need URL encoding');
  }
  const signature = `signature=${signer.signNormalized(normalized)}`;
  return normalized ? `${normalized}&${signature}` : signature;
}

export interface OrdersLayerOptions {
  policy: RetryPolicy;
  /** Reads an order fresh (no cache) through the full pipeline. */
  readBack: (call: Call, clientOrderId: string) => Promise<OrderRecord>;
  sleep?: Sleep;
  random?: () => number;
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

function signerOf(call: Call): OrderSigner {
  const signer = call.account?.orderSigner;
  if (!signer) throw new TypeError(`${call.op.name}: the account has no trading secret`);
  return signer;
}

/** The call with new arguments and the trading key header. */
const signed = (call: Call, signer: OrderSigner, args: CallArgs): Call => ({
  ...call,
  args,
  tradingKey: signer.tradingKey,
});

export function withOrders(options: OrdersLayerOptions): Layer {
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;

  /** The order if it exists, null if the upstream says it does not; throws when unknown. */
  const lookUp = async (call: Call, id: string, cause: unknown): Promise<OrderRecord | null> => {
    try {
      return await options.readBack(call, id);
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
  };

  /** The backoff before a read-back, under the deadline. */
  const wait = (call: Call, ms: number, cause: unknown) =>
    boundedWait(call, ms, 'read-back', sleep, cause);

  /** A read-back cut short by the deadline or an abort: the orders' state is unknown. */
  const bounded = async <T>(call: Call, unknown: string, readBack: () => Promise<T>) => {
    try {
      return await readBack();
    } catch (error) {
      throw endsCall(error) ? stateUnknown(call.op.name, error, unknown, 'read-back') : error;
    }
  };

  const place = async (next: Handler, call: Call): Promise<unknown> => {
    const signer = signerOf(call);
    const params = orderParams((call.args.body ?? {}) as CreateOrderParams);
    // The body is `params` itself with its signature added last (it is this call's own copy).
    const body: OrderParams & { signature?: string } = params;
    body.signature = signer.sign(params);
    const placing = signed(call, signer, { ...call.args, body });
    const id = params.client_order_id;
    for (let resend = 0; ; resend++) {
      try {
        return await next(placing);
      } catch (error) {
        if (endsCall(error)) {
          if (!wasSent(error)) throw error;
          throw stateUnknown(call.op.name, error, `order state unknown (client_order_id ${id})`);
        }
        // A duplicate answer to a resend means an earlier send landed.
        const duplicate = resend > 0 && isDuplicate(error);
        if (!duplicate && !isAmbiguous(error)) throw error;
        const found = await bounded(
          call,
          `order state unknown (client_order_id ${id})`,
          async () => {
            if (!duplicate) await wait(call, backoffMs(resend + 1, options.policy, random), error);
            return lookUp(call, id, error);
          },
        );
        if (found) return createdFromRecord(found);
        if (duplicate || resend >= options.policy.max) throw error;
      }
    }
  };

  const placeBatch = async (next: Handler, call: Call): Promise<unknown> => {
    const signer = signerOf(call);
    const given = (call.args.body as { orders?: CreateOrderParams[] } | undefined)?.orders ?? [];
    const items = given.map(orderParams);
    const orders = items.map((item) => ({ ...item, signature: signer.sign(item) }));
    const unknown = `batch state unknown (client_order_ids ${items.map((i) => i.client_order_id).join(', ')})`;
    try {
      return await next(signed(call, signer, { ...call.args, body: { orders } }));
    } catch (error) {
      if (endsCall(error))
        throw wasSent(error) ? stateUnknown(call.op.name, error, unknown) : error;
      if (!isAmbiguous(error)) throw error;
      const found = await bounded(call, unknown, async () => {
        await wait(call, backoffMs(1, options.policy, random), error);
        return Promise.all(items.map((item) => lookUp(call, item.client_order_id, error)));
      });
      if (found.every((record) => record === null)) throw error;
      const rows: BatchOrderRow[] = items.map((item, i) => {
        const record = found[i];
        return record
          ? { success: true, ...createdFromRecord(record), order_amount: record.amount }
          : {
              success: false,
              order_id: null,
              client_order_id: item.client_order_id,
              order_type: item.order_type,
              order_price: item.order_price ?? null,
              order_quantity: item.order_quantity ?? null,
              order_amount: item.order_amount ?? null,
              error_message: 'not placed (the batch answered ambiguously; no such order)',
            };
      });
      return { rows };
    }
  };

  /** Body signed as given (edits): nulls dropped, `signature` added. */
  const signBody = (call: Call): Call => {
    const signer = signerOf(call);
    const body = withoutNulls((call.args.body ?? {}) as Record<string, unknown>);
    return signed(call, signer, { ...call.args, body: { ...body, signature: signer.sign(body) } });
  };

  const signQuery = (call: Call): Call => {
    const signer = signerOf(call);
    const { query, ...rest } = call.args;
    return signed(call, signer, { ...rest, rawQuery: signedQuery(signer, query ?? {}) });
  };

  const signing = async (next: Handler, call: Call): Promise<unknown> => {
    switch (call.op.signature) {
      case 'body':
        return call.op.idempotency === 'order' ? place(next, call) : next(signBody(call));
      case 'items':
        return placeBatch(next, call);
      default:
        return next(signQuery(call));
    }
  };

  // Unsigned operations pass straight through (no async wrapper: no extra promise).
  return (next) => (call) => (call.op.signature === 'none' ? next(call) : signing(next, call));
}
