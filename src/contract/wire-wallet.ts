/**
 * Wire shapes of the wallet endpoints (market-algo-risk-facts.md §6), snake_case outside the
 * signed message as the facts give them; the message keeps the camelCase the wallet signed.
 */
import type { WalletToken } from './wallet.ts';

export type ChainType = 'EVM' | 'SOL';

/** The fields around every wallet-signed message. */
export interface WalletSigned<M> {
  /** 0x ‖ r ‖ s ‖ v (65 bytes) of the EIP-712 signature. */
  signature: string;
  userAddress: string;
  verifyingContract: string;
  message: M;
}

export interface WithdrawMessage {
  brokerId: string;
  chainId: number;
  chainType?: ChainType;
  receiver: string;
  token: WalletToken;
  /** Whole number of the token's smallest unit, as a string (a number in the signed data). */
  amount: string;
  withdrawNonce: number;
  timestamp: number;
  allowCrossChainWithdrawal?: boolean;
}

export interface SettlePnlMessage {
  brokerId: string;
  chainId: number;
  chainType?: ChainType;
  settleNonce: number;
  timestamp: number;
}

/** Body of POST /v1/withdraw_request. */
export type WithdrawRequestBody = WalletSigned<WithdrawMessage>;
/** Body of POST /v1/settle_pnl. */
export type SettlePnlBody = WalletSigned<SettlePnlMessage>;

export interface WithdrawRequestResult {
  withdraw_id: number;
}

export interface SettlePnlResult {
  settle_pnl_id: number;
}

export interface SettleNonce {
  settle_nonce: number;
}
