/**
 * What one fill changes, apart from the order's status and events (the engine's): the fee,
 * the position (average open price, realized PnL), the order's totals, the balance, the
 * account's trade list and the referral books.
 */
import { round } from './decimal.ts';
import type { FillDetail } from './events.ts';
import { feesOf } from './fill-fees.ts';
import { movePosition } from './fill-position.ts';
import type { Fill } from './market/market.ts';
import { quoteOf } from './records.ts';
import { attributeReferral } from './referrals.ts';
import type { SandboxState } from './state.ts';
import type { Account, Order } from './types.ts';

/** What one fill changed, told after the order's own event. */
export interface FillEffect {
  detail: FillDetail;
  /** Accounts whose balance moved (the trader; a referrer's rebate). */
  accounts: Set<Account>;
}

export const positionKey = (order: Order): string => `${order.symbol}|${order.marginMode}`;

export function applyFill(
  state: SandboxState,
  order: Order,
  fill: Fill,
  maker: boolean,
  now: number,
): FillEffect {
  const account = order.account;
  const notional = fill.price * fill.quantity;
  const fees = feesOf(state, order, notional, maker);
  const key = positionKey(order);
  const position = account.positions.get(key) ?? {
    quantity: 0,
    averageOpenPrice: 0,
    updatedTime: now,
  };
  const realized = movePosition(position, order, fill, now);
  account.positions.set(key, position);
  order.executedQuantity = round(order.executedQuantity + fill.quantity, 10);
  order.executedNotional = round(order.executedNotional + notional);
  order.totalFee = round(order.totalFee + fees.total);
  order.realizedPnl = round(order.realizedPnl + realized);
  order.updatedTime = now;
  state.setBalance(account, round(account.balance + realized - fees.total), false);
  const tradeId = state.nextTradeId();
  const { price, quantity } = fill;
  const fee = fees.total;
  state.addTrade(account, {
    tradeId,
    orderId: order.orderId,
    symbol: order.symbol,
    marginMode: order.marginMode,
    side: order.side,
    price,
    quantity,
    fee,
    realizedPnl: round(realized),
    maker,
    time: now,
  });
  const accounts = new Set([account]);
  const referrer = attributeReferral(state, order, { notional, fee, baseFee: fees.base }, now);
  if (referrer) accounts.add(referrer);
  const feeAsset = quoteOf(order.symbol);
  return { detail: { tradeId, price, quantity, fee, feeAsset, maker }, accounts };
}
