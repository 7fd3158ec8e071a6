/**
 * What the sandbox's state is made of: accounts, their orders, positions and fills, and the
 * broker's settings. Types only, so state, records, portfolio and events all read them
 * without importing each other.
 */
import type { SpecOrderStatus } from '../contract/constants.ts';
import type { MarginMode, OrderType, Side } from '../contract/wire.ts';

export type Role = 'trader' | 'broker_admin';

export interface FeeRates {
  maker_fee_rate: number;
  taker_fee_rate: number;
  rwa_maker_fee_rate: number;
  rwa_taker_fee_rate: number;
}

export interface Position {
  /** Signed: positive long, negative short. */
  quantity: number;
  averageOpenPrice: number;
  /** Time of the last fill. */
  updatedTime: number;
}

/** One fill of one of the account's orders (the basis of the 24 h figures). */
export interface Trade {
  tradeId: number;
  orderId: number;
  symbol: string;
  marginMode: MarginMode;
  side: Side;
  price: number;
  quantity: number;
  fee: number;
  realizedPnl: number;
  maker: boolean;
  /** The trade id of the fill that matched this one's side first (the taker's). */
  matchId: number;
  /** The order tag's part of `fee`, and its rate. */
  enumFee: number;
  enumFeeRate: number;
  time: number;
}

export interface Account {
  accountId: string;
  userId: number;
  role: Role;
  email: string;
  userAddress: string;
  /** Lower-case 128 hex; undefined means any well-formed trading key is accepted. */
  tradingKey: string | undefined;
  /** USDC holding: seeded, then fees, realized PnL, rebates and transfers applied. */
  balance: number;
  /** When `balance` last changed (registration time at first). */
  balanceTime: number;
  marginModes: Map<string, MarginMode>;
  /** Leverage settings by `${symbol}|${marginMode}`; absent: the symbol's maximum (leverage.ts). */
  leverages: Map<string, number>;
  /** Keyed `${symbol}|${marginMode}`. */
  positions: Map<string, Position>;
  /** Orders by client_order_id (unique per account, for ever). */
  ordersByClientId: Map<string, Order>;
  /** The account's orders, oldest first. */
  orders: Order[];
  /** Its pending orders, oldest first (an order leaves when final and never comes back). */
  openOrders: Set<Order>;
  /** Initial margin held by open orders, per quote token (kept by the engine). */
  frozen: Map<string, number>;
  /** The account's fills, oldest first, at most MAX_TRADES_PER_ACCOUNT (state.ts). */
  trades: Trade[];
  transferNonces: Set<string>;
  /** USDC of withdrawals requested and not COMPLETED yet: the holding's `pending_short`, negated. */
  withdrawing: number;
  affiliateRebateRate: number | undefined;
  /** The referral code this account is a referee of. */
  referredBy: string | undefined;
}

export interface Order {
  orderId: number;
  account: Account;
  clientOrderId: string | null;
  symbol: string;
  side: Side;
  type: OrderType;
  price: number | null;
  quantity: number | null;
  amount: number | null;
  visibleQuantity: number | null;
  reduceOnly: boolean;
  orderTag: string | null;
  marginMode: MarginMode;
  /** What the engine holds it as; a read may show REPLACED instead (`replacedUntil`). */
  status: SpecOrderStatus;
  /**
   * Sandbox-clock time until which the order reads REPLACED after an edit; its next change
   * (a fill, a cancel, another edit) ends it sooner. 0: it reads as `status`.
   */
  replacedUntil: number;
  executedQuantity: number;
  executedNotional: number;
  totalFee: number;
  realizedPnl: number;
  /** Initial margin this order holds now (0 once final); part of `account.frozen`. */
  margin: number;
  createdTime: number;
  updatedTime: number;
  message: string;
}

export interface OrderTagConfig {
  enumId: string;
  name: string;
  description: string;
  defaultFeeRate: number;
  pairOverrides: Record<string, number>;
}

export interface ReferralCodeState {
  code: string;
  owner: Account;
  createdAt: number;
  maxRebateRate: number;
  referrerRebateRate: number;
  refereeRebateRate: number;
  totalReferrerRebate: number;
  totalRefereeRebate: number;
}

export interface PointsStage {
  stageId: number;
  stageName: string;
  startDate: string;
  endDate: string | undefined;
  volumeBoost: number;
  pnlBoost: number;
  l1ReferralBoost: number;
  l2ReferralBoost: number;
  isContinous: boolean;
}

/** Per referral code and referee, what the referee's attributed trades brought. */
export interface RefereeStats {
  code: string;
  account: Account;
  volume: number;
  fee: number;
  /** Referrer and referee rebates paid out of the fees. */
  rebates: number;
  /** YYYY-MM-DD → referee rebate of that day. */
  dailyRebate: Map<string, number>;
}
