/**
 * placeOrder exactly once per (account, client_order_id): the order's side of the shared
 * guard (client-id.ts holds every case: replay, mismatch, waits, -1007 resolution, the store
 * down). An order is "the same" when its normalized order string is (fingerprint.ts) and,
 * read back, when the fields its record carries match (order-match.ts).
 * Without a clientOrderId there is no key: the upstream client generates one per call.
 */

import type { CreateOrderParams, OrderCreated, OrderRecord } from '../contract/wire.ts';
import { createdFromRecord } from '../upstream/order-params.ts';
import { ClientIdIdempotency, type ClientIdOptions, type ClientIdPlaced } from './client-id.ts';
import { orderFingerprint } from './fingerprint.ts';
import { sameOrder } from './order-match.ts';

export {
  type ClientIdOptions as OrderIdempotencyOptions,
  isAmbiguous,
  isDuplicate,
} from './client-id.ts';

/** The account methods a placement needs. */
export interface OrderAccount {
  readonly accountId: string;
  createOrder(params: CreateOrderParams): Promise<OrderCreated>;
  orderByClientOrderId(clientOrderId: string): Promise<OrderRecord>;
}

export type Placed = ClientIdPlaced<OrderCreated>;

export class OrderIdempotency {
  readonly #guard: ClientIdIdempotency;

  constructor(options: ClientIdOptions) {
    this.#guard = new ClientIdIdempotency(options);
  }

  get leaseMs(): number {
    return this.#guard.leaseMs;
  }

  /** Places `params` once per (account, client_order_id); see client-id.ts for every case. */
  place(account: OrderAccount, params: CreateOrderParams): Promise<Placed> {
    const id = params.client_order_id;
    if (!id) return account.createOrder(params).then((created) => ({ created, replayed: false }));
    return this.#guard.place(
      {
        kind: 'order',
        operation: 'createOrder',
        accountId: account.accountId,
        clientOrderId: String(id),
        fingerprint: orderFingerprint(params),
        send: (p) => account.createOrder(p),
        readBack: (clientOrderId) => account.orderByClientOrderId(clientOrderId),
        same: sameOrder,
        answerOf: createdFromRecord,
      },
      params,
    );
  }
}
