/**
 * placeAlgoOrder, editAlgoOrder, cancelAlgoOrder and cancelAlgoOrders. Each body runs in
 * `mutation()`: an upstream failure becomes its union member. The upstream client drops the
 * account's cached algo orders, orders, positions and balances on each (contract rows); the
 * request's loaders are cleared here so a field read after the mutation asks again. A new
 * TP/SL on a position is refused when the position has no slot left, before it is sent. A
 * placement with the caller's clientOrderId is made once (src/idempotency/algo.ts): a repeat
 * answers the first algo order, `replayed: true`.
 */
import type { AlgoOrderCreated, AlgoType, CreateAlgoOrderParams } from '../contract/wire-algo.ts';
import { placeAlgoOnce } from '../idempotency/place.ts';
import { type AlgoOrderModel, algoOrderFromRest } from '../models/algo-order.ts';
import {
  type GatewayContext,
  mutation,
  orThrowCoded,
  requireAccount,
  UpstreamRejectedErrorMember,
} from '../schema/types.ts';
import { NOT_FOUND_CODE } from '../upstream/error-map.ts';
import { UpstreamRejectedError } from '../upstream/errors.ts';
import { activeAlgoOrders } from './algo-active.ts';
import {
  type EditAlgoOrderArgs,
  type PlaceAlgoOrderArgs,
  toCreateAlgoParams,
  toEditAlgoParams,
} from './algo-inputs.ts';
import { algoOutcomeFor } from './algo-outcome.ts';
import { type WaitArgs, type Waited, watching } from './order-wait.ts';
import { assertSlots, closedBy, positionTpSl } from './tpsl-slots.ts';

export type { PlaceAlgoOrderArgs } from './algo-inputs.ts';

export interface AlgoPlaced extends Partial<Waited<AlgoOrderModel>> {
  algoOrderId: number;
  clientOrderId: string | null;
  algoType: AlgoType;
  quantity: number;
  /** An earlier call's algo order with the same clientOrderId and fields. */
  replayed?: boolean;
}

export interface AlgoStatusModel {
  status: string;
  /** The algo order to read back when `algoOrder` is selected. */
  algoOrderId: number | null;
}

function clearAlgo(ctx: GatewayContext): void {
  ctx.loaders.algoOrders.clearAll();
}

/** One algo order read now (the root with its legs); NOT_FOUND when the upstream has none. */
export function readAlgoOrder(
  ctx: GatewayContext,
  id: number | null,
): Promise<AlgoOrderModel> | null {
  if (id === null) return null;
  return orThrowCoded(async () => algoOrderFromRest(await requireAccount(ctx).algoOrderById(id)));
}

/**
 * A TP/SL on a position (TP_SL, POSITIONAL_TP_SL) with a margin mode given: refused when its
 * position has no slot left. Without a margin mode (the symbol's default applies upstream)
 * the upstream's own check decides.
 */
async function checkSlots(ctx: GatewayContext, p: CreateAlgoOrderParams): Promise<void> {
  if ((p.algo_type !== 'TP_SL' && p.algo_type !== 'POSITIONAL_TP_SL') || !p.margin_mode) return;
  const legs = p.child_orders ?? [];
  const side = legs.find((leg) => leg.side)?.side;
  if (!side) return;
  const key = { symbol: p.symbol, marginMode: p.margin_mode, side: closedBy(side) };
  const tpsl = positionTpSl(await activeAlgoOrders(ctx), key);
  const has = (kind: string) => legs.some((leg) => leg.algo_type === kind);
  assertSlots(
    tpsl,
    {
      full: p.algo_type === 'POSITIONAL_TP_SL',
      takeProfit: has('TAKE_PROFIT'),
      stopLoss: has('STOP_LOSS'),
    },
    { full: 'input.algoType', takeProfit: 'input.childOrders', stopLoss: 'input.childOrders' },
  );
}

/** The answer's root id and what it says of the order. */
const placedOf = (created: AlgoOrderCreated, params: CreateAlgoOrderParams): AlgoPlaced => ({
  algoOrderId: created.order_id,
  clientOrderId: created.client_order_id ?? params.client_order_id ?? null,
  algoType: created.algo_type,
  quantity: created.quantity,
});

/** Sends a creation; the answer's root id and what it says of the order. */
export async function createAlgo(
  ctx: GatewayContext,
  params: CreateAlgoOrderParams,
): Promise<AlgoPlaced> {
  try {
    return placedOf(await requireAccount(ctx).createAlgoOrder(params), params);
  } finally {
    clearAlgo(ctx);
  }
}

export function placeAlgoOrder(
  ctx: GatewayContext,
  input: PlaceAlgoOrderArgs,
  wait: WaitArgs = {},
) {
  return mutation(async () => {
    const params = toCreateAlgoParams(input);
    // Watched from before the send when waiting (order-wait.ts): no change is missed. The
    // slots are checked inside the clientOrderId guard: a replay is answered before they are.
    return watching(ctx, wait, async (watch): Promise<AlgoPlaced> => {
      const { created, replayed } = await placeAlgoOnce(
        ctx,
        params,
        input.clientOrderId != null,
        async (p) => {
          await checkSlots(ctx, p);
          return requireAccount(ctx).createAlgoOrder(p);
        },
      ).finally(() => clearAlgo(ctx));
      const placed = { ...placedOf(created, params), replayed };
      return { ...placed, ...(await algoOutcomeFor(ctx, watch, wait, placed)) };
    });
  });
}

export function editAlgoOrder(ctx: GatewayContext, input: EditAlgoOrderArgs) {
  return mutation(async () => {
    try {
      const { status } = await requireAccount(ctx).editAlgoOrder(toEditAlgoParams(input));
      return { status, algoOrderId: input.algoOrderId } satisfies AlgoStatusModel;
    } catch (error) {
      throw noOpenAlgoOrder(error);
    } finally {
      clearAlgo(ctx);
    }
  });
}

/** -1006: the algo order is unknown or already final. Said plainly, still NOT_FOUND. */
function noOpenAlgoOrder(error: unknown): unknown {
  if (!(error instanceof UpstreamRejectedError) || error.upstreamCode !== NOT_FOUND_CODE) {
    return error;
  }
  return new UpstreamRejectedErrorMember(
    `No working algo order with that id: it does not exist or is already triggered or final. Upstream: ${error.upstreamMessage}`,
    'NOT_FOUND',
    error.upstreamCode,
    error.upstreamMessage,
  );
}

export function cancelAlgoOrder(
  ctx: GatewayContext,
  input: { symbol: string; algoOrderId: number },
) {
  return mutation(async () => {
    try {
      const { status } = await requireAccount(ctx).cancelAlgoOrder({
        order_id: input.algoOrderId,
        symbol: input.symbol,
      });
      return { status, algoOrderId: input.algoOrderId } satisfies AlgoStatusModel;
    } catch (error) {
      throw noOpenAlgoOrder(error);
    } finally {
      clearAlgo(ctx);
    }
  });
}

export function cancelAlgoOrders(
  ctx: GatewayContext,
  symbol: string | null | undefined,
  algoType: AlgoType | null | undefined,
) {
  return mutation(async () => {
    try {
      const query = { ...(symbol ? { symbol } : {}), ...(algoType ? { algo_type: algoType } : {}) };
      const { status } = await requireAccount(ctx).cancelAlgoOrders(query);
      return { status, symbol: symbol ?? null, algoType: algoType ?? null };
    } finally {
      clearAlgo(ctx);
    }
  });
}
