/**
 * Query-signed calls: the signed query text, the account's order signer, and the call carrying
 * the trading key header.
 */
import { normalizeOrderParams, type OrderSigner } from '../auth/order-signature.ts';
import type { CallArgs } from './catalog.ts';
import type { Call } from './pipeline.ts';

/** What a normalized query may hold to be sent as it is (no percent-encoding needed). */
const RAW_QUERY = /^[A-Za-z0-9_.,=&:-]*$/;

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

export function signerOf(call: Call): OrderSigner {
  const signer = call.account?.orderSigner;
  if (!signer) throw new TypeError(`${call.op.name}: the account has no trading secret`);
  return signer;
}

/** The call with new arguments and the trading key header. */
export const signed = (call: Call, signer: OrderSigner, args: CallArgs): Call => ({
  ...call,
  args,
  tradingKey: signer.tradingKey,
});
