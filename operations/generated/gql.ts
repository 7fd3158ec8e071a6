/* eslint-disable */
import * as types from './graphql.ts';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "mutation CreateReferralCode($input: CreateReferralCodeInput!) {\n  createReferralCode(input: $input) {\n    ... on CreateReferralCodeSuccess {\n      accountId\n      referralCode\n      maxRebateRate\n      referrerRebateRate\n      refereeRebateRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": typeof types.CreateReferralCodeDocument,
    "query ReferralAdminPage($accountId: String, $userAddress: String, $page: Int, $size: Int, $sortBy: ReferralSort) {\n  referralAdminInfo(\n    accountId: $accountId\n    userAddress: $userAddress\n    page: $page\n    size: $size\n    sortBy: $sortBy\n  ) {\n    rows {\n      accountId\n      userAddress\n      numberOfCodes\n      totalInvites\n      totalTraded\n      refereeVolume\n      refereeFee\n      svcFee\n      referralCodes {\n        code\n        maxRebateRate\n        referrerRebateRate\n        refereeRebateRate\n        totalReferrerRebate\n        totalRefereeRebate\n      }\n    }\n    meta {\n      currentPage\n      recordsPerPage\n      total\n      totalPages\n      hasNextPage\n    }\n  }\n}": typeof types.ReferralAdminPageDocument,
    "mutation SetAffiliateRebateRate($input: SetAffiliateRebateRateInput!) {\n  setAffiliateRebateRate(input: $input) {\n    ... on SetAffiliateRebateRateSuccess {\n      accountIds\n      rebateRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": typeof types.SetAffiliateRebateRateDocument,
    "mutation SetDefaultFeeRates($input: SetDefaultFeeRatesInput!) {\n  setDefaultFeeRates(input: $input) {\n    ... on SetDefaultFeeRatesSuccess {\n      makerFeeRate\n      takerFeeRate\n      rwaMakerFeeRate\n      rwaTakerFeeRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": typeof types.SetDefaultFeeRatesDocument,
    "mutation UpdateOrderTagFeeConfig($enumId: String!, $input: OrderTagFeeConfigInput!) {\n  updateOrderTagFeeConfig(enumId: $enumId, input: $input) {\n    ... on UpdateOrderTagFeeConfigSuccess {\n      enumId\n      orderTag\n      pairOverrides {\n        symbol\n        value\n      }\n    }\n    ... on RateLimitedError {\n      retryAfterMs\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": typeof types.UpdateOrderTagFeeConfigDocument,
    "mutation UpsertPointsStage($input: UpsertPointsStageInput!) {\n  upsertPointsStage(input: $input) {\n    ... on UpsertPointsStageSuccess {\n      created\n      stageId\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": typeof types.UpsertPointsStageDocument,
    "query RebateSummary($startDate: Date, $endDate: Date) {\n  refereeRebateSummary(startDate: $startDate, endDate: $endDate) {\n    totalRefereeRebate\n    days {\n      date\n      refereeRebate\n    }\n  }\n}": typeof types.RebateSummaryDocument,
    "query TradingDashboard($clientOrderIds: [String!]!) {\n  account {\n    id\n    email\n    accountMode\n    maxLeverage\n    maintenanceCancelOrders\n    feeRates {\n      kind\n      makerFeeRate\n      takerFeeRate\n    }\n    imrFactors {\n      symbol\n      value\n    }\n    maxNotionals {\n      symbol\n      value\n    }\n  }\n  orders(clientOrderIds: $clientOrderIds) {\n    ...OrderFields\n  }\n}": typeof types.TradingDashboardDocument,
    "fragment OrderFields on Order {\n  clientOrderId\n  orderId\n  symbol\n  base\n  quote\n  side\n  type\n  status\n  isFinal\n  marginMode\n  price\n  quantity\n  amount\n  executedQuantity\n  remainingQuantity\n  averageExecutedPrice\n  filledFraction\n  reduceOnly\n  orderTag\n  totalFee\n  feeAsset\n  realizedPnl\n  createdTime\n  updatedTime\n}": typeof types.OrderFieldsFragmentDoc,
    "query OrderStatus($clientOrderId: String!) {\n  order(clientOrderId: $clientOrderId) {\n    ...OrderFields\n  }\n}": typeof types.OrderStatusDocument,
    "mutation PlaceOrder($input: PlaceOrderInput!) {\n  placeOrder(input: $input) {\n    ... on PlaceOrderSuccess {\n      receipt {\n        orderId\n        clientOrderId\n        orderType\n        orderPrice\n        orderQuantity\n        errorMessage\n      }\n      order {\n        ...OrderFields\n      }\n    }\n    ... on InputError {\n      field\n      rule\n      upstreamCode\n    }\n    ... on RateLimitedError {\n      retryAfterMs\n    }\n    ... on UpstreamRejectedError {\n      upstreamCode\n      upstreamMessage\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": typeof types.PlaceOrderDocument,
    "mutation SetDefaultMarginMode($input: SetDefaultMarginModeInput!) {\n  setDefaultMarginMode(input: $input) {\n    ... on SetDefaultMarginModeSuccess {\n      symbol\n      defaultMarginMode\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": typeof types.SetDefaultMarginModeDocument,
    "query StrategyVaultNonce {\n  strategyVaultNonce\n}": typeof types.StrategyVaultNonceDocument,
};
const documents: Documents = {
    "mutation CreateReferralCode($input: CreateReferralCodeInput!) {\n  createReferralCode(input: $input) {\n    ... on CreateReferralCodeSuccess {\n      accountId\n      referralCode\n      maxRebateRate\n      referrerRebateRate\n      refereeRebateRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": types.CreateReferralCodeDocument,
    "query ReferralAdminPage($accountId: String, $userAddress: String, $page: Int, $size: Int, $sortBy: ReferralSort) {\n  referralAdminInfo(\n    accountId: $accountId\n    userAddress: $userAddress\n    page: $page\n    size: $size\n    sortBy: $sortBy\n  ) {\n    rows {\n      accountId\n      userAddress\n      numberOfCodes\n      totalInvites\n      totalTraded\n      refereeVolume\n      refereeFee\n      svcFee\n      referralCodes {\n        code\n        maxRebateRate\n        referrerRebateRate\n        refereeRebateRate\n        totalReferrerRebate\n        totalRefereeRebate\n      }\n    }\n    meta {\n      currentPage\n      recordsPerPage\n      total\n      totalPages\n      hasNextPage\n    }\n  }\n}": types.ReferralAdminPageDocument,
    "mutation SetAffiliateRebateRate($input: SetAffiliateRebateRateInput!) {\n  setAffiliateRebateRate(input: $input) {\n    ... on SetAffiliateRebateRateSuccess {\n      accountIds\n      rebateRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": types.SetAffiliateRebateRateDocument,
    "mutation SetDefaultFeeRates($input: SetDefaultFeeRatesInput!) {\n  setDefaultFeeRates(input: $input) {\n    ... on SetDefaultFeeRatesSuccess {\n      makerFeeRate\n      takerFeeRate\n      rwaMakerFeeRate\n      rwaTakerFeeRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": types.SetDefaultFeeRatesDocument,
    "mutation UpdateOrderTagFeeConfig($enumId: String!, $input: OrderTagFeeConfigInput!) {\n  updateOrderTagFeeConfig(enumId: $enumId, input: $input) {\n    ... on UpdateOrderTagFeeConfigSuccess {\n      enumId\n      orderTag\n      pairOverrides {\n        symbol\n        value\n      }\n    }\n    ... on RateLimitedError {\n      retryAfterMs\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": types.UpdateOrderTagFeeConfigDocument,
    "mutation UpsertPointsStage($input: UpsertPointsStageInput!) {\n  upsertPointsStage(input: $input) {\n    ... on UpsertPointsStageSuccess {\n      created\n      stageId\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": types.UpsertPointsStageDocument,
    "query RebateSummary($startDate: Date, $endDate: Date) {\n  refereeRebateSummary(startDate: $startDate, endDate: $endDate) {\n    totalRefereeRebate\n    days {\n      date\n      refereeRebate\n    }\n  }\n}": types.RebateSummaryDocument,
    "query TradingDashboard($clientOrderIds: [String!]!) {\n  account {\n    id\n    email\n    accountMode\n    maxLeverage\n    maintenanceCancelOrders\n    feeRates {\n      kind\n      makerFeeRate\n      takerFeeRate\n    }\n    imrFactors {\n      symbol\n      value\n    }\n    maxNotionals {\n      symbol\n      value\n    }\n  }\n  orders(clientOrderIds: $clientOrderIds) {\n    ...OrderFields\n  }\n}": types.TradingDashboardDocument,
    "fragment OrderFields on Order {\n  clientOrderId\n  orderId\n  symbol\n  base\n  quote\n  side\n  type\n  status\n  isFinal\n  marginMode\n  price\n  quantity\n  amount\n  executedQuantity\n  remainingQuantity\n  averageExecutedPrice\n  filledFraction\n  reduceOnly\n  orderTag\n  totalFee\n  feeAsset\n  realizedPnl\n  createdTime\n  updatedTime\n}": types.OrderFieldsFragmentDoc,
    "query OrderStatus($clientOrderId: String!) {\n  order(clientOrderId: $clientOrderId) {\n    ...OrderFields\n  }\n}": types.OrderStatusDocument,
    "mutation PlaceOrder($input: PlaceOrderInput!) {\n  placeOrder(input: $input) {\n    ... on PlaceOrderSuccess {\n      receipt {\n        orderId\n        clientOrderId\n        orderType\n        orderPrice\n        orderQuantity\n        errorMessage\n      }\n      order {\n        ...OrderFields\n      }\n    }\n    ... on InputError {\n      field\n      rule\n      upstreamCode\n    }\n    ... on RateLimitedError {\n      retryAfterMs\n    }\n    ... on UpstreamRejectedError {\n      upstreamCode\n      upstreamMessage\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": types.PlaceOrderDocument,
    "mutation SetDefaultMarginMode($input: SetDefaultMarginModeInput!) {\n  setDefaultMarginMode(input: $input) {\n    ... on SetDefaultMarginModeSuccess {\n      symbol\n      defaultMarginMode\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}": types.SetDefaultMarginModeDocument,
    "query StrategyVaultNonce {\n  strategyVaultNonce\n}": types.StrategyVaultNonceDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateReferralCode($input: CreateReferralCodeInput!) {\n  createReferralCode(input: $input) {\n    ... on CreateReferralCodeSuccess {\n      accountId\n      referralCode\n      maxRebateRate\n      referrerRebateRate\n      refereeRebateRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"): (typeof documents)["mutation CreateReferralCode($input: CreateReferralCodeInput!) {\n  createReferralCode(input: $input) {\n    ... on CreateReferralCodeSuccess {\n      accountId\n      referralCode\n      maxRebateRate\n      referrerRebateRate\n      refereeRebateRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ReferralAdminPage($accountId: String, $userAddress: String, $page: Int, $size: Int, $sortBy: ReferralSort) {\n  referralAdminInfo(\n    accountId: $accountId\n    userAddress: $userAddress\n    page: $page\n    size: $size\n    sortBy: $sortBy\n  ) {\n    rows {\n      accountId\n      userAddress\n      numberOfCodes\n      totalInvites\n      totalTraded\n      refereeVolume\n      refereeFee\n      svcFee\n      referralCodes {\n        code\n        maxRebateRate\n        referrerRebateRate\n        refereeRebateRate\n        totalReferrerRebate\n        totalRefereeRebate\n      }\n    }\n    meta {\n      currentPage\n      recordsPerPage\n      total\n      totalPages\n      hasNextPage\n    }\n  }\n}"): (typeof documents)["query ReferralAdminPage($accountId: String, $userAddress: String, $page: Int, $size: Int, $sortBy: ReferralSort) {\n  referralAdminInfo(\n    accountId: $accountId\n    userAddress: $userAddress\n    page: $page\n    size: $size\n    sortBy: $sortBy\n  ) {\n    rows {\n      accountId\n      userAddress\n      numberOfCodes\n      totalInvites\n      totalTraded\n      refereeVolume\n      refereeFee\n      svcFee\n      referralCodes {\n        code\n        maxRebateRate\n        referrerRebateRate\n        refereeRebateRate\n        totalReferrerRebate\n        totalRefereeRebate\n      }\n    }\n    meta {\n      currentPage\n      recordsPerPage\n      total\n      totalPages\n      hasNextPage\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetAffiliateRebateRate($input: SetAffiliateRebateRateInput!) {\n  setAffiliateRebateRate(input: $input) {\n    ... on SetAffiliateRebateRateSuccess {\n      accountIds\n      rebateRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"): (typeof documents)["mutation SetAffiliateRebateRate($input: SetAffiliateRebateRateInput!) {\n  setAffiliateRebateRate(input: $input) {\n    ... on SetAffiliateRebateRateSuccess {\n      accountIds\n      rebateRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetDefaultFeeRates($input: SetDefaultFeeRatesInput!) {\n  setDefaultFeeRates(input: $input) {\n    ... on SetDefaultFeeRatesSuccess {\n      makerFeeRate\n      takerFeeRate\n      rwaMakerFeeRate\n      rwaTakerFeeRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"): (typeof documents)["mutation SetDefaultFeeRates($input: SetDefaultFeeRatesInput!) {\n  setDefaultFeeRates(input: $input) {\n    ... on SetDefaultFeeRatesSuccess {\n      makerFeeRate\n      takerFeeRate\n      rwaMakerFeeRate\n      rwaTakerFeeRate\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateOrderTagFeeConfig($enumId: String!, $input: OrderTagFeeConfigInput!) {\n  updateOrderTagFeeConfig(enumId: $enumId, input: $input) {\n    ... on UpdateOrderTagFeeConfigSuccess {\n      enumId\n      orderTag\n      pairOverrides {\n        symbol\n        value\n      }\n    }\n    ... on RateLimitedError {\n      retryAfterMs\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"): (typeof documents)["mutation UpdateOrderTagFeeConfig($enumId: String!, $input: OrderTagFeeConfigInput!) {\n  updateOrderTagFeeConfig(enumId: $enumId, input: $input) {\n    ... on UpdateOrderTagFeeConfigSuccess {\n      enumId\n      orderTag\n      pairOverrides {\n        symbol\n        value\n      }\n    }\n    ... on RateLimitedError {\n      retryAfterMs\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpsertPointsStage($input: UpsertPointsStageInput!) {\n  upsertPointsStage(input: $input) {\n    ... on UpsertPointsStageSuccess {\n      created\n      stageId\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"): (typeof documents)["mutation UpsertPointsStage($input: UpsertPointsStageInput!) {\n  upsertPointsStage(input: $input) {\n    ... on UpsertPointsStageSuccess {\n      created\n      stageId\n    }\n    ... on InputError {\n      field\n      rule\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query RebateSummary($startDate: Date, $endDate: Date) {\n  refereeRebateSummary(startDate: $startDate, endDate: $endDate) {\n    totalRefereeRebate\n    days {\n      date\n      refereeRebate\n    }\n  }\n}"): (typeof documents)["query RebateSummary($startDate: Date, $endDate: Date) {\n  refereeRebateSummary(startDate: $startDate, endDate: $endDate) {\n    totalRefereeRebate\n    days {\n      date\n      refereeRebate\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TradingDashboard($clientOrderIds: [String!]!) {\n  account {\n    id\n    email\n    accountMode\n    maxLeverage\n    maintenanceCancelOrders\n    feeRates {\n      kind\n      makerFeeRate\n      takerFeeRate\n    }\n    imrFactors {\n      symbol\n      value\n    }\n    maxNotionals {\n      symbol\n      value\n    }\n  }\n  orders(clientOrderIds: $clientOrderIds) {\n    ...OrderFields\n  }\n}"): (typeof documents)["query TradingDashboard($clientOrderIds: [String!]!) {\n  account {\n    id\n    email\n    accountMode\n    maxLeverage\n    maintenanceCancelOrders\n    feeRates {\n      kind\n      makerFeeRate\n      takerFeeRate\n    }\n    imrFactors {\n      symbol\n      value\n    }\n    maxNotionals {\n      symbol\n      value\n    }\n  }\n  orders(clientOrderIds: $clientOrderIds) {\n    ...OrderFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment OrderFields on Order {\n  clientOrderId\n  orderId\n  symbol\n  base\n  quote\n  side\n  type\n  status\n  isFinal\n  marginMode\n  price\n  quantity\n  amount\n  executedQuantity\n  remainingQuantity\n  averageExecutedPrice\n  filledFraction\n  reduceOnly\n  orderTag\n  totalFee\n  feeAsset\n  realizedPnl\n  createdTime\n  updatedTime\n}"): (typeof documents)["fragment OrderFields on Order {\n  clientOrderId\n  orderId\n  symbol\n  base\n  quote\n  side\n  type\n  status\n  isFinal\n  marginMode\n  price\n  quantity\n  amount\n  executedQuantity\n  remainingQuantity\n  averageExecutedPrice\n  filledFraction\n  reduceOnly\n  orderTag\n  totalFee\n  feeAsset\n  realizedPnl\n  createdTime\n  updatedTime\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OrderStatus($clientOrderId: String!) {\n  order(clientOrderId: $clientOrderId) {\n    ...OrderFields\n  }\n}"): (typeof documents)["query OrderStatus($clientOrderId: String!) {\n  order(clientOrderId: $clientOrderId) {\n    ...OrderFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation PlaceOrder($input: PlaceOrderInput!) {\n  placeOrder(input: $input) {\n    ... on PlaceOrderSuccess {\n      receipt {\n        orderId\n        clientOrderId\n        orderType\n        orderPrice\n        orderQuantity\n        errorMessage\n      }\n      order {\n        ...OrderFields\n      }\n    }\n    ... on InputError {\n      field\n      rule\n      upstreamCode\n    }\n    ... on RateLimitedError {\n      retryAfterMs\n    }\n    ... on UpstreamRejectedError {\n      upstreamCode\n      upstreamMessage\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"): (typeof documents)["mutation PlaceOrder($input: PlaceOrderInput!) {\n  placeOrder(input: $input) {\n    ... on PlaceOrderSuccess {\n      receipt {\n        orderId\n        clientOrderId\n        orderType\n        orderPrice\n        orderQuantity\n        errorMessage\n      }\n      order {\n        ...OrderFields\n      }\n    }\n    ... on InputError {\n      field\n      rule\n      upstreamCode\n    }\n    ... on RateLimitedError {\n      retryAfterMs\n    }\n    ... on UpstreamRejectedError {\n      upstreamCode\n      upstreamMessage\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetDefaultMarginMode($input: SetDefaultMarginModeInput!) {\n  setDefaultMarginMode(input: $input) {\n    ... on SetDefaultMarginModeSuccess {\n      symbol\n      defaultMarginMode\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"): (typeof documents)["mutation SetDefaultMarginMode($input: SetDefaultMarginModeInput!) {\n  setDefaultMarginMode(input: $input) {\n    ... on SetDefaultMarginModeSuccess {\n      symbol\n      defaultMarginMode\n    }\n    ... on Error {\n      code\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query StrategyVaultNonce {\n  strategyVaultNonce\n}"): (typeof documents)["query StrategyVaultNonce {\n  strategyVaultNonce\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;