/**
 * Record keys, under the account's hash tag (one Redis Cluster slot per account, like the
 * cache and the limiter; see `../upstream/keys.ts`):
 *
 *   {a:…}:idem:order:<client_order_id>          placeOrder / placeOrders items
 *   {a:…}:idem:algo:<client_order_id>           placeAlgoOrder (its own client_order_id space)
 *   {a:…}:idem:key:<principal>:<sha256(key)>    Idempotency-Key of any other mutation
 */
import { hashTag } from '../upstream/keys.ts';
import { keyDigest } from './fingerprint.ts';

/** `Idempotency-Key` (the IETF draft's header) and its twin in GraphQL params' extensions. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_EXTENSION = 'idempotencyKey';
/** Printable ASCII without spaces, 1 to 255 characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const clientIdRecordKey = (
  kind: 'order' | 'algo',
  accountId: string,
  clientOrderId: string,
): string => `${hashTag({ kind: 'account', accountId })}:idem:${kind}:${clientOrderId}`;

export const orderRecordKey = (accountId: string, clientOrderId: string): string =>
  clientIdRecordKey('order', accountId, clientOrderId);

export const mutationRecordKey = (accountId: string, principal: string, key: string): string =>
  `${hashTag({ kind: 'account', accountId })}:idem:key:${keyDigest(principal)}:${keyDigest(key)}`;
