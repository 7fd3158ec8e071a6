/**
 * The account's working algo orders (roots with their legs), read once per request through
 * the `algoOrders` loader: Position.tpsl of every position and the slot check of a new TP/SL
 * share that one read. GET /v1/algo/orders with `status=INCOMPLETE`, at most
 * ACTIVE_PAGES pages of ORDER_PAGE_SIZE_MAX rows (far above the slots a screen can hold).
 */
import { ORDER_PAGE_SIZE_MAX } from '../contract/constants.ts';
import {
  ACTIVE_ALGO_STATUSES,
  type AlgoOrderModel,
  algoOrderFromRest,
} from '../models/algo-order.ts';
import { type GatewayContext, requireAccount } from '../schema/types.ts';
import type { AccountApi } from '../upstream/api.ts';

export const ACTIVE_PAGES = 4;

/** Roots still waiting for their trigger or working, newest page first as listed. */
export async function readActiveAlgoOrders(account: AccountApi): Promise<AlgoOrderModel[]> {
  const roots: AlgoOrderModel[] = [];
  for (let page = 1; page <= ACTIVE_PAGES; page++) {
    const { meta, rows } = await account.listAlgoOrders({
      status: 'INCOMPLETE',
      page,
      size: ORDER_PAGE_SIZE_MAX,
    });
    for (const row of rows) roots.push(algoOrderFromRest(row));
    if (rows.length < ORDER_PAGE_SIZE_MAX || page * ORDER_PAGE_SIZE_MAX >= meta.total) break;
  }
  return roots;
}

/** The caller's working algo orders (one read per request, whoever asks). */
export function activeAlgoOrders(ctx: GatewayContext): Promise<AlgoOrderModel[]> {
  return ctx.loaders.algoOrders.load(requireAccount(ctx).accountId);
}

/** Waiting for its trigger: active, switched on, not triggered. */
export const isWaiting = (order: AlgoOrderModel): boolean =>
  ACTIVE_ALGO_STATUSES.includes(order.status) && order.isActivated && !order.isTriggered;
