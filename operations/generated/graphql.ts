/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type AccountMode =
  | 'FUTURES';

/** A TAKE_PROFIT or STOP_LOSS leg (side: the closing side; triggerPrice required), or the TP_SL / POSITIONAL_TP_SL child of a BRACKET holding the legs in childOrders. */
export type AlgoChildOrderInput = {
  algoType: AlgoChildType;
  childOrders?: Array<AlgoChildOrderInput> | null | undefined;
  /** LIMIT legs only */
  price?: number | null | undefined;
  reduceOnly?: boolean | null | undefined;
  side?: Side | null | undefined;
  triggerPrice?: number | null | undefined;
  /** Default MARKET */
  type?: AlgoLegOrderType | null | undefined;
};

export type AlgoChildType =
  | 'POSITIONAL_TP_SL'
  | 'STOP_LOSS'
  | 'TAKE_PROFIT'
  | 'TP_SL';

/** The order a trigger places: CLOSE_POSITION only on POSITIONAL_TP_SL legs. */
export type AlgoLegOrderType =
  | 'CLOSE_POSITION'
  | 'LIMIT'
  | 'MARKET';

/** Query of GET /v1/algo/orders in camelCase; every field optional. */
export type AlgoOrderFilter = {
  algoType?: AlgoType | null | undefined;
  /** Created at or after (start_t) */
  createdAfter?: number | null | undefined;
  /** Created at or before (end_t) */
  createdBefore?: number | null | undefined;
  isTriggered?: boolean | null | undefined;
  side?: Side | null | undefined;
  status?: AlgoStatusFilter | null | undefined;
  symbol?: string | null | undefined;
};

/** A root's AlgoType, or a leg's TAKE_PROFIT or STOP_LOSS. */
export type AlgoOrderKind =
  | 'BRACKET'
  | 'POSITIONAL_TP_SL'
  | 'STOP'
  | 'STOP_LOSS'
  | 'TAKE_PROFIT'
  | 'TP_SL'
  | 'TRAILING_STOP';

/** The order a STOP, BRACKET or TRAILING_STOP (MARKET only) places. */
export type AlgoOrderType =
  | 'LIMIT'
  | 'MARKET';

/** FILLED, CANCELLED and REJECTED are final; REPLACED shows right after an edit. */
export type AlgoStatus =
  | 'CANCELLED'
  | 'FILLED'
  | 'NEW'
  | 'PARTIAL_FILLED'
  | 'REJECTED'
  | 'REPLACED';

/** A status, or INCOMPLETE (NEW + PARTIAL_FILLED) / COMPLETED (final). */
export type AlgoStatusFilter =
  | 'CANCELLED'
  | 'COMPLETED'
  | 'FILLED'
  | 'INCOMPLETE'
  | 'NEW'
  | 'PARTIAL_FILLED'
  | 'REJECTED';

/** STOP: an order placed when the mark crosses its trigger. TP_SL: a partial take-profit/stop-loss (a quantity). POSITIONAL_TP_SL: the whole position, following its size. BRACKET: an order with a TP/SL attached. TRAILING_STOP: a stop that follows the best mark by a callback. */
export type AlgoType =
  | 'BRACKET'
  | 'POSITIONAL_TP_SL'
  | 'STOP'
  | 'TP_SL'
  | 'TRAILING_STOP';

export type CancelAlgoOrderInput = {
  algoOrderId: number | string;
  symbol: string;
};

/** Exactly one of orderId and clientOrderId. */
export type CancelOrderInput = {
  clientOrderId?: string | null | undefined;
  orderId?: number | string | null | undefined;
  /** PERP_<BASE>_<QUOTE> */
  symbol: string;
};

/** Exactly one of orderIds and clientOrderIds, 1 to 10 ids. */
export type CancelOrdersInput = {
  clientOrderIds?: Array<string> | null | undefined;
  orderIds?: Array<number | string> | null | undefined;
};

/** Rates from 0 to 1; referrerRebateRate + refereeRebateRate ≤ maxRebateRate. */
export type CreateReferralCodeInput = {
  /** the referrer */
  accountId: string;
  maxRebateRate: number;
  refereeRebateRate: number;
  referralCode: string;
  referrerRebateRate: number;
};

/** A leg to change; isActivated false switches it off (one leg must stay on). */
export type EditAlgoChildInput = {
  algoOrderId: number | string;
  isActivated?: boolean | null | undefined;
  price?: number | null | undefined;
  quantity?: number | null | undefined;
  triggerPrice?: number | null | undefined;
};

/** PUT /v1/algo/order: only prices, quantities and legs change; a TP/SL is edited on its root with its legs in childOrders (a quantity edit gives both legs the same quantity). */
export type EditAlgoOrderInput = {
  algoOrderId: number | string;
  childOrders?: Array<EditAlgoChildInput> | null | undefined;
  price?: number | null | undefined;
  quantity?: number | null | undefined;
  triggerPrice?: number | null | undefined;
};

/** PUT /v1/order in camelCase; the gateway signs it. Only price and quantity change; the other fields must match the order. */
export type EditOrderInput = {
  clientOrderId?: string | null | undefined;
  orderId: number | string;
  /** The new (or unchanged) price */
  orderPrice: number;
  /** The new (or unchanged) quantity */
  orderQuantity: number;
  orderType: OrderType;
  reduceOnly?: boolean | null | undefined;
  side: Side;
  symbol: string;
  visibleQuantity?: number | null | undefined;
};

/** The error vocabulary; the same values appear in extensions.code. */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'FORBIDDEN'
  | 'IDEMPOTENCY_IN_PROGRESS'
  | 'IDEMPOTENCY_MISMATCH'
  | 'INTERNAL'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'UNAUTHENTICATED'
  | 'UPSTREAM_REJECTED'
  | 'UPSTREAM_UNAVAILABLE';

/** A candle length; the value is the upstream `type` (`1m` … `1mon`). */
export type KlineInterval =
  | 'DAY_1'
  | 'HOUR_1'
  | 'HOUR_4'
  | 'HOUR_12'
  | 'MIN_1'
  | 'MIN_5'
  | 'MIN_15'
  | 'MIN_30'
  /** A calendar month (UTC) */
  | 'MONTH_1'
  | 'WEEK_1';

export type MarginMode =
  | 'CROSS'
  | 'ISOLATED';

/** Kind of market; each kind has its own maker and taker fee rates. */
export type MarketKind =
  | 'FUTURES'
  | 'RWA'
  | 'STANDARD';

export type MarketStatus =
  | 'ACTIVE'
  | 'DELISTING'
  | 'POST_ONLY'
  | 'REDUCE_ONLY';

/** Query of GET /v1/orders in camelCase; every field optional. */
export type OrderFilter = {
  /** Created at or after (start_t) */
  createdAfter?: number | null | undefined;
  /** Created at or before (end_t) */
  createdBefore?: number | null | undefined;
  orderTag?: string | null | undefined;
  orderType?: OrderType | null | undefined;
  side?: Side | null | undefined;
  /** Default CREATED_TIME_DESC */
  sortBy?: OrderSort | null | undefined;
  status?: OrderStatusFilter | null | undefined;
  symbol?: string | null | undefined;
};

/** Ties are broken by order id, in the same direction. */
export type OrderSort =
  | 'CREATED_TIME_ASC'
  | 'CREATED_TIME_DESC'
  | 'UPDATED_TIME_ASC'
  | 'UPDATED_TIME_DESC';

/** FILLED, CANCELLED and REJECTED are final. PENDING_NEW and PENDING_CANCEL are in flight; REPLACED shows right after an edit, before the order carries on with its new price or quantity. */
export type OrderStatus =
  | 'CANCELLED'
  | 'FILLED'
  | 'NEW'
  | 'PARTIAL_FILLED'
  | 'PENDING_CANCEL'
  | 'PENDING_NEW'
  | 'REJECTED'
  | 'REPLACED';

/** A status, or INCOMPLETE (NEW + PARTIAL_FILLED) / COMPLETED (CANCELLED + FILLED). */
export type OrderStatusFilter =
  | 'CANCELLED'
  | 'COMPLETED'
  | 'FILLED'
  | 'INCOMPLETE'
  | 'NEW'
  | 'PARTIAL_FILLED'
  | 'REJECTED';

/** Creates the configuration or changes the fields given. */
export type OrderTagFeeConfigInput = {
  /** Added on top of existing fees; from 0 to 1, a multiple of 0.00001 (0.0001 = 0.01%) */
  defaultFeeRate?: number | null | undefined;
  description?: string | null | undefined;
  name?: string | null | undefined;
  /** Per-symbol rates overriding defaultFeeRate: omitted/null keeps, [] clears. */
  pairOverrides?: Array<SymbolFeeRateInput> | null | undefined;
};

/** LIMIT, MARKET, IOC, FOK, POST_ONLY, or ASK/BID (a price level of the book). */
export type OrderType =
  | 'ASK'
  | 'BID'
  | 'FOK'
  | 'IOC'
  | 'LIMIT'
  | 'MARKET'
  | 'POST_ONLY';

/** Body of POST /v1/algo/order in camelCase; the gateway signs each order of the tree and sends a clientOrderId (generated when omitted). Which fields each algoType needs: docs/algo-orders.md (checked with placeAlgoOrder's arguments). */
export type PlaceAlgoOrderInput = {
  /** TRAILING_STOP: starts tracking here */
  activatedPrice?: number | null | undefined;
  algoType: AlgoType;
  /** TRAILING_STOP: a fraction (0.1 = 10 %) */
  callbackRate?: number | null | undefined;
  /** TRAILING_STOP: a price distance */
  callbackValue?: number | null | undefined;
  childOrders?: Array<AlgoChildOrderInput> | null | undefined;
  clientOrderId?: string | null | undefined;
  marginMode?: MarginMode | null | undefined;
  orderTag?: string | null | undefined;
  /** Required when type is LIMIT */
  price?: number | null | undefined;
  /** Not for POSITIONAL_TP_SL */
  quantity?: number | null | undefined;
  reduceOnly?: boolean | null | undefined;
  side?: Side | null | undefined;
  symbol: string;
  /** STOP: the mark price that triggers it */
  triggerPrice?: number | null | undefined;
  type?: AlgoOrderType | null | undefined;
};

/** Body of POST /v1/order in camelCase; the gateway signs it. */
export type PlaceOrderInput = {
  /** At most 36 of [A-Za-z0-9_-], not starting with "-"; generated when omitted */
  clientOrderId?: string | null | undefined;
  /** 0..4, only for BID and ASK */
  level?: number | null | undefined;
  marginMode?: MarginMode | null | undefined;
  /** Size in quote currency (MARKET, ASK, BID) */
  orderAmount?: number | null | undefined;
  /** Required unless orderType is MARKET, ASK or BID */
  orderPrice?: number | null | undefined;
  orderQuantity?: number | null | undefined;
  /** At most 36: a referral code or enum:<ENUM_ID> */
  orderTag?: string | null | undefined;
  orderType: OrderType;
  /** Only for POST_ONLY */
  postOnlyAdjust?: boolean | null | undefined;
  reduceOnly?: boolean | null | undefined;
  side: Side;
  /** MARKET orders do not execute beyond this slippage */
  slippage?: number | null | undefined;
  /** PERP_<BASE>_<QUOTE> */
  symbol: string;
  /** Not for POST_ONLY */
  visibleQuantity?: number | null | undefined;
};

export type PositionSide =
  | 'FLAT'
  | 'LONG'
  | 'SHORT';

export type ReferralSort =
  | 'REFEREE_VOLUME'
  | 'TOTAL_INVITES'
  | 'TOTAL_TRADED';

export type SetAffiliateRebateRateInput = {
  /** level 1 affiliate accounts, 1 to 100 */
  accountIds: Array<string>;
  /** from 0 to 1 */
  rebateRate: number;
};

/** Default builder fee rates; each from 0 to 1, a multiple of 0.00001 (0.0001 = 0.01%). */
export type SetDefaultFeeRatesInput = {
  makerFeeRate: number;
  rwaMakerFeeRate?: number | null | undefined;
  rwaTakerFeeRate?: number | null | undefined;
  takerFeeRate: number;
};

/** Changes only while the account has no position and no pending order in it. */
export type SetDefaultMarginModeInput = {
  defaultMarginMode: MarginMode;
  symbol: string;
};

export type SetLeverageInput = {
  /** 1 to 100, and at most the symbol's maximum for the position's notional */
  leverage: number;
  /** Default CROSS */
  marginMode?: MarginMode | null | undefined;
  symbol: string;
};

/** No quantity: the full position (POSITIONAL_TP_SL, follows the position and ends with it); a quantity: a partial one (TP_SL). At least one of takeProfit and stopLoss. */
export type SetPositionTpSlInput = {
  clientOrderId?: string | null | undefined;
  /** Needed only with positions in both modes */
  marginMode?: MarginMode | null | undefined;
  quantity?: number | null | undefined;
  stopLoss?: TpSlLegInput | null | undefined;
  symbol: string;
  takeProfit?: TpSlLegInput | null | undefined;
};

export type Side =
  | 'BUY'
  | 'SELL';

export type SymbolFeeRateInput = {
  /** from 0 to 1, a multiple of 0.00001 (0.0001 = 0.01%) */
  feeRate: number;
  symbol: string;
};

/** Exactly one of triggerPrice, pnl, offset and offsetPercent; the others are turned into a trigger price from the average open price rounded up to the quote tick (the SDK’s TP/SL maths), cut to the quote tick. */
export type TpSlLegInput = {
  /** Distance from the entry toward profit (TP) or loss (SL) */
  offset?: number | null | undefined;
  /** The distance in percent of the entry: 5 is 5 % */
  offsetPercent?: number | null | undefined;
  /** The PnL when it fires: a stop-loss’s is usually negative */
  pnl?: number | null | undefined;
  triggerPrice?: number | null | undefined;
};

/** STREAM: pushed by the upstream; RESYNC: found by the re-read after a reconnect. */
export type UpdateSource =
  | 'RESYNC'
  | 'STREAM';

/** Creates a stage without stageId (stageName and startDate required), updates it with one. */
export type UpsertPointsStageInput = {
  /** omitted: indefinite; not before startDate */
  endDate?: string | null | undefined;
  /** Spelled as the upstream spells it. */
  isContinous?: boolean | null | undefined;
  l1ReferralBoost?: number | null | undefined;
  l2ReferralBoost?: number | null | undefined;
  pnlBoost?: number | null | undefined;
  stageId?: number | string | null | undefined;
  stageName?: string | null | undefined;
  startDate?: string | null | undefined;
  volumeBoost?: number | null | undefined;
};

export type WalletSide =
  | 'DEPOSIT'
  | 'WITHDRAW';

export type WithdrawalStatus =
  | 'COMPLETED'
  | 'FAILED'
  | 'PENDING'
  | 'PENDING_REBALANCE'
  | 'PROCESSING';

export type CreateReferralCodeMutationVariables = Exact<{
  input: CreateReferralCodeInput;
}>;


export type CreateReferralCodeMutation = { __typename: 'Mutation', createReferralCode:
    | { __typename: 'CreateReferralCodeSuccess', accountId: string, referralCode: string, maxRebateRate: number, referrerRebateRate: number, refereeRebateRate: number }
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', code: ErrorCode, message: string }
    | { __typename: 'UpstreamRejectedError', code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type ReferralAdminPageQueryVariables = Exact<{
  accountId?: string | null | undefined;
  userAddress?: string | null | undefined;
  page?: number | null | undefined;
  size?: number | null | undefined;
  sortBy?: ReferralSort | null | undefined;
}>;


export type ReferralAdminPageQuery = { __typename: 'Query', referralAdminInfo: { __typename: 'ReferralAdminPage', rows: Array<{ __typename: 'ReferralAdminRow', accountId: string, userAddress: string, numberOfCodes: number | null, totalInvites: number, totalTraded: number, refereeVolume: number, refereeFee: number, svcFee: number, referralCodes: Array<{ __typename: 'ReferralCode', code: string, maxRebateRate: number, referrerRebateRate: number, refereeRebateRate: number, totalReferrerRebate: number, totalRefereeRebate: number }> }>, meta: { __typename: 'PageMeta', currentPage: number, recordsPerPage: number, total: number, totalPages: number, hasNextPage: boolean } } | null };

export type SetAffiliateRebateRateMutationVariables = Exact<{
  input: SetAffiliateRebateRateInput;
}>;


export type SetAffiliateRebateRateMutation = { __typename: 'Mutation', setAffiliateRebateRate:
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', code: ErrorCode, message: string }
    | { __typename: 'SetAffiliateRebateRateSuccess', accountIds: Array<string>, rebateRate: number }
    | { __typename: 'UpstreamRejectedError', code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type SetDefaultFeeRatesMutationVariables = Exact<{
  input: SetDefaultFeeRatesInput;
}>;


export type SetDefaultFeeRatesMutation = { __typename: 'Mutation', setDefaultFeeRates:
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', code: ErrorCode, message: string }
    | { __typename: 'SetDefaultFeeRatesSuccess', makerFeeRate: number, takerFeeRate: number, rwaMakerFeeRate: number | null, rwaTakerFeeRate: number | null }
    | { __typename: 'UpstreamRejectedError', code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type UpdateOrderTagFeeConfigMutationVariables = Exact<{
  enumId: string;
  input: OrderTagFeeConfigInput;
}>;


export type UpdateOrderTagFeeConfigMutation = { __typename: 'Mutation', updateOrderTagFeeConfig:
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'UpdateOrderTagFeeConfigSuccess', enumId: string, orderTag: string, pairOverrides: Array<{ __typename: 'SymbolValue', symbol: string, value: number }> | null }
    | { __typename: 'UpstreamRejectedError', code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type UpsertPointsStageMutationVariables = Exact<{
  input: UpsertPointsStageInput;
}>;


export type UpsertPointsStageMutation = { __typename: 'Mutation', upsertPointsStage:
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', code: ErrorCode, message: string }
    | { __typename: 'UpsertPointsStageSuccess', created: boolean, stageId: number | string | null }
    | { __typename: 'UpstreamRejectedError', code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type AlgoOrderFieldsFragment = { __typename: 'AlgoOrder', algoOrderId: number | string, clientOrderId: string | null, symbol: string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, quantity: number, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, marginMode: MarginMode | null, executedQuantity: number, realizedPnl: number, createdAt: number, childOrders: Array<{ __typename: 'AlgoOrder', algoOrderId: number | string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, isActivated: boolean }> };

export type AlgoOrdersQueryVariables = Exact<{
  filter?: AlgoOrderFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type AlgoOrdersQuery = { __typename: 'Query', account: { __typename: 'Account', algoOrders: { __typename: 'AlgoOrderConnection', totalCount: number, edges: Array<{ __typename: 'AlgoOrderEdge', cursor: string, node: { __typename: 'AlgoOrder', algoOrderId: number | string, clientOrderId: string | null, symbol: string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, quantity: number, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, marginMode: MarginMode | null, executedQuantity: number, realizedPnl: number, createdAt: number, childOrders: Array<{ __typename: 'AlgoOrder', algoOrderId: number | string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, isActivated: boolean }> } }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor: string | null } } | null } | null };

export type CancelAlgoOrderMutationVariables = Exact<{
  input: CancelAlgoOrderInput;
}>;


export type CancelAlgoOrderMutation = { __typename: 'Mutation', cancelAlgoOrder:
    | { __typename: 'CancelAlgoOrderSuccess', status: string }
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, upstreamCode: number, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'UpstreamRejectedError', upstreamCode: number, upstreamMessage: string, code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type CancelAlgoOrdersMutationVariables = Exact<{
  symbol?: string | null | undefined;
  algoType?: AlgoType | null | undefined;
}>;


export type CancelAlgoOrdersMutation = { __typename: 'Mutation', cancelAlgoOrders:
    | { __typename: 'CancelAlgoOrdersSuccess', status: string, symbol: string | null, algoType: AlgoType | null }
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, upstreamCode: number, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'UpstreamRejectedError', upstreamCode: number, upstreamMessage: string, code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type EditAlgoOrderMutationVariables = Exact<{
  input: EditAlgoOrderInput;
}>;


export type EditAlgoOrderMutation = { __typename: 'Mutation', editAlgoOrder:
    | { __typename: 'EditAlgoOrderSuccess', status: string, algoOrder: { __typename: 'AlgoOrder', algoOrderId: number | string, clientOrderId: string | null, symbol: string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, quantity: number, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, marginMode: MarginMode | null, executedQuantity: number, realizedPnl: number, createdAt: number, childOrders: Array<{ __typename: 'AlgoOrder', algoOrderId: number | string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, isActivated: boolean }> } | null }
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, upstreamCode: number, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'UpstreamRejectedError', upstreamCode: number, upstreamMessage: string, code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type LeverageQueryVariables = Exact<{
  symbol: string;
}>;


export type LeverageQuery = { __typename: 'Query', account: { __typename: 'Account', cross: number, isolated: number } | null };

export type SetLeverageMutationVariables = Exact<{
  input: SetLeverageInput;
}>;


export type SetLeverageMutation = { __typename: 'Mutation', setLeverage:
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, upstreamCode: number, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'SetLeverageSuccess', symbol: string, leverage: number, marginMode: MarginMode }
    | { __typename: 'UpstreamRejectedError', upstreamCode: number, upstreamMessage: string, code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type PlaceAlgoOrderMutationVariables = Exact<{
  input: PlaceAlgoOrderInput;
}>;


export type PlaceAlgoOrderMutation = { __typename: 'Mutation', placeAlgoOrder:
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, upstreamCode: number, code: ErrorCode, message: string }
    | { __typename: 'PlaceAlgoOrderSuccess', algoOrderId: number | string, clientOrderId: string | null, algoType: AlgoType, quantity: number, algoOrder: { __typename: 'AlgoOrder', algoOrderId: number | string, clientOrderId: string | null, symbol: string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, quantity: number, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, marginMode: MarginMode | null, executedQuantity: number, realizedPnl: number, createdAt: number, childOrders: Array<{ __typename: 'AlgoOrder', algoOrderId: number | string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, isActivated: boolean }> } | null }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'UpstreamRejectedError', upstreamCode: number, upstreamMessage: string, code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type PositionTpSlQueryVariables = Exact<{ [key: string]: never; }>;


export type PositionTpSlQuery = { __typename: 'Query', account: { __typename: 'Account', positions: { __typename: 'Positions', rows: Array<{ __typename: 'Position', symbol: string, marginMode: MarginMode, quantity: number, averageOpenPrice: number, markPrice: number, tpsl: { __typename: 'PositionTpSl', partialTakeProfitSlotsLeft: number, partialStopLossSlotsLeft: number, full: { __typename: 'AlgoOrder', algoOrderId: number | string, clientOrderId: string | null, symbol: string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, quantity: number, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, marginMode: MarginMode | null, executedQuantity: number, realizedPnl: number, createdAt: number, childOrders: Array<{ __typename: 'AlgoOrder', algoOrderId: number | string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, isActivated: boolean }> } | null, partialTakeProfits: Array<{ __typename: 'AlgoOrder', algoOrderId: number | string, clientOrderId: string | null, symbol: string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, quantity: number, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, marginMode: MarginMode | null, executedQuantity: number, realizedPnl: number, createdAt: number, childOrders: Array<{ __typename: 'AlgoOrder', algoOrderId: number | string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, isActivated: boolean }> }>, partialStopLosses: Array<{ __typename: 'AlgoOrder', algoOrderId: number | string, clientOrderId: string | null, symbol: string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, quantity: number, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, marginMode: MarginMode | null, executedQuantity: number, realizedPnl: number, createdAt: number, childOrders: Array<{ __typename: 'AlgoOrder', algoOrderId: number | string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, isActivated: boolean }> }> } | null }> } | null } | null };

export type SetPositionTpSlMutationVariables = Exact<{
  input: SetPositionTpSlInput;
}>;


export type SetPositionTpSlMutation = { __typename: 'Mutation', setPositionTpSl:
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, upstreamCode: number, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'SetPositionTpSlSuccess', algoOrderId: number | string, clientOrderId: string | null, takeProfitTriggerPrice: number | null, stopLossTriggerPrice: number | null }
    | { __typename: 'UpstreamRejectedError', upstreamCode: number, upstreamMessage: string, code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type AlgoOrderUpdatesSubscriptionVariables = Exact<{
  symbol?: string | null | undefined;
  resumeFrom?: string | null | undefined;
}>;


export type AlgoOrderUpdatesSubscription = { algoOrderUpdates: { __typename: 'AlgoOrder', source: UpdateSource | null, cursor: string | null, algoOrderId: number | string, clientOrderId: string | null, symbol: string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, quantity: number, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, marginMode: MarginMode | null, executedQuantity: number, realizedPnl: number, createdAt: number, childOrders: Array<{ __typename: 'AlgoOrder', algoOrderId: number | string, algoType: AlgoOrderKind, side: Side | null, type: AlgoLegOrderType | null, triggerPrice: number | null, price: number | null, status: AlgoStatus, isTriggered: boolean, isActivated: boolean }> } };

export type CancelOnDisconnectSubscriptionVariables = Exact<{
  afterMs?: number | null | undefined;
}>;


export type CancelOnDisconnectSubscription = { cancelOnDisconnect: { __typename: 'CancelOnDisconnectStatus', afterMs: number, expectedTriggerTime: number } };

export type OrderBookUpdatesSubscriptionVariables = Exact<{
  symbol: string;
  depth?: number | null | undefined;
}>;


export type OrderBookUpdatesSubscription = { orderBook: { __typename: 'OrderBook', symbol: string, timestamp: number, asks: Array<{ __typename: 'BookLevel', price: number, quantity: number }>, bids: Array<{ __typename: 'BookLevel', price: number, quantity: number }> } };

export type MarketTradeUpdatesSubscriptionVariables = Exact<{
  symbol: string;
}>;


export type MarketTradeUpdatesSubscription = { marketTrades: { __typename: 'MarketTrade', symbol: string, side: Side, price: number, quantity: number, timestamp: number } };

export type BboUpdatesSubscriptionVariables = Exact<{
  symbol: string;
}>;


export type BboUpdatesSubscription = { bbo: { __typename: 'Bbo', symbol: string, bidPrice: number, bidQuantity: number, askPrice: number, askQuantity: number, timestamp: number } };

export type MarkPriceUpdatesSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type MarkPriceUpdatesSubscription = { markPrices: Array<{ __typename: 'MarkPrice', symbol: string, price: number }> };

export type KlineUpdatesSubscriptionVariables = Exact<{
  symbol: string;
  interval: KlineInterval;
}>;


export type KlineUpdatesSubscription = { klines: { __typename: 'Kline', interval: KlineInterval, open: number, high: number, low: number, close: number, volume: number, amount: number, startTime: number, endTime: number } };

export type TickerSubscriptionVariables = Exact<{
  symbol: string;
}>;


export type TickerSubscription = { ticker: { __typename: 'Ticker', symbol: string, open: number, close: number, high: number, low: number, volume: number, amount: number, count: number } };

export type TickersSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type TickersSubscription = { tickers: Array<{ __typename: 'Ticker', symbol: string, close: number, volume: number, count: number }> };

export type MaintenanceStatusSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type MaintenanceStatusSubscription = { maintenanceStatus: { __typename: 'MaintenanceStatus', underMaintenance: boolean, code: number, startTime: number | null, endTime: number | null } };

export type OrderUpdatesSubscriptionVariables = Exact<{
  symbol?: string | null | undefined;
  resumeFrom?: string | null | undefined;
}>;


export type OrderUpdatesSubscription = { orderUpdates: { __typename: 'OrderUpdate', orderId: number | string, clientOrderId: string | null, symbol: string, side: Side, type: OrderType, status: OrderStatus, isFinal: boolean, price: number | null, quantity: number | null, executedQuantity: number, avgPrice: number | null, reason: string | null, timestamp: number, source: UpdateSource, cursor: string | null, fill: { __typename: 'Fill', price: number, quantity: number, fee: number, feeAsset: string, tradeId: string } | null } };

export type PositionUpdatesSubscriptionVariables = Exact<{
  resumeFrom?: string | null | undefined;
}>;


export type PositionUpdatesSubscription = { positionUpdates: Array<{ __typename: 'Position', symbol: string, marginMode: MarginMode, quantity: number, averageOpenPrice: number, markPrice: number, unsettledPnl: number, updatedAt: number, cursor: string | null }> };

export type BalanceUpdatesSubscriptionVariables = Exact<{
  resumeFrom?: string | null | undefined;
}>;


export type BalanceUpdatesSubscription = { balanceUpdates: Array<{ __typename: 'Balance', token: string, holding: number, frozen: number, free: number, updatedAt: number, cursor: string | null }> };

export type AccountEventsSubscriptionVariables = Exact<{
  resumeFrom?: string | null | undefined;
}>;


export type AccountEventsSubscription = { accountEvents:
    | { __typename: 'LiquidationEvent', liquidationId: string, timestamp: number, cursor: string, positions: Array<{ __typename: 'LiquidatedPosition', symbol: string, positionQty: number, transferPrice: number }> }
    | { __typename: 'WithdrawalStatusEvent', id: string, side: WalletSide, token: string, amount: number, status: WithdrawalStatus, updatedTime: number, cursor: string }
   };

export type KlinesQueryVariables = Exact<{
  symbol: string;
  interval: KlineInterval;
  first?: number | null | undefined;
}>;


export type KlinesQuery = { __typename: 'Query', klines: Array<{ __typename: 'Kline', interval: KlineInterval, startTime: number, endTime: number, open: number, high: number, low: number, close: number, volume: number, amount: number }> };

export type MarketTickerQueryVariables = Exact<{
  symbol: string;
}>;


export type MarketTickerQuery = { __typename: 'Query', market: { __typename: 'Market', symbol: string, markPrice: number, indexPrice: number, openInterest: number, high24h: number, low24h: number, volume24h: number, amount24h: number, estFundingRate: number, lastFundingRate: number, nextFundingTime: number } | null };

export type MarketTradesQueryVariables = Exact<{
  symbol: string;
  first?: number | null | undefined;
}>;


export type MarketTradesQuery = { __typename: 'Query', marketTrades: Array<{ __typename: 'MarketTrade', symbol: string, side: Side, price: number, quantity: number, timestamp: number }> };

export type MarketsQueryVariables = Exact<{ [key: string]: never; }>;


export type MarketsQuery = { __typename: 'Query', markets: Array<{ __typename: 'Market', symbol: string, status: MarketStatus | null, quoteMin: number, quoteMax: number, quoteTick: number, baseMin: number, baseMax: number, baseTick: number, minNotional: number, priceRange: number, priceScope: number, maxLeverage: number, fundingPeriodHours: number, markPrice: number, estFundingRate: number, nextFundingTime: number }> };

export type OrderBookQueryVariables = Exact<{
  symbol: string;
  depth?: number | null | undefined;
}>;


export type OrderBookQuery = { __typename: 'Query', orderBook: { __typename: 'OrderBook', symbol: string, timestamp: number, asks: Array<{ __typename: 'BookLevel', price: number, quantity: number }>, bids: Array<{ __typename: 'BookLevel', price: number, quantity: number }> } };

export type RebateSummaryQueryVariables = Exact<{
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
}>;


export type RebateSummaryQuery = { __typename: 'Query', refereeRebateSummary: { __typename: 'RefereeRebateSummary', totalRefereeRebate: number, days: Array<{ __typename: 'RefereeRebateDay', date: string, refereeRebate: number }> } | null };

export type BalancesQueryVariables = Exact<{
  includeZero?: boolean | null | undefined;
}>;


export type BalancesQuery = { __typename: 'Query', account: { __typename: 'Account', balances: Array<{ __typename: 'Balance', token: string, holding: number, frozen: number, free: number, pendingShort: number, updatedAt: number }> | null } | null };

export type CancelAllOrdersMutationVariables = Exact<{
  symbol?: string | null | undefined;
}>;


export type CancelAllOrdersMutation = { __typename: 'Mutation', cancelAllOrders:
    | { __typename: 'CancelAllOrdersSuccess', status: string, symbol: string | null }
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'UpstreamRejectedError', code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type CancelOrderMutationVariables = Exact<{
  input: CancelOrderInput;
}>;


export type CancelOrderMutation = { __typename: 'Mutation', cancelOrder:
    | { __typename: 'CancelOrderSuccess', status: string, order: { __typename: 'Order', clientOrderId: string, orderId: number | string, symbol: string, base: string | null, quote: string | null, side: Side, type: OrderType, status: OrderStatus, isFinal: boolean, marginMode: MarginMode, price: number | null, quantity: number | null, amount: number | null, executedQuantity: number, remainingQuantity: number | null, averageExecutedPrice: number | null, filledFraction: number | null, reduceOnly: boolean, orderTag: string | null, totalFee: number, feeAsset: string, realizedPnl: number, createdTime: number, updatedTime: number } | null }
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, upstreamCode: number, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'UpstreamRejectedError', upstreamCode: number, upstreamMessage: string, code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type CancelOrdersMutationVariables = Exact<{
  input: CancelOrdersInput;
}>;


export type CancelOrdersMutation = { __typename: 'Mutation', cancelOrders:
    | { __typename: 'CancelOrdersSuccess', status: string }
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'UpstreamRejectedError', upstreamCode: number, upstreamMessage: string, code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type TradingDashboardQueryVariables = Exact<{
  clientOrderIds: Array<string> | string;
}>;


export type TradingDashboardQuery = { __typename: 'Query', account: { __typename: 'Account', id: string, email: string | null, accountMode: AccountMode | null, maxLeverage: number, maintenanceCancelOrders: boolean, feeRates: Array<{ __typename: 'MarketFeeRates', kind: MarketKind, makerFeeRate: number, takerFeeRate: number }>, imrFactors: Array<{ __typename: 'SymbolValue', symbol: string, value: number }>, maxNotionals: Array<{ __typename: 'SymbolValue', symbol: string, value: number }> } | null, orders: Array<{ __typename: 'Order', clientOrderId: string, orderId: number | string, symbol: string, base: string | null, quote: string | null, side: Side, type: OrderType, status: OrderStatus, isFinal: boolean, marginMode: MarginMode, price: number | null, quantity: number | null, amount: number | null, executedQuantity: number, remainingQuantity: number | null, averageExecutedPrice: number | null, filledFraction: number | null, reduceOnly: boolean, orderTag: string | null, totalFee: number, feeAsset: string, realizedPnl: number, createdTime: number, updatedTime: number } | null> | null };

export type EditOrderMutationVariables = Exact<{
  input: EditOrderInput;
}>;


export type EditOrderMutation = { __typename: 'Mutation', editOrder:
    | { __typename: 'EditOrderSuccess', status: string, order: { __typename: 'Order', clientOrderId: string, orderId: number | string, symbol: string, base: string | null, quote: string | null, side: Side, type: OrderType, status: OrderStatus, isFinal: boolean, marginMode: MarginMode, price: number | null, quantity: number | null, amount: number | null, executedQuantity: number, remainingQuantity: number | null, averageExecutedPrice: number | null, filledFraction: number | null, reduceOnly: boolean, orderTag: string | null, totalFee: number, feeAsset: string, realizedPnl: number, createdTime: number, updatedTime: number } | null }
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, upstreamCode: number, code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'UpstreamRejectedError', upstreamCode: number, upstreamMessage: string, code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

type MutationError_BatchItemError_Fragment = { __typename: 'BatchItemError', code: ErrorCode, message: string };

type MutationError_ForbiddenError_Fragment = { __typename: 'ForbiddenError', code: ErrorCode, message: string };

type MutationError_InputError_Fragment = { __typename: 'InputError', field: string | null, rule: string, upstreamCode: number, code: ErrorCode, message: string };

type MutationError_RateLimitedError_Fragment = { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string };

type MutationError_UpstreamRejectedError_Fragment = { __typename: 'UpstreamRejectedError', upstreamCode: number, upstreamMessage: string, code: ErrorCode, message: string };

type MutationError_UpstreamUnavailableError_Fragment = { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string };

export type MutationErrorFragment =
  | MutationError_BatchItemError_Fragment
  | MutationError_ForbiddenError_Fragment
  | MutationError_InputError_Fragment
  | MutationError_RateLimitedError_Fragment
  | MutationError_UpstreamRejectedError_Fragment
  | MutationError_UpstreamUnavailableError_Fragment
;

export type OpenOrdersQueryVariables = Exact<{
  filter?: OrderFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type OpenOrdersQuery = { __typename: 'Query', account: { __typename: 'Account', orders: { __typename: 'OrderConnection', totalCount: number, edges: Array<{ __typename: 'OrderEdge', cursor: string, node: { __typename: 'Order', clientOrderId: string, orderId: number | string, symbol: string, base: string | null, quote: string | null, side: Side, type: OrderType, status: OrderStatus, isFinal: boolean, marginMode: MarginMode, price: number | null, quantity: number | null, amount: number | null, executedQuantity: number, remainingQuantity: number | null, averageExecutedPrice: number | null, filledFraction: number | null, reduceOnly: boolean, orderTag: string | null, totalFee: number, feeAsset: string, realizedPnl: number, createdTime: number, updatedTime: number } }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor: string | null } } | null } | null };

export type OrderFieldsFragment = { __typename: 'Order', clientOrderId: string, orderId: number | string, symbol: string, base: string | null, quote: string | null, side: Side, type: OrderType, status: OrderStatus, isFinal: boolean, marginMode: MarginMode, price: number | null, quantity: number | null, amount: number | null, executedQuantity: number, remainingQuantity: number | null, averageExecutedPrice: number | null, filledFraction: number | null, reduceOnly: boolean, orderTag: string | null, totalFee: number, feeAsset: string, realizedPnl: number, createdTime: number, updatedTime: number };

export type OrderStatusQueryVariables = Exact<{
  clientOrderId: string;
}>;


export type OrderStatusQuery = { __typename: 'Query', order: { __typename: 'Order', clientOrderId: string, orderId: number | string, symbol: string, base: string | null, quote: string | null, side: Side, type: OrderType, status: OrderStatus, isFinal: boolean, marginMode: MarginMode, price: number | null, quantity: number | null, amount: number | null, executedQuantity: number, remainingQuantity: number | null, averageExecutedPrice: number | null, filledFraction: number | null, reduceOnly: boolean, orderTag: string | null, totalFee: number, feeAsset: string, realizedPnl: number, createdTime: number, updatedTime: number } | null };

export type PlaceOrderMutationVariables = Exact<{
  input: PlaceOrderInput;
}>;


export type PlaceOrderMutation = { __typename: 'Mutation', placeOrder:
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', field: string | null, rule: string, upstreamCode: number, code: ErrorCode, message: string }
    | { __typename: 'PlaceOrderSuccess', receipt: { __typename: 'OrderReceipt', orderId: number | string, clientOrderId: string | null, orderType: OrderType, orderPrice: number | null, orderQuantity: number | null, errorMessage: string }, order: { __typename: 'Order', clientOrderId: string, orderId: number | string, symbol: string, base: string | null, quote: string | null, side: Side, type: OrderType, status: OrderStatus, isFinal: boolean, marginMode: MarginMode, price: number | null, quantity: number | null, amount: number | null, executedQuantity: number, remainingQuantity: number | null, averageExecutedPrice: number | null, filledFraction: number | null, reduceOnly: boolean, orderTag: string | null, totalFee: number, feeAsset: string, realizedPnl: number, createdTime: number, updatedTime: number } | null }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'UpstreamRejectedError', upstreamCode: number, upstreamMessage: string, code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type PlaceOrdersMutationVariables = Exact<{
  inputs: Array<PlaceOrderInput> | PlaceOrderInput;
}>;


export type PlaceOrdersMutation = { __typename: 'Mutation', placeOrders:
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', code: ErrorCode, message: string }
    | { __typename: 'PlaceOrdersSuccess', results: Array<
        | { __typename: 'BatchItemError', index: number, clientOrderId: string | null, upstreamMessage: string, code: ErrorCode, message: string }
        | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
        | { __typename: 'InputError', code: ErrorCode, message: string }
        | { __typename: 'PlaceOrderSuccess', receipt: { __typename: 'OrderReceipt', orderId: number | string, clientOrderId: string | null, orderType: OrderType, orderPrice: number | null, orderQuantity: number | null, errorMessage: string } }
        | { __typename: 'RateLimitedError', code: ErrorCode, message: string }
        | { __typename: 'UpstreamRejectedError', code: ErrorCode, message: string }
        | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
      > }
    | { __typename: 'RateLimitedError', retryAfterMs: number, code: ErrorCode, message: string }
    | { __typename: 'UpstreamRejectedError', code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type PositionsQueryVariables = Exact<{ [key: string]: never; }>;


export type PositionsQuery = { __typename: 'Query', account: { __typename: 'Account', positions: { __typename: 'Positions', freeCollateral: number, totalCollateralValue: number, marginRatio: number, initialMarginRatio: number, maintenanceMarginRatio: number, openMarginRatio: number, totalPnl24h: number, rows: Array<{ __typename: 'Position', symbol: string, marginMode: MarginMode, quantity: number, side: PositionSide, costPosition: number, averageOpenPrice: number, markPrice: number, estLiquidationPrice: number | null, unsettledPnl: number, pnl24h: number, fee24h: number, pendingLongQuantity: number, pendingShortQuantity: number, leverage: number, imr: number, mmr: number, updatedAt: number }> } | null } | null };

export type SetDefaultMarginModeMutationVariables = Exact<{
  input: SetDefaultMarginModeInput;
}>;


export type SetDefaultMarginModeMutation = { __typename: 'Mutation', setDefaultMarginMode:
    | { __typename: 'ForbiddenError', code: ErrorCode, message: string }
    | { __typename: 'InputError', code: ErrorCode, message: string }
    | { __typename: 'RateLimitedError', code: ErrorCode, message: string }
    | { __typename: 'SetDefaultMarginModeSuccess', symbol: string, defaultMarginMode: MarginMode }
    | { __typename: 'UpstreamRejectedError', code: ErrorCode, message: string }
    | { __typename: 'UpstreamUnavailableError', code: ErrorCode, message: string }
   | null };

export type StrategyVaultNonceQueryVariables = Exact<{ [key: string]: never; }>;


export type StrategyVaultNonceQuery = { __typename: 'Query', strategyVaultNonce: number | string | null };

export const AlgoOrderFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AlgoOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AlgoOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"childOrders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"isActivated"}}]}}]}}]} as unknown as DocumentNode<AlgoOrderFieldsFragment, unknown>;
export const MutationErrorFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MutationError"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpstreamRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}}]}}]} as unknown as DocumentNode<MutationErrorFragment, unknown>;
export const OrderFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"base"}},{"kind":"Field","name":{"kind":"Name","value":"quote"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isFinal"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"remainingQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"averageExecutedPrice"}},{"kind":"Field","name":{"kind":"Name","value":"filledFraction"}},{"kind":"Field","name":{"kind":"Name","value":"reduceOnly"}},{"kind":"Field","name":{"kind":"Name","value":"orderTag"}},{"kind":"Field","name":{"kind":"Name","value":"totalFee"}},{"kind":"Field","name":{"kind":"Name","value":"feeAsset"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdTime"}},{"kind":"Field","name":{"kind":"Name","value":"updatedTime"}}]}}]} as unknown as DocumentNode<OrderFieldsFragment, unknown>;
export const CreateReferralCodeDocument = {"__meta__":{"hash":"b3c8c110b34be353b1e84cf48b2c34cf74192e571ab9fa8d393e72a7f5aa8d08"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateReferralCode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateReferralCodeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"createReferralCode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateReferralCodeSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"referralCode"}},{"kind":"Field","name":{"kind":"Name","value":"maxRebateRate"}},{"kind":"Field","name":{"kind":"Name","value":"referrerRebateRate"}},{"kind":"Field","name":{"kind":"Name","value":"refereeRebateRate"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CreateReferralCodeMutation, CreateReferralCodeMutationVariables>;
export const ReferralAdminPageDocument = {"__meta__":{"hash":"d55f0c130f433a2fdde66cac19df6147467bffa5f8517e77de7fb46e60ac518f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReferralAdminPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"accountId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userAddress"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"size"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sortBy"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ReferralSort"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"referralAdminInfo"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"accountId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"accountId"}}},{"kind":"Argument","name":{"kind":"Name","value":"userAddress"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userAddress"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"size"},"value":{"kind":"Variable","name":{"kind":"Name","value":"size"}}},{"kind":"Argument","name":{"kind":"Name","value":"sortBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sortBy"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"userAddress"}},{"kind":"Field","name":{"kind":"Name","value":"numberOfCodes"}},{"kind":"Field","name":{"kind":"Name","value":"totalInvites"}},{"kind":"Field","name":{"kind":"Name","value":"totalTraded"}},{"kind":"Field","name":{"kind":"Name","value":"refereeVolume"}},{"kind":"Field","name":{"kind":"Name","value":"refereeFee"}},{"kind":"Field","name":{"kind":"Name","value":"svcFee"}},{"kind":"Field","name":{"kind":"Name","value":"referralCodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"maxRebateRate"}},{"kind":"Field","name":{"kind":"Name","value":"referrerRebateRate"}},{"kind":"Field","name":{"kind":"Name","value":"refereeRebateRate"}},{"kind":"Field","name":{"kind":"Name","value":"totalReferrerRebate"}},{"kind":"Field","name":{"kind":"Name","value":"totalRefereeRebate"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"meta"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"currentPage"}},{"kind":"Field","name":{"kind":"Name","value":"recordsPerPage"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"totalPages"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]} as unknown as DocumentNode<ReferralAdminPageQuery, ReferralAdminPageQueryVariables>;
export const SetAffiliateRebateRateDocument = {"__meta__":{"hash":"2d751a28199a218d133fde8bcc2be424215b6de4fea0882b414ea2cb59e77626"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetAffiliateRebateRate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetAffiliateRebateRateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"setAffiliateRebateRate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SetAffiliateRebateRateSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"rebateRate"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SetAffiliateRebateRateMutation, SetAffiliateRebateRateMutationVariables>;
export const SetDefaultFeeRatesDocument = {"__meta__":{"hash":"4baf56319d3f41cd2ccdff04356d41dca49c4173f8544869cb778bf3d6e65b6b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetDefaultFeeRates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetDefaultFeeRatesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"setDefaultFeeRates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SetDefaultFeeRatesSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"makerFeeRate"}},{"kind":"Field","name":{"kind":"Name","value":"takerFeeRate"}},{"kind":"Field","name":{"kind":"Name","value":"rwaMakerFeeRate"}},{"kind":"Field","name":{"kind":"Name","value":"rwaTakerFeeRate"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SetDefaultFeeRatesMutation, SetDefaultFeeRatesMutationVariables>;
export const UpdateOrderTagFeeConfigDocument = {"__meta__":{"hash":"077a273495c1fe42bece9cfc01214b635f79151e5678beb14c5efd330d54c655"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateOrderTagFeeConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"enumId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderTagFeeConfigInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"updateOrderTagFeeConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"enumId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"enumId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateOrderTagFeeConfigSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"enumId"}},{"kind":"Field","name":{"kind":"Name","value":"orderTag"}},{"kind":"Field","name":{"kind":"Name","value":"pairOverrides"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateOrderTagFeeConfigMutation, UpdateOrderTagFeeConfigMutationVariables>;
export const UpsertPointsStageDocument = {"__meta__":{"hash":"f6717642a25551d2f551ab0d281a38b563bf1de54fa3afbb23b7e3da3aede148"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpsertPointsStage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpsertPointsStageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upsertPointsStage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpsertPointsStageSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"stageId"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<UpsertPointsStageMutation, UpsertPointsStageMutationVariables>;
export const AlgoOrdersDocument = {"__meta__":{"hash":"8c4518663fbc193e36bf7be1a9fd8ce49c2b610916a56558e1ed16da61c8c30b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AlgoOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AlgoOrderFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"AlgoOrderFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AlgoOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AlgoOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"childOrders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"isActivated"}}]}}]}}]} as unknown as DocumentNode<AlgoOrdersQuery, AlgoOrdersQueryVariables>;
export const CancelAlgoOrderDocument = {"__meta__":{"hash":"65bd19c700c42527e0848b5f1f2fa7200db0cc2bc07080053ec170dc04495ede"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelAlgoOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CancelAlgoOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"cancelAlgoOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CancelAlgoOrderSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MutationError"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MutationError"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpstreamRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}}]}}]} as unknown as DocumentNode<CancelAlgoOrderMutation, CancelAlgoOrderMutationVariables>;
export const CancelAlgoOrdersDocument = {"__meta__":{"hash":"d3b8a254a0baadb3a9664aa32c855c4f8fea414f9f5e6aaa22a112037ff869f1"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelAlgoOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"algoType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AlgoType"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"cancelAlgoOrders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"algoType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"algoType"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CancelAlgoOrdersSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MutationError"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MutationError"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpstreamRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}}]}}]} as unknown as DocumentNode<CancelAlgoOrdersMutation, CancelAlgoOrdersMutationVariables>;
export const EditAlgoOrderDocument = {"__meta__":{"hash":"702f748019e5ca9372a82ca4745365b7dcdc3aefa76ce6b6a87fac26ed535ec6"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"EditAlgoOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EditAlgoOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"editAlgoOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EditAlgoOrderSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"AlgoOrderFields"}}]}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MutationError"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AlgoOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AlgoOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"childOrders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"isActivated"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MutationError"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpstreamRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}}]}}]} as unknown as DocumentNode<EditAlgoOrderMutation, EditAlgoOrderMutationVariables>;
export const LeverageDocument = {"__meta__":{"hash":"64c3b36f1953c2a6d0168d692b0ad6b07106d413633f67a8980f2fa9d6b62c51"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Leverage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","alias":{"kind":"Name","value":"cross"},"name":{"kind":"Name","value":"leverage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}]},{"kind":"Field","alias":{"kind":"Name","value":"isolated"},"name":{"kind":"Name","value":"leverage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"marginMode"},"value":{"kind":"EnumValue","value":"ISOLATED"}}]}]}}]}}]} as unknown as DocumentNode<LeverageQuery, LeverageQueryVariables>;
export const SetLeverageDocument = {"__meta__":{"hash":"d14cf0770695642d42f412537b60aa6911e6851ff15df61922e29a2134c3bbbf"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetLeverage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetLeverageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"setLeverage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SetLeverageSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"leverage"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MutationError"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MutationError"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpstreamRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}}]}}]} as unknown as DocumentNode<SetLeverageMutation, SetLeverageMutationVariables>;
export const PlaceAlgoOrderDocument = {"__meta__":{"hash":"fe891e751accba18465193c9220355d2c26d0a6d677cca17755d09f9429909e7"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PlaceAlgoOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PlaceAlgoOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"placeAlgoOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaceAlgoOrderSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"AlgoOrderFields"}}]}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MutationError"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AlgoOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AlgoOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"childOrders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"isActivated"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MutationError"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpstreamRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}}]}}]} as unknown as DocumentNode<PlaceAlgoOrderMutation, PlaceAlgoOrderMutationVariables>;
export const PositionTpSlDocument = {"__meta__":{"hash":"1c206b17f5c5869fb46ad5e490488e432bc6e94c2b418cb9665a4c51318987dd"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PositionTpSl"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"positions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"averageOpenPrice"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}},{"kind":"Field","name":{"kind":"Name","value":"tpsl"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"full"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"AlgoOrderFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"partialTakeProfits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"AlgoOrderFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"partialStopLosses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"AlgoOrderFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"partialTakeProfitSlotsLeft"}},{"kind":"Field","name":{"kind":"Name","value":"partialStopLossSlotsLeft"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AlgoOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AlgoOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"childOrders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"isActivated"}}]}}]}}]} as unknown as DocumentNode<PositionTpSlQuery, PositionTpSlQueryVariables>;
export const SetPositionTpSlDocument = {"__meta__":{"hash":"08703774007d8031e646c479557157f76b1c8f10d59d0cdcff6b2f131f70e3a7"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetPositionTpSl"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetPositionTpSlInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"setPositionTpSl"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SetPositionTpSlSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"takeProfitTriggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"stopLossTriggerPrice"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MutationError"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MutationError"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpstreamRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}}]}}]} as unknown as DocumentNode<SetPositionTpSlMutation, SetPositionTpSlMutationVariables>;
export const AlgoOrderUpdatesDocument = {"__meta__":{"hash":"971ad5973f61d620f285172506107eb816aa6f815e75a7189ada0d3511a2e84b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"AlgoOrderUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resumeFrom"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"algoOrderUpdates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"resumeFrom"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resumeFrom"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"AlgoOrderFields"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AlgoOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AlgoOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"childOrders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"algoOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"algoType"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"triggerPrice"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isTriggered"}},{"kind":"Field","name":{"kind":"Name","value":"isActivated"}}]}}]}}]} as unknown as DocumentNode<AlgoOrderUpdatesSubscription, AlgoOrderUpdatesSubscriptionVariables>;
export const CancelOnDisconnectDocument = {"__meta__":{"hash":"312bd58e6be1c995920cdf6685e857e576985772c5b3d172ad2c964b0a4c78ee"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"CancelOnDisconnect"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"afterMs"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelOnDisconnect"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"afterMs"},"value":{"kind":"Variable","name":{"kind":"Name","value":"afterMs"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"afterMs"}},{"kind":"Field","name":{"kind":"Name","value":"expectedTriggerTime"}}]}}]}}]} as unknown as DocumentNode<CancelOnDisconnectSubscription, CancelOnDisconnectSubscriptionVariables>;
export const OrderBookUpdatesDocument = {"__meta__":{"hash":"23c81711fd459555409cd2bb62266443b5bf710b42799b9848ec0862e1e7bdb2"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"OrderBookUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"depth"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderBook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"depth"},"value":{"kind":"Variable","name":{"kind":"Name","value":"depth"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}},{"kind":"Field","name":{"kind":"Name","value":"asks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}}]}}]}}]} as unknown as DocumentNode<OrderBookUpdatesSubscription, OrderBookUpdatesSubscriptionVariables>;
export const MarketTradeUpdatesDocument = {"__meta__":{"hash":"4bcecf1d2569f33b64f3172749ef7be9d0591766f53cb37b90893f3aff889bce"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"MarketTradeUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"marketTrades"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]}}]} as unknown as DocumentNode<MarketTradeUpdatesSubscription, MarketTradeUpdatesSubscriptionVariables>;
export const BboUpdatesDocument = {"__meta__":{"hash":"87573108ae2d2d83f9028fd48b9c461adedd6fa47baec99a78a5af5078fa69c4"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"BboUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bbo"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"bidPrice"}},{"kind":"Field","name":{"kind":"Name","value":"bidQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"askPrice"}},{"kind":"Field","name":{"kind":"Name","value":"askQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]}}]} as unknown as DocumentNode<BboUpdatesSubscription, BboUpdatesSubscriptionVariables>;
export const MarkPriceUpdatesDocument = {"__meta__":{"hash":"30af444949d30eff8c299096426f82ad305b6e038c859d324a17f55b0452f0b4"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"MarkPriceUpdates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"markPrices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"price"}}]}}]}}]} as unknown as DocumentNode<MarkPriceUpdatesSubscription, MarkPriceUpdatesSubscriptionVariables>;
export const KlineUpdatesDocument = {"__meta__":{"hash":"4814f9e9cf00b9e748e93f53edd63e071c58a0d8918b7698617dfb0de9f6ff4c"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"KlineUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"interval"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"KlineInterval"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"klines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"interval"},"value":{"kind":"Variable","name":{"kind":"Name","value":"interval"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"interval"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"high"}},{"kind":"Field","name":{"kind":"Name","value":"low"}},{"kind":"Field","name":{"kind":"Name","value":"close"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"startTime"}},{"kind":"Field","name":{"kind":"Name","value":"endTime"}}]}}]}}]} as unknown as DocumentNode<KlineUpdatesSubscription, KlineUpdatesSubscriptionVariables>;
export const TickerDocument = {"__meta__":{"hash":"af7e50edd4d2beed4b9484c4416eb1e410e10378b43e83b08452003f9b2c6b95"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"Ticker"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticker"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"close"}},{"kind":"Field","name":{"kind":"Name","value":"high"}},{"kind":"Field","name":{"kind":"Name","value":"low"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]} as unknown as DocumentNode<TickerSubscription, TickerSubscriptionVariables>;
export const TickersDocument = {"__meta__":{"hash":"335779ec7310b6e19cb23e78b8723e08adb3f21480679b8d02201c4cd6ed8bc0"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"Tickers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tickers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"close"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]} as unknown as DocumentNode<TickersSubscription, TickersSubscriptionVariables>;
export const MaintenanceStatusDocument = {"__meta__":{"hash":"1ced949ec3202e3d73e2f7bd3ec7add26cdf260094118a1bf6dd0ea86896d73d"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"MaintenanceStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"maintenanceStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"underMaintenance"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"startTime"}},{"kind":"Field","name":{"kind":"Name","value":"endTime"}}]}}]}}]} as unknown as DocumentNode<MaintenanceStatusSubscription, MaintenanceStatusSubscriptionVariables>;
export const OrderUpdatesDocument = {"__meta__":{"hash":"1ba880542d3e42d2dff3f8a2730c10cca57a9893a735f30b3205febd5cff22b0"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"OrderUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resumeFrom"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderUpdates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"resumeFrom"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resumeFrom"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isFinal"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"avgPrice"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"fill"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"fee"}},{"kind":"Field","name":{"kind":"Name","value":"feeAsset"}},{"kind":"Field","name":{"kind":"Name","value":"tradeId"}}]}}]}}]}}]} as unknown as DocumentNode<OrderUpdatesSubscription, OrderUpdatesSubscriptionVariables>;
export const PositionUpdatesDocument = {"__meta__":{"hash":"b6aab830347145062b9ffe559dfefb2c193db3b811121cdb0882bf62ea0cb7cd"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"PositionUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resumeFrom"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"positionUpdates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"resumeFrom"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resumeFrom"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"averageOpenPrice"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}},{"kind":"Field","name":{"kind":"Name","value":"unsettledPnl"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}}]} as unknown as DocumentNode<PositionUpdatesSubscription, PositionUpdatesSubscriptionVariables>;
export const BalanceUpdatesDocument = {"__meta__":{"hash":"f1417e94e8aa56f36960a695f53aea95a5cb213f4a0c7280a7000d6ea12eaa06"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"BalanceUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resumeFrom"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balanceUpdates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"resumeFrom"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resumeFrom"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"holding"}},{"kind":"Field","name":{"kind":"Name","value":"frozen"}},{"kind":"Field","name":{"kind":"Name","value":"free"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}}]} as unknown as DocumentNode<BalanceUpdatesSubscription, BalanceUpdatesSubscriptionVariables>;
export const AccountEventsDocument = {"__meta__":{"hash":"31935724c78f00ec3463ec85cf0194b94b528c659146d8bf38e632c42e0077a4"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"AccountEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resumeFrom"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"resumeFrom"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resumeFrom"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LiquidationEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"liquidationId"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}},{"kind":"Field","name":{"kind":"Name","value":"positions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"positionQty"}},{"kind":"Field","name":{"kind":"Name","value":"transferPrice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WithdrawalStatusEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"updatedTime"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}}]}}]} as unknown as DocumentNode<AccountEventsSubscription, AccountEventsSubscriptionVariables>;
export const KlinesDocument = {"__meta__":{"hash":"a3f3694dcac3b0b1cce89f043671ecf0749639e4edaf5826c89e472847d05fc9"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Klines"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"interval"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"KlineInterval"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"klines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"interval"},"value":{"kind":"Variable","name":{"kind":"Name","value":"interval"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"interval"}},{"kind":"Field","name":{"kind":"Name","value":"startTime"}},{"kind":"Field","name":{"kind":"Name","value":"endTime"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"high"}},{"kind":"Field","name":{"kind":"Name","value":"low"}},{"kind":"Field","name":{"kind":"Name","value":"close"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]} as unknown as DocumentNode<KlinesQuery, KlinesQueryVariables>;
export const MarketTickerDocument = {"__meta__":{"hash":"c341d39cce5ba889b28b9b18fbd5543abbce0a28f9a12299e6ae795830afb4cc"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MarketTicker"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"market"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}},{"kind":"Field","name":{"kind":"Name","value":"indexPrice"}},{"kind":"Field","name":{"kind":"Name","value":"openInterest"}},{"kind":"Field","name":{"kind":"Name","value":"high24h"}},{"kind":"Field","name":{"kind":"Name","value":"low24h"}},{"kind":"Field","name":{"kind":"Name","value":"volume24h"}},{"kind":"Field","name":{"kind":"Name","value":"amount24h"}},{"kind":"Field","name":{"kind":"Name","value":"estFundingRate"}},{"kind":"Field","name":{"kind":"Name","value":"lastFundingRate"}},{"kind":"Field","name":{"kind":"Name","value":"nextFundingTime"}}]}}]}}]} as unknown as DocumentNode<MarketTickerQuery, MarketTickerQueryVariables>;
export const MarketTradesDocument = {"__meta__":{"hash":"ea12cd135a6a986fe100e03d5c090cbb0a2ba494d65b3f60c1936dc29a9625b1"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MarketTrades"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"marketTrades"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]}}]} as unknown as DocumentNode<MarketTradesQuery, MarketTradesQueryVariables>;
export const MarketsDocument = {"__meta__":{"hash":"a019a0236f77562b63bd4475bf4f1aa801367d3dcc91387683c65215a2f24ce1"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Markets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"markets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"quoteMin"}},{"kind":"Field","name":{"kind":"Name","value":"quoteMax"}},{"kind":"Field","name":{"kind":"Name","value":"quoteTick"}},{"kind":"Field","name":{"kind":"Name","value":"baseMin"}},{"kind":"Field","name":{"kind":"Name","value":"baseMax"}},{"kind":"Field","name":{"kind":"Name","value":"baseTick"}},{"kind":"Field","name":{"kind":"Name","value":"minNotional"}},{"kind":"Field","name":{"kind":"Name","value":"priceRange"}},{"kind":"Field","name":{"kind":"Name","value":"priceScope"}},{"kind":"Field","name":{"kind":"Name","value":"maxLeverage"}},{"kind":"Field","name":{"kind":"Name","value":"fundingPeriodHours"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}},{"kind":"Field","name":{"kind":"Name","value":"estFundingRate"}},{"kind":"Field","name":{"kind":"Name","value":"nextFundingTime"}}]}}]}}]} as unknown as DocumentNode<MarketsQuery, MarketsQueryVariables>;
export const OrderBookDocument = {"__meta__":{"hash":"72a489bfb78deeeffb8cd9a1ea86c0baf4e742653c662d9879a263ea813e288d"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrderBook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"depth"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"orderBook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"depth"},"value":{"kind":"Variable","name":{"kind":"Name","value":"depth"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"asks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]}}]} as unknown as DocumentNode<OrderBookQuery, OrderBookQueryVariables>;
export const RebateSummaryDocument = {"__meta__":{"hash":"6c52653ae12a849617c62d4d339e7d7762c73b7d12ebc0126ed41f9ee26dddab"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RebateSummary"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"startDate"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endDate"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"refereeRebateSummary"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"startDate"},"value":{"kind":"Variable","name":{"kind":"Name","value":"startDate"}}},{"kind":"Argument","name":{"kind":"Name","value":"endDate"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endDate"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"totalRefereeRebate"}},{"kind":"Field","name":{"kind":"Name","value":"days"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"refereeRebate"}}]}}]}}]}}]} as unknown as DocumentNode<RebateSummaryQuery, RebateSummaryQueryVariables>;
export const BalancesDocument = {"__meta__":{"hash":"a4850e887cd806df68e024ee4406994e865047d9c79f261c79557c53194ccb86"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Balances"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"includeZero"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"balances"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"includeZero"},"value":{"kind":"Variable","name":{"kind":"Name","value":"includeZero"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"holding"}},{"kind":"Field","name":{"kind":"Name","value":"frozen"}},{"kind":"Field","name":{"kind":"Name","value":"free"}},{"kind":"Field","name":{"kind":"Name","value":"pendingShort"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]} as unknown as DocumentNode<BalancesQuery, BalancesQueryVariables>;
export const CancelAllOrdersDocument = {"__meta__":{"hash":"472cb031d4194fb2c054280dfc6a2b65d4410eda8c690583bc17d183a925d3e0"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelAllOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"cancelAllOrders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CancelAllOrdersSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CancelAllOrdersMutation, CancelAllOrdersMutationVariables>;
export const CancelOrderDocument = {"__meta__":{"hash":"445ad450e2ef0d921cd037530f517aa648c7354661726dbf47af9f77f2a28ae2"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CancelOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"cancelOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CancelOrderSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderFields"}}]}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MutationError"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"base"}},{"kind":"Field","name":{"kind":"Name","value":"quote"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isFinal"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"remainingQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"averageExecutedPrice"}},{"kind":"Field","name":{"kind":"Name","value":"filledFraction"}},{"kind":"Field","name":{"kind":"Name","value":"reduceOnly"}},{"kind":"Field","name":{"kind":"Name","value":"orderTag"}},{"kind":"Field","name":{"kind":"Name","value":"totalFee"}},{"kind":"Field","name":{"kind":"Name","value":"feeAsset"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdTime"}},{"kind":"Field","name":{"kind":"Name","value":"updatedTime"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MutationError"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpstreamRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}}]}}]} as unknown as DocumentNode<CancelOrderMutation, CancelOrderMutationVariables>;
export const CancelOrdersDocument = {"__meta__":{"hash":"1cb3a0697b4de69786ac5d28b89c79774dfa8f63faf5549bd514bbeb1d250f0f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CancelOrdersInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"cancelOrders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CancelOrdersSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpstreamRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CancelOrdersMutation, CancelOrdersMutationVariables>;
export const TradingDashboardDocument = {"__meta__":{"hash":"099e91577d0c792fe7d9d654cb50fd22eff4dbb786cb1ba14aa14f46c618cd5f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TradingDashboard"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientOrderIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"accountMode"}},{"kind":"Field","name":{"kind":"Name","value":"maxLeverage"}},{"kind":"Field","name":{"kind":"Name","value":"maintenanceCancelOrders"}},{"kind":"Field","name":{"kind":"Name","value":"feeRates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"makerFeeRate"}},{"kind":"Field","name":{"kind":"Name","value":"takerFeeRate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"imrFactors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"maxNotionals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientOrderIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientOrderIds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"base"}},{"kind":"Field","name":{"kind":"Name","value":"quote"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isFinal"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"remainingQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"averageExecutedPrice"}},{"kind":"Field","name":{"kind":"Name","value":"filledFraction"}},{"kind":"Field","name":{"kind":"Name","value":"reduceOnly"}},{"kind":"Field","name":{"kind":"Name","value":"orderTag"}},{"kind":"Field","name":{"kind":"Name","value":"totalFee"}},{"kind":"Field","name":{"kind":"Name","value":"feeAsset"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdTime"}},{"kind":"Field","name":{"kind":"Name","value":"updatedTime"}}]}}]} as unknown as DocumentNode<TradingDashboardQuery, TradingDashboardQueryVariables>;
export const EditOrderDocument = {"__meta__":{"hash":"fe36933db4acd25b6ee4be1a02e4e0cf6f51a97aa2204ba790433155eb8f5794"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"EditOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EditOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"editOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EditOrderSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderFields"}}]}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MutationError"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"base"}},{"kind":"Field","name":{"kind":"Name","value":"quote"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isFinal"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"remainingQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"averageExecutedPrice"}},{"kind":"Field","name":{"kind":"Name","value":"filledFraction"}},{"kind":"Field","name":{"kind":"Name","value":"reduceOnly"}},{"kind":"Field","name":{"kind":"Name","value":"orderTag"}},{"kind":"Field","name":{"kind":"Name","value":"totalFee"}},{"kind":"Field","name":{"kind":"Name","value":"feeAsset"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdTime"}},{"kind":"Field","name":{"kind":"Name","value":"updatedTime"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MutationError"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpstreamRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}}]}}]} as unknown as DocumentNode<EditOrderMutation, EditOrderMutationVariables>;
export const OpenOrdersDocument = {"__meta__":{"hash":"bcfacc82fca882e82343a030bd2cfe7b7e1507c3518c127c923e94e7751ea494"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OpenOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"base"}},{"kind":"Field","name":{"kind":"Name","value":"quote"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isFinal"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"remainingQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"averageExecutedPrice"}},{"kind":"Field","name":{"kind":"Name","value":"filledFraction"}},{"kind":"Field","name":{"kind":"Name","value":"reduceOnly"}},{"kind":"Field","name":{"kind":"Name","value":"orderTag"}},{"kind":"Field","name":{"kind":"Name","value":"totalFee"}},{"kind":"Field","name":{"kind":"Name","value":"feeAsset"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdTime"}},{"kind":"Field","name":{"kind":"Name","value":"updatedTime"}}]}}]} as unknown as DocumentNode<OpenOrdersQuery, OpenOrdersQueryVariables>;
export const OrderStatusDocument = {"__meta__":{"hash":"8ab0f8022ebb2c88a5e5e2586a0621823120fe402b17c3efe2a64222c0050c38"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrderStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientOrderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"order"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientOrderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientOrderId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"base"}},{"kind":"Field","name":{"kind":"Name","value":"quote"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isFinal"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"remainingQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"averageExecutedPrice"}},{"kind":"Field","name":{"kind":"Name","value":"filledFraction"}},{"kind":"Field","name":{"kind":"Name","value":"reduceOnly"}},{"kind":"Field","name":{"kind":"Name","value":"orderTag"}},{"kind":"Field","name":{"kind":"Name","value":"totalFee"}},{"kind":"Field","name":{"kind":"Name","value":"feeAsset"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdTime"}},{"kind":"Field","name":{"kind":"Name","value":"updatedTime"}}]}}]} as unknown as DocumentNode<OrderStatusQuery, OrderStatusQueryVariables>;
export const PlaceOrderDocument = {"__meta__":{"hash":"0919587f2e29cb35804681d01f0f1c7bb04123319c0477fac269412bb9b335aa"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PlaceOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PlaceOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"placeOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaceOrderSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"receipt"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderType"}},{"kind":"Field","name":{"kind":"Name","value":"orderPrice"}},{"kind":"Field","name":{"kind":"Name","value":"orderQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderFields"}}]}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MutationError"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"base"}},{"kind":"Field","name":{"kind":"Name","value":"quote"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"isFinal"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"executedQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"remainingQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"averageExecutedPrice"}},{"kind":"Field","name":{"kind":"Name","value":"filledFraction"}},{"kind":"Field","name":{"kind":"Name","value":"reduceOnly"}},{"kind":"Field","name":{"kind":"Name","value":"orderTag"}},{"kind":"Field","name":{"kind":"Name","value":"totalFee"}},{"kind":"Field","name":{"kind":"Name","value":"feeAsset"}},{"kind":"Field","name":{"kind":"Name","value":"realizedPnl"}},{"kind":"Field","name":{"kind":"Name","value":"createdTime"}},{"kind":"Field","name":{"kind":"Name","value":"updatedTime"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MutationError"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpstreamRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}}]}}]} as unknown as DocumentNode<PlaceOrderMutation, PlaceOrderMutationVariables>;
export const PlaceOrdersDocument = {"__meta__":{"hash":"73572db98f645b65629ec44f459df64ecf1f832b17eb898ad5cddc784d96c361"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PlaceOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PlaceOrderInput"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"placeOrders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"inputs"},"value":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaceOrdersSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PlaceOrderSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"receipt"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderType"}},{"kind":"Field","name":{"kind":"Name","value":"orderPrice"}},{"kind":"Field","name":{"kind":"Name","value":"orderQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BatchItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"clientOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamMessage"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"retryAfterMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<PlaceOrdersMutation, PlaceOrdersMutationVariables>;
export const PositionsDocument = {"__meta__":{"hash":"1925ab6c818d7d0ef4e81d3576db648b5fd17b592b93fa35ce77e4f6c37fca05"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Positions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"positions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"freeCollateral"}},{"kind":"Field","name":{"kind":"Name","value":"totalCollateralValue"}},{"kind":"Field","name":{"kind":"Name","value":"marginRatio"}},{"kind":"Field","name":{"kind":"Name","value":"initialMarginRatio"}},{"kind":"Field","name":{"kind":"Name","value":"maintenanceMarginRatio"}},{"kind":"Field","name":{"kind":"Name","value":"openMarginRatio"}},{"kind":"Field","name":{"kind":"Name","value":"totalPnl24h"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"marginMode"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"costPosition"}},{"kind":"Field","name":{"kind":"Name","value":"averageOpenPrice"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}},{"kind":"Field","name":{"kind":"Name","value":"estLiquidationPrice"}},{"kind":"Field","name":{"kind":"Name","value":"unsettledPnl"}},{"kind":"Field","name":{"kind":"Name","value":"pnl24h"}},{"kind":"Field","name":{"kind":"Name","value":"fee24h"}},{"kind":"Field","name":{"kind":"Name","value":"pendingLongQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"pendingShortQuantity"}},{"kind":"Field","name":{"kind":"Name","value":"leverage"}},{"kind":"Field","name":{"kind":"Name","value":"imr"}},{"kind":"Field","name":{"kind":"Name","value":"mmr"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<PositionsQuery, PositionsQueryVariables>;
export const SetDefaultMarginModeDocument = {"__meta__":{"hash":"3c39ee2d32fad952bee447c97ba62aab754d62acbb80fdc1af8dab6665122114"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetDefaultMarginMode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetDefaultMarginModeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"setDefaultMarginMode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SetDefaultMarginModeSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"defaultMarginMode"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SetDefaultMarginModeMutation, SetDefaultMarginModeMutationVariables>;
export const StrategyVaultNonceDocument = {"__meta__":{"hash":"10cfaf4e4d594d937223c6e6644e4c63cbf1207bbc4cc716b695f911a0c66524"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StrategyVaultNonce"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"strategyVaultNonce"}}]}}]} as unknown as DocumentNode<StrategyVaultNonceQuery, StrategyVaultNonceQueryVariables>;