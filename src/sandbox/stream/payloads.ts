/**
 * Push payloads of the private topics, camelCase as the real stream sends them (the REST
 * reads are snake_case; the gateway maps both explicitly).
 */
import type { MarginMode } from '../../upstream/types.ts';
import { round } from '../decimal.ts';
import type { FillEvent } from '../events.ts';
import type { Account, Order, SandboxState } from '../state.ts';

export const FEE_ASSET = 'USDC';

/** `executionreport` data: one order change; `tradeId` non-zero when it is a fill. */
export function executionReport(order: Order, fill: FillEvent | undefined, now: number) {
  return {
    symbol: order.symbol,
    clientOrderId: order.clientOrderId ?? '',
    orderId: order.orderId,
    type: order.type,
    side: order.side,
    quantity: order.quantity ?? 0,
    price: order.price ?? 0,
    tradeId: fill?.tradeId ?? 0,
    executedPrice: fill?.price ?? 0,
    executedQuantity: fill?.quantity ?? 0,
    fee: fill?.fee ?? 0,
    feeAsset: FEE_ASSET,
    totalExecutedQuantity: order.executedQuantity,
    avgPrice:
      order.executedQuantity > 0 ? round(order.executedNotional / order.executedQuantity) : 0,
    status: order.status,
    reason: order.message === 'none' ? '' : order.message,
    timestamp: now,
    marginMode: order.marginMode,
    reduceOnly: order.reduceOnly,
  };
}

export type ExecutionReport = ReturnType<typeof executionReport>;

/** One `position` row (keyed by symbol and margin mode). */
export function positionRow(
  state: SandboxState,
  account: Account,
  symbol: string,
  marginMode: MarginMode,
  now: number,
) {
  const position = account.positions.get(`${symbol}|${marginMode}`);
  const qty = position?.quantity ?? 0;
  const avg = position?.averageOpenPrice ?? 0;
  const mark = state.market(symbol).mid;
  return {
    symbol,
    positionQty: qty,
    costPosition: round(qty * avg),
    averageOpenPrice: avg,
    markPrice: mark,
    // The price at which the unrealized loss would take the whole balance (no maintenance margin).
    estLiqPrice: qty === 0 ? 0 : Math.max(0, round(avg - account.balance / qty)),
    unsettledPnl: round(qty * (mark - avg)),
    pnl24H: 0,
    fee24H: 0,
    leverage: state.maxLeverage,
    marginMode,
    timestamp: now,
  };
}

/** `balance` data: the account's one token, with margin held by its pending orders frozen. */
export function balances(state: SandboxState, account: Account) {
  let frozen = 0;
  let pendingLongQty = 0;
  let pendingShortQty = 0;
  for (const order of state.pendingOrders(account)) {
    const left = (order.quantity ?? 0) - order.executedQuantity;
    frozen += (left * (order.price ?? state.market(order.symbol).mid)) / state.maxLeverage;
    if (order.side === 'BUY') pendingLongQty += left;
    else pendingShortQty += left;
  }
  return {
    balances: {
      [FEE_ASSET]: {
        holding: account.balance,
        frozen: round(frozen),
        pendingLongQty: round(pendingLongQty, 10),
        pendingShortQty: round(pendingShortQty, 10),
      },
    },
  };
}

export const WALLET_SIDES = ['DEPOSIT', 'WITHDRAW'] as const;
export const WALLET_STATUSES = [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'PENDING_REBALANCE',
] as const;

export interface WalletEvent {
  id: string;
  side: (typeof WALLET_SIDES)[number];
  token: string;
  amount: number;
  fee: number;
  trans_status: (typeof WALLET_STATUSES)[number];
  created_time: number;
  updated_time: number;
}
