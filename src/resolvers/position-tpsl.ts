/**
 * `Position.tpsl` and `setPositionTpSl`: a position's take-profit / stop-loss. Without a
 * quantity it is the full-position one (POSITIONAL_TP_SL: closes whatever the position is when
 * it fires, follows the position and ends with it); with one, a partial one (TP_SL). Each leg
 * is given as a price, a PnL, an offset or a percent and sent as a trigger price
 * (tpsl-price.ts). Every local rule — the position exists, the quantity fits it, each trigger
 * lies on its side of the mark, a slot is left — is checked before anything is sent.
 */
import { decimalPlaces } from '../contract/decimal.ts';
import type { MarginMode } from '../contract/wire-orders.ts';
import type { PositionModel } from '../models/portfolio.ts';
import { positionFromRest } from '../models/portfolio.ts';
import type { TpSlKind } from '../risk/tpsl-price.ts';
import { type GatewayContext, inputRefusal, mutation, requireAccount } from '../schema/types.ts';
import { activeAlgoOrders } from './algo-active.ts';
import { toCreateAlgoParams } from './algo-inputs.ts';
import { createAlgo } from './algo-mutation.ts';
import { legTriggerPrice, type TpSlBase, type TpSlLegArgs } from './tpsl-price.ts';
import { assertSlots, closingSide, type PositionTpSlModel, positionTpSl } from './tpsl-slots.ts';

export type { PositionTpSlModel } from './tpsl-slots.ts';

export interface SetPositionTpSlArgs {
  symbol: string;
  quantity?: number | null;
  marginMode?: MarginMode | null;
  clientOrderId?: string | null;
  takeProfit?: TpSlLegArgs | null;
  stopLoss?: TpSlLegArgs | null;
}

export interface TpSlSet {
  algoOrderId: number;
  clientOrderId: string | null;
  takeProfitTriggerPrice: number | null;
  stopLossTriggerPrice: number | null;
}

/** `Position.tpsl`: the position's waiting TP/SLs (one algo-order read per request). */
export async function loadPositionTpSl(
  ctx: GatewayContext,
  position: PositionModel,
): Promise<PositionTpSlModel> {
  const side = position.side === 'FLAT' ? null : position.side;
  const key = { symbol: position.symbol, marginMode: position.marginMode, side };
  return positionTpSl(await activeAlgoOrders(ctx), key);
}

/** The open position the input names; refused when there is none, or two and no marginMode. */
function pickPosition(rows: PositionModel[], input: SetPositionTpSlArgs): PositionModel {
  const open = rows.filter(
    (p) =>
      p.symbol === input.symbol &&
      p.quantity !== 0 &&
      (!input.marginMode || p.marginMode === input.marginMode),
  );
  if (open.length === 0)
    throw inputRefusal('input.symbol', 'noPosition', `no open position in ${input.symbol}`);
  if (open.length > 1) {
    throw inputRefusal(
      'input.marginMode',
      'marginModeRequired',
      'positions in both modes: name one',
    );
  }
  const position = open[0]!;
  if (input.quantity != null && input.quantity > Math.abs(position.quantity)) {
    throw inputRefusal(
      'input.quantity',
      'notAbovePosition',
      `must not exceed the position (${Math.abs(position.quantity)})`,
    );
  }
  return position;
}

/** A leg's trigger: positive, and beyond the mark on its side (the SDK's rule). */
function triggerOf(leg: TpSlLegArgs, kind: TpSlKind, base: TpSlBase, mark: number): number {
  const field = kind === 'TP' ? 'input.takeProfit' : 'input.stopLoss';
  const price = legTriggerPrice(leg, kind, base);
  if (price === null || !(price > 0)) {
    throw inputRefusal(field, 'triggerPrice', 'gives no positive trigger price for this position');
  }
  const above = (base.side === 'BUY') === (kind === 'TP');
  if (above ? price <= mark : price >= mark) {
    const where = above ? 'above' : 'below';
    throw inputRefusal(
      field,
      'triggerSide',
      `trigger ${price} must be ${where} the mark price ${mark}`,
    );
  }
  return price;
}

/** The TP/SL as sent: the position's margin mode, legs on its closing side. */
function tpslBody(
  input: SetPositionTpSlArgs,
  position: PositionModel,
  tp: number | null,
  sl: number | null,
) {
  const full = input.quantity == null;
  const side = closingSide(position.side as 'LONG' | 'SHORT');
  const legs = [
    ...(tp === null ? [] : [{ algoType: 'TAKE_PROFIT' as const, side, triggerPrice: tp }]),
    ...(sl === null ? [] : [{ algoType: 'STOP_LOSS' as const, side, triggerPrice: sl }]),
  ];
  return toCreateAlgoParams({
    symbol: input.symbol,
    algoType: full ? 'POSITIONAL_TP_SL' : 'TP_SL',
    clientOrderId: input.clientOrderId ?? null,
    quantity: input.quantity ?? null,
    reduceOnly: full ? null : true,
    marginMode: position.marginMode,
    childOrders: legs,
  });
}

export function setPositionTpSl(ctx: GatewayContext, input: SetPositionTpSlArgs) {
  return mutation(async () => {
    const account = requireAccount(ctx);
    const [positions, info, roots] = await Promise.all([
      account.positions(),
      ctx.upstream.symbolInfo(input.symbol),
      activeAlgoOrders(ctx),
    ]);
    const position = pickPosition(positions.rows.map(positionFromRest), input);
    const full = input.quantity == null;
    const sign = position.quantity > 0 ? 1 : -1;
    const base: TpSlBase = {
      side: sign > 0 ? 'BUY' : 'SELL',
      quantity: full ? position.quantity : sign * (input.quantity as number),
      entryPrice: position.averageOpenPrice,
      quoteDp: decimalPlaces(info.quote_tick),
    };
    const mark = position.markPrice;
    const tp = input.takeProfit ? triggerOf(input.takeProfit, 'TP', base, mark) : null;
    const sl = input.stopLoss ? triggerOf(input.stopLoss, 'SL', base, mark) : null;
    const side = position.side as 'LONG' | 'SHORT';
    const key = { symbol: input.symbol, marginMode: position.marginMode, side };
    assertSlots(positionTpSl(roots, key), { full, takeProfit: tp !== null, stopLoss: sl !== null });
    const params = tpslBody(input, position, tp, sl);
    const placed = await createAlgo(ctx, params);
    return {
      algoOrderId: placed.algoOrderId,
      clientOrderId: placed.clientOrderId,
      takeProfitTriggerPrice: tp,
      stopLossTriggerPrice: sl,
    } satisfies TpSlSet;
  });
}
