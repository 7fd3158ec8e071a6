/**
 * What the account subscriptions deliver, in the gateway's (GraphQL) shapes (the market ones:
 * market-models.ts). The stream's camelCase payloads and the REST reads' snake_case rows are
 * both mapped onto these (map.ts; positions and balances by `src/models/portfolio.ts`), so a
 * subscriber cannot tell a pushed event from one found by a resync.
 */

import type { WalletSide, WalletStatus } from '../../contract/constants.ts';
import type { MarginMode, OrderStatus, OrderType, Side } from '../../contract/wire.ts';
import type { AlgoOrderModel } from '../../models/algo-order.ts';
import type { BalanceModel, PositionModel } from '../../models/portfolio.ts';

export interface FillModel {
  price: number;
  quantity: number;
  fee: number;
  feeAsset: string;
  tradeId: string;
  /** null when the upstream did not say (`executionreport` does not). */
  isMaker: boolean | null;
  /** PnL this fill realized; null when the upstream did not say (`executionreport`). */
  realizedPnl: number | null;
}

export interface OrderUpdateModel {
  orderId: number;
  clientOrderId: string | null;
  symbol: string;
  side: Side;
  type: OrderType;
  status: OrderStatus;
  price: number | null;
  quantity: number | null;
  executedQuantity: number;
  avgPrice: number | null;
  reason: string | null;
  timestamp: number;
  marginMode: MarginMode | null;
  reduceOnly: boolean | null;
  /** Set when the change is a fill. */
  fill: FillModel | null;
  /** `resync`: found by the REST re-read after a reconnect. */
  source: 'stream' | 'resync';
}

export interface LiquidatedPositionModel {
  symbol: string;
  positionQty: number;
  transferPrice: number;
  liquidatorFee: number;
  marginMode: MarginMode | null;
}

export interface LiquidationEventModel {
  kind: 'liquidation';
  liquidationId: string;
  timestamp: number;
  positions: LiquidatedPositionModel[];
}

export interface WithdrawalStatusEventModel {
  kind: 'wallet';
  id: string;
  side: WalletSide;
  token: string;
  amount: number;
  fee: number;
  status: WalletStatus;
  createdTime: number;
  updatedTime: number;
}

export type AccountEventModel = LiquidationEventModel | WithdrawalStatusEventModel;

/** Why a resumed subscription got a RESYNC snapshot instead of a replay. */
export type ResyncReason = 'GAP_NOT_LOGGED' | 'TOO_MANY_MISSED' | 'LOG_UNAVAILABLE';

/** What the hub adds to an event it fans out. */
export interface EventDelivery {
  /** Where the event sits in the account's log (log/cursor.ts); set on every event but `failed`. */
  cursor?: string;
  /** Set on the events of a resumed subscription's RESYNC snapshot: why there was no replay. */
  notice?: ResyncReason;
}

/** One private-stream event of an account, as the hub fans it out. */
export type AccountStreamEvent = AccountEventBody & EventDelivery;

type AccountEventBody =
  | { type: 'order'; order: OrderUpdateModel }
  /** An algo order's tree after a change (`algoexecutionreport`). */
  | { type: 'algo'; order: AlgoOrderModel }
  | { type: 'positions'; positions: PositionModel[] }
  | { type: 'balances'; balances: BalanceModel[] }
  | { type: 'account'; event: AccountEventModel }
  /** The account's stream gave up (auth refused repeatedly); its subscribers end. */
  | { type: 'failed'; reason: string };
