/**
 * Explicit field mapping onto the live models: stream payloads (camelCase, facts section
 * "WebSocket streams") and REST rows (snake_case). A payload missing a required field is
 * dropped (undefined), never half-delivered.
 */

import { WALLET_SIDES, WALLET_STATUSES } from '../../contract/constants.ts';
import {
  MARGIN_MODES,
  type MarginMode,
  ORDER_STATUSES,
  ORDER_TYPES,
  type OrderRecord,
  type OrderStatus,
  type OrderType,
  SIDES,
  type Side,
} from '../../contract/wire.ts';
import {
  type BalanceModel,
  freeBalance,
  type PositionModel,
  positionSide,
} from '../../models/portfolio.ts';
import { isObj, num, oneOf, orNull, str } from './map-values.ts';
import type { MaintenanceStatusModel, TickerModel } from './market-models.ts';
import type { AccountEventModel, LiquidatedPositionModel, OrderUpdateModel } from './models.ts';

/** `executionreport` → an order update; `tradeId` non-zero makes it a fill. */
export function orderUpdateFromStream(data: unknown): OrderUpdateModel | undefined {
  if (!isObj(data)) return undefined;
  const orderId = num(data.orderId);
  const symbol = str(data.symbol);
  const side = oneOf<Side>(SIDES, data.side);
  const type = oneOf<OrderType>(ORDER_TYPES, data.type);
  const status = oneOf<OrderStatus>(ORDER_STATUSES, data.status);
  if (orderId === undefined || !symbol || !side || !type || !status) return undefined;
  const tradeId = str(data.tradeId);
  const isFill = tradeId !== undefined && tradeId !== '0' && tradeId !== '';
  const price = num(data.price);
  const quantity = num(data.quantity);
  const avgPrice = num(data.avgPrice);
  const reason = str(data.reason);
  return {
    orderId,
    clientOrderId: str(data.clientOrderId) || null,
    symbol,
    side,
    type,
    status,
    price: price ? price : null,
    quantity: quantity ? quantity : null,
    executedQuantity: num(data.totalExecutedQuantity) ?? 0,
    avgPrice: avgPrice ? avgPrice : null,
    reason: reason ? reason : null,
    timestamp: num(data.timestamp) ?? 0,
    marginMode: orNull(oneOf<MarginMode>(MARGIN_MODES, data.marginMode)),
    reduceOnly: typeof data.reduceOnly === 'boolean' ? data.reduceOnly : null,
    fill: isFill
      ? {
          price: num(data.executedPrice) ?? 0,
          quantity: num(data.executedQuantity) ?? 0,
          fee: num(data.fee) ?? 0,
          feeAsset: str(data.feeAsset) ?? '',
          tradeId,
          isMaker: null,
          realizedPnl: null,
        }
      : null,
    source: 'stream',
  };
}

/** A REST order record (after a resync) as an order update, without a fill. */
export function orderUpdateFromRecord(record: OrderRecord): OrderUpdateModel {
  return {
    orderId: record.order_id,
    clientOrderId: record.client_order_id === '' ? null : String(record.client_order_id),
    symbol: record.symbol,
    side: record.side,
    type: record.type,
    status: record.status,
    price: record.price,
    quantity: record.quantity,
    executedQuantity: record.total_executed_quantity,
    avgPrice: record.average_executed_price,
    reason: null,
    timestamp: record.updated_time,
    marginMode: record.margin_mode ?? null,
    reduceOnly: record.reduce_only,
    fill: null,
    source: 'resync',
  };
}

/** `position` → the changed rows. */
export function positionsFromStream(data: unknown): PositionModel[] {
  const rows = isObj(data) && Array.isArray(data.positions) ? data.positions : [];
  return rows.flatMap((row): PositionModel[] => {
    if (!isObj(row)) return [];
    const symbol = str(row.symbol);
    const quantity = num(row.positionQty);
    if (!symbol || quantity === undefined) return [];
    return [
      {
        symbol,
        marginMode: oneOf<MarginMode>(MARGIN_MODES, row.marginMode) ?? 'CROSS',
        quantity,
        side: positionSide(quantity),
        costPosition: num(row.costPosition) ?? 0,
        averageOpenPrice: num(row.averageOpenPrice) ?? 0,
        markPrice: num(row.markPrice) ?? 0,
        estLiquidationPrice: orNull(num(row.estLiqPrice)),
        unsettledPnl: num(row.unsettledPnl) ?? 0,
        pnl24h: num(row.pnl24H) ?? 0,
        fee24h: num(row.fee24H) ?? 0,
        // Not in every push (the facts list the core fields); 0 when absent.
        pendingLongQuantity: num(row.pendingLongQty) ?? 0,
        pendingShortQuantity: num(row.pendingShortQty) ?? 0,
        leverage: num(row.leverage) ?? 0,
        imr: num(row.imr) ?? 0,
        mmr: num(row.mmr) ?? 0,
        updatedAt: num(row.timestamp) ?? 0,
      },
    ];
  });
}

/** `balance` → one row per token. */
export function balancesFromStream(data: unknown, ts: number): BalanceModel[] {
  const map = isObj(data) && isObj(data.balances) ? data.balances : {};
  return Object.entries(map).flatMap(([token, row]): BalanceModel[] => {
    if (!isObj(row)) return [];
    const holding = num(row.holding);
    if (holding === undefined) return [];
    const frozen = num(row.frozen) ?? 0;
    return [
      {
        token,
        holding,
        frozen,
        free: freeBalance(holding, frozen),
        pendingShort: num(row.pendingShortQty) ?? 0,
        updatedAt: ts,
      },
    ];
  });
}

/** `liquidationsaccount` → one event per liquidation. */
export function liquidationsFromStream(data: unknown): AccountEventModel[] {
  const list = Array.isArray(data) ? data : isObj(data) ? [data] : [];
  return list.flatMap((item): AccountEventModel[] => {
    if (!isObj(item)) return [];
    const liquidationId = str(item.liquidationId);
    if (!liquidationId) return [];
    const perps = Array.isArray(item.positionsByPerp) ? item.positionsByPerp : [];
    return [
      {
        kind: 'liquidation',
        liquidationId,
        timestamp: num(item.timestamp) ?? 0,
        positions: perps.flatMap((p): LiquidatedPositionModel[] =>
          isObj(p) && str(p.symbol)
            ? [
                {
                  symbol: str(p.symbol)!,
                  positionQty: num(p.positionQty) ?? 0,
                  transferPrice: num(p.transferPrice) ?? 0,
                  liquidatorFee: num(p.liquidatorFee) ?? 0,
                  marginMode: orNull(oneOf<MarginMode>(MARGIN_MODES, p.marginMode)),
                },
              ]
            : [],
        ),
      },
    ];
  });
}

/** `wallet` (snake_case inside, as the facts show) → a withdrawal/deposit status event. */
export function walletFromStream(data: unknown): AccountEventModel | undefined {
  if (!isObj(data)) return undefined;
  const id = str(data.id);
  const side = oneOf(WALLET_SIDES, data.side);
  const status = oneOf(WALLET_STATUSES, data.trans_status);
  const amount = num(data.amount);
  if (!id || !side || !status || amount === undefined) return undefined;
  return {
    kind: 'wallet',
    id,
    side,
    token: str(data.token) ?? '',
    amount,
    fee: num(data.fee) ?? 0,
    status,
    createdTime: num(data.created_time) ?? 0,
    updatedTime: num(data.updated_time) ?? 0,
  };
}

export function tickerFromStream(data: unknown): TickerModel | undefined {
  if (!isObj(data)) return undefined;
  const symbol = str(data.symbol);
  const close = num(data.close);
  if (!symbol || close === undefined) return undefined;
  return {
    symbol,
    open: num(data.open) ?? close,
    close,
    high: num(data.high) ?? close,
    low: num(data.low) ?? close,
    volume: num(data.volume) ?? 0,
    amount: num(data.amount) ?? 0,
    count: num(data.count) ?? 0,
  };
}

export function tickersFromStream(data: unknown): TickerModel[] {
  return (Array.isArray(data) ? data : []).flatMap((t) => {
    const ticker = tickerFromStream(t);
    return ticker ? [ticker] : [];
  });
}

export function maintenanceFromStream(data: unknown): MaintenanceStatusModel | undefined {
  if (!isObj(data)) return undefined;
  const code = num(data.status);
  if (code === undefined) return undefined;
  return {
    code,
    underMaintenance: code !== 0,
    startTime: orNull(num(data.startTime)),
    endTime: orNull(num(data.endTime)),
  };
}
