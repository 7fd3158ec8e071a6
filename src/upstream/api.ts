/**
 * What the rest of the gateway sees of the upstream: one typed method per REST operation.
 * Implemented by `client.ts`; resolvers depend only on these interfaces.
 */
import type {
  AccountInfo,
  AffiliateRebateRateBody,
  CreateOrderParams,
  DefaultFeeRatesBody,
  InternalTransferBody,
  InternalTransferResult,
  OrderCreated,
  OrderRecord,
  OrderTagFeeConfigBody,
  PointsStageBody,
  RefereeRebateSummary,
  RefereeRebateSummaryQuery,
  ReferralAdminInfo,
  ReferralAdminInfoQuery,
  ReferralCreateBody,
  SetMarginModeBody,
  StrategyVaultNonce,
  WithdrawNonce,
} from './types.ts';

/** Key material of one upstream account. Never logged, never in an error. */
export interface AccountCredentials {
  accountId: string;
  /** ed25519 secret: base58 text (32 or 64 bytes, optional `ed25519:` prefix). */
  secret: string;
  /** secp256k1 trading secret: 64 hex characters. Needed for orders only. */
  tradingSecret?: string;
}

/** Operations signed with one account's keys. */
export interface AccountApi {
  readonly accountId: string;
  accountInfo(): Promise<AccountInfo>;
  /**
   * Places an order. Every order carries a client_order_id (the caller's or a generated
   * one); after an ambiguous failure the order is read back by that id, never re-sent blind.
   */
  createOrder(params: CreateOrderParams): Promise<OrderCreated>;
  orderByClientOrderId(clientOrderId: string): Promise<OrderRecord>;
  setDefaultMarginMode(body: SetMarginModeBody): Promise<void>;
  internalTransfer(body: InternalTransferBody): Promise<InternalTransferResult>;
  withdrawNonce(): Promise<WithdrawNonce>;
  setDefaultFeeRates(body: DefaultFeeRatesBody): Promise<void>;
  updateOrderTagFeeConfig(enumId: string, body: OrderTagFeeConfigBody): Promise<void>;
  upsertPointsStage(body: PointsStageBody): Promise<void>;
  createReferralCode(body: ReferralCreateBody): Promise<void>;
  setAffiliateRebateRate(body: AffiliateRebateRateBody): Promise<void>;
  referralAdminInfo(query: ReferralAdminInfoQuery): Promise<ReferralAdminInfo>;
  refereeRebateSummary(query: RefereeRebateSummaryQuery): Promise<RefereeRebateSummary>;
}

/** Operations without authentication. */
export interface PublicApi {
  strategyVaultNonce(): Promise<StrategyVaultNonce>;
}

export interface UpstreamApi extends PublicApi {
  /** A view of the client bound to one account's credentials (cheap; cache it per principal). */
  forAccount(credentials: AccountCredentials): AccountApi;
  /** True when the upstream answers (used by `/ready`). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
