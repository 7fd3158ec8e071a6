/**
 * What one fill changes, apart from the order's status and events (the engine's): the fee,
 * the position (average open price, realized PnL), the order's totals, the balance, the
 * account's trade list, its position history and the referral books.
 */
import { round } from './decimal.ts';
import type { FillDetail } from './events.ts';
import { feesOf } from './fill-fees.ts';
import { movePosition } from './fill-position.ts';
import { type Held, positionFilled } from './history/positions.ts';
import { leverageOf } from './leverage-setting.ts';
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

/** The fill's row of the account's trade list; returns its trade id. */
function recordTrade(
  state: SandboxState,
  order: Order,
  fill: { price: number; quantity: number; maker: boolean; fee: number } & {
    enumFee: number;
    realized: number;
  },
  now: number,
  matchId: number | undefined,
): number {
  const tradeId = state.nextTradeId();
  const notional = fill.price * fill.quantity;
  state.addTrade(order.account, {
    tradeId,
    orderId: order.orderId,
    symbol: order.symbol,
    marginMode: order.marginMode,
    side: order.side,
    price: fill.price,
    quantity: fill.quantity,
    fee: fill.fee,
    realizedPnl: round(fill.realized),
    maker: fill.maker,
    matchId: matchId ?? tradeId,
    enumFee: fill.enumFee,
    enumFeeRate: notional > 0 ? round(fill.enumFee / notional, 10) : 0,
    time: now,
  });
  return tradeId;
}

/** The fill in the position history (history/positions.ts). */
function trackPosition(
  state: SandboxState,
  order: Order,
  held: { before: Held; after: Held },
  fill: { price: number; quantity: number; fee: number; realized: number },
  now: number,
): void {
  const { account, symbol, marginMode } = order;
  const leverage = leverageOf(state, account, symbol, marginMode);
  positionFilled(state.history.of(account), state.history.nextPositionId, {
    key: positionKey(order),
    symbol,
    marginMode,
    ...held,
    ...fill,
    leverage,
    now,
  });
}

export function applyFill(
  state: SandboxState,
  order: Order,
  fill: Fill,
  maker: boolean,
  now: number,
  /** The taker's trade id when this is the maker's side of the same match. */
  matchId?: number,
): FillEffect {
  const account = order.account;
  // Funding periods that ended settle on the position as it was, before this fill moves it.
  state.market(order.symbol).funding.catchUp(now);
  const notional = fill.price * fill.quantity;
  const fees = feesOf(state, order, notional, maker);
  const key = positionKey(order);
  const position = account.positions.get(key) ?? {
    quantity: 0,
    averageOpenPrice: 0,
    updatedTime: now,
  };
  const before = { quantity: position.quantity, averageOpenPrice: position.averageOpenPrice };
  const realized = movePosition(position, order, fill, now);
  account.positions.set(key, position);
  order.executedQuantity = round(order.executedQuantity + fill.quantity, 10);
  order.executedNotional = round(order.executedNotional + notional);
  order.totalFee = round(order.totalFee + fees.total);
  order.realizedPnl = round(order.realizedPnl + realized);
  order.updatedTime = now;
  state.setBalance(account, round(account.balance + realized - fees.total), false);
  const { price, quantity } = fill;
  const fee = fees.total;
  const enumFee = round(fees.total - fees.base);
  const tradeId = recordTrade(
    state,
    order,
    { price: fill.price, quantity: fill.quantity, maker, fee, enumFee, realized },
    now,
    matchId,
  );
  trackPosition(state, order, { before, after: position }, { price, quantity, fee, realized }, now);
  const accounts = new Set([account]);
  const referrer = attributeReferral(state, order, { notional, fee, baseFee: fees.base }, now);
  if (referrer) accounts.add(referrer);
  const feeAsset = quoteOf(order.symbol);
  return { detail: { tradeId, price, quantity, fee, feeAsset, maker }, accounts };
}
