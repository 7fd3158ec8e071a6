/**
 * The algo-order inputs as the resolvers get them, and their wire bodies: camelCase →
 * snake_case, GraphQL's null → absent, a client_order_id always sent (the caller's, or a
 * generated UUID: the upstream refuses a repeat of it, -1007), triggers on the mark price,
 * TP/SL legs reduce-only and, on a full-position TP/SL, CLOSE_POSITION by default.
 */
import type {
  AlgoChildParams,
  AlgoLegOrderType,
  AlgoOrderType,
  AlgoType,
  CreateAlgoOrderParams,
  EditAlgoOrderParams,
} from '../contract/wire-algo.ts';
import type { MarginMode, Side } from '../contract/wire-orders.ts';
import { generateClientOrderId } from '../upstream/order-params.ts';
import { compact } from './wire.ts';

export interface AlgoChildArgs {
  algoType: 'TAKE_PROFIT' | 'STOP_LOSS' | 'TP_SL' | 'POSITIONAL_TP_SL';
  side?: Side | null;
  type?: AlgoLegOrderType | null;
  triggerPrice?: number | null;
  price?: number | null;
  reduceOnly?: boolean | null;
  childOrders?: AlgoChildArgs[] | null;
}

export interface PlaceAlgoOrderArgs {
  symbol: string;
  algoType: AlgoType;
  clientOrderId?: string | null;
  side?: Side | null;
  type?: AlgoOrderType | null;
  quantity?: number | null;
  price?: number | null;
  triggerPrice?: number | null;
  reduceOnly?: boolean | null;
  marginMode?: MarginMode | null;
  orderTag?: string | null;
  activatedPrice?: number | null;
  callbackRate?: number | null;
  callbackValue?: number | null;
  childOrders?: AlgoChildArgs[] | null;
}

export interface EditAlgoChildArgs {
  algoOrderId: number;
  triggerPrice?: number | null;
  price?: number | null;
  quantity?: number | null;
  isActivated?: boolean | null;
}

export interface EditAlgoOrderArgs {
  algoOrderId: number;
  price?: number | null;
  quantity?: number | null;
  triggerPrice?: number | null;
  childOrders?: EditAlgoChildArgs[] | null;
}

const LEGS = new Set(['TAKE_PROFIT', 'STOP_LOSS']);

/** A child as sent: a leg (reduce-only, MARKET or, under a full TP/SL, CLOSE_POSITION). */
function childParams(symbol: string, child: AlgoChildArgs, parent: string): AlgoChildParams {
  const leg = LEGS.has(child.algoType);
  const fallback = parent === 'POSITIONAL_TP_SL' ? 'CLOSE_POSITION' : 'MARKET';
  return {
    symbol,
    algo_type: child.algoType,
    ...compact({
      side: child.side,
      type: leg ? (child.type ?? fallback) : child.type,
      trigger_price: child.triggerPrice,
      price: child.price,
      reduce_only: child.reduceOnly ?? (leg ? true : undefined),
    }),
    trigger_price_type: 'MARK_PRICE',
    ...(child.childOrders?.length
      ? { child_orders: child.childOrders.map((c) => childParams(symbol, c, child.algoType)) }
      : {}),
  };
}

export function toCreateAlgoParams(i: PlaceAlgoOrderArgs): CreateAlgoOrderParams {
  return {
    symbol: i.symbol,
    algo_type: i.algoType,
    client_order_id: i.clientOrderId ?? generateClientOrderId(),
    ...compact({
      side: i.side,
      type: i.type,
      quantity: i.quantity,
      price: i.price,
      trigger_price: i.triggerPrice,
      reduce_only: i.reduceOnly,
      margin_mode: i.marginMode,
      order_tag: i.orderTag,
      activated_price: i.activatedPrice,
      callback_rate: i.callbackRate,
      callback_value: i.callbackValue,
    }),
    trigger_price_type: 'MARK_PRICE',
    ...(i.childOrders?.length
      ? { child_orders: i.childOrders.map((c) => childParams(i.symbol, c, i.algoType)) }
      : {}),
  };
}

export function toEditAlgoParams(i: EditAlgoOrderArgs): EditAlgoOrderParams {
  return {
    // Documented as a string.
    order_id: String(i.algoOrderId),
    ...compact({ price: i.price, quantity: i.quantity, trigger_price: i.triggerPrice }),
    ...(i.childOrders?.length
      ? {
          child_orders: i.childOrders.map((c) => ({
            order_id: String(c.algoOrderId),
            ...compact({
              trigger_price: c.triggerPrice,
              price: c.price,
              quantity: c.quantity,
              is_activated: c.isActivated,
            }),
          })),
        }
      : {}),
  };
}
