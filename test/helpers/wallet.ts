/**
 * A user's wallet in tests: a secp256k1 key held by viem, which signs the upstream's EIP-712
 * messages (Withdraw, SettlePnl) exactly as a browser wallet's `eth_signTypedData_v4` would.
 * viem is another implementation than the sandbox's recovery (noble + its own encoder), so a
 * test that passes has two of them agree.
 */
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { accountIdOf } from '../../src/auth/account-id.ts';
import {
  LEDGER_ADDRESSES,
  SETTLE_PNL_TYPE,
  WALLET_DOMAIN,
  WITHDRAW_TYPE,
} from '../../src/contract/wallet.ts';

export const TEST_CHAIN_ID = 421614;

export interface WithdrawFields {
  brokerId: string;
  chainId: number;
  receiver: string;
  token: string;
  /** Whole units of the token's smallest unit, as text. */
  amount: string;
  withdrawNonce: number;
  timestamp: number;
}

export interface SettleFields {
  brokerId: string;
  chainId: number;
  settleNonce: number;
  timestamp: number;
}

export interface TestWallet {
  account: PrivateKeyAccount;
  address: string;
  /** The account id of this wallet under a broker (what the upstream derives). */
  accountId(brokerId: string): string;
  signWithdraw(message: WithdrawFields, verifyingContract?: string): Promise<string>;
  signSettle(message: SettleFields, verifyingContract?: string): Promise<string>;
}

const domainOf = (chainId: number, verifyingContract: `0x${string}`) => ({
  ...WALLET_DOMAIN,
  chainId,
  verifyingContract,
});

export function makeWallet(): TestWallet {
  const account = privateKeyToAccount(generatePrivateKey());
  const ledger = LEDGER_ADDRESSES.testnet;
  return {
    account,
    address: account.address,
    accountId: (brokerId) => accountIdOf(account.address, brokerId),
    signWithdraw: (m, contract = ledger) =>
      account.signTypedData({
        domain: domainOf(m.chainId, contract as `0x${string}`),
        types: { Withdraw: [...WITHDRAW_TYPE] },
        primaryType: 'Withdraw',
        message: {
          ...m,
          receiver: m.receiver as `0x${string}`,
          chainId: BigInt(m.chainId),
          amount: BigInt(m.amount),
          withdrawNonce: BigInt(m.withdrawNonce),
          timestamp: BigInt(m.timestamp),
        },
      }),
    signSettle: (m, contract = ledger) =>
      account.signTypedData({
        domain: domainOf(m.chainId, contract as `0x${string}`),
        types: { SettlePnl: [...SETTLE_PNL_TYPE] },
        primaryType: 'SettlePnl',
        message: {
          ...m,
          chainId: BigInt(m.chainId),
          settleNonce: BigInt(m.settleNonce),
          timestamp: BigInt(m.timestamp),
        },
      }),
  };
}
