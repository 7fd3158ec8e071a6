/**
 * placeAlgoOrder exactly once per (account, client_order_id) given by the caller, like
 * placeOrder (client-id.ts holds every case): the same clientOrderId and fields again answer
 * the first algo order with `replayed: true`, other fields IDEMPOTENCY_MISMATCH, nothing sent.
 * Algo orders have their own client_order_id space upstream, and their own records here.
 * `send` is the caller's: the checks that depend on the account's state (a TP/SL's slots) run
 * inside it, so a replay is answered before they would refuse the slot the first call took.
 */
import type {
  AlgoOrderCreated,
  AlgoOrderRow,
  AlgoType,
  CreateAlgoOrderParams,
} from '../contract/wire-algo.ts';
import { sameAlgoOrder } from './algo-match.ts';
import { ClientIdIdempotency, type ClientIdOptions, type ClientIdPlaced } from './client-id.ts';
import { bodyFingerprint } from './fingerprint.ts';

/** The account method a replay needs. */
export interface AlgoAccount {
  readonly accountId: string;
  algoOrderByClientOrderId(clientOrderId: string): Promise<AlgoOrderRow>;
}

export type AlgoPlaced = ClientIdPlaced<AlgoOrderCreated>;

/** POST /v1/algo/order's answer, from the row read back. */
const createdOf = (row: AlgoOrderRow): AlgoOrderCreated => ({
  order_id: row.algo_order_id,
  client_order_id: row.client_order_id,
  algo_type: row.algo_type as AlgoType,
  quantity: row.quantity,
});

export class AlgoIdempotency {
  readonly #guard: ClientIdIdempotency;

  constructor(options: ClientIdOptions) {
    this.#guard = new ClientIdIdempotency(options);
  }

  /** Places `params` (its client_order_id the caller's) once; `send` checks and sends. */
  place(
    account: AlgoAccount,
    params: CreateAlgoOrderParams & { client_order_id: string },
    send: (params: CreateAlgoOrderParams) => Promise<AlgoOrderCreated>,
  ): Promise<AlgoPlaced> {
    return this.#guard.place(
      {
        kind: 'algo',
        operation: 'createAlgoOrder',
        accountId: account.accountId,
        clientOrderId: params.client_order_id,
        fingerprint: bodyFingerprint(params),
        send,
        readBack: (clientOrderId) => account.algoOrderByClientOrderId(clientOrderId),
        same: sameAlgoOrder,
        answerOf: createdOf,
      },
      params,
    );
  }
}
