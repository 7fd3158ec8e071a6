/**
 * The sandbox's EIP-712 encoder and signer recovery against viem, an independent
 * implementation: the same digest for the wallet messages, the signer recovered from either
 * v form, and nothing recovered from a changed field, a high-s twin or a malformed signature.
 */
import { hashTypedData, type TypedDataDomain } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  LEDGER_ADDRESSES,
  SETTLE_PNL_TYPE,
  WALLET_DOMAIN,
  WITHDRAW_TYPE,
} from '../../../src/contract/wallet.ts';
import { recoverTypedDataSigner, typedDataDigest } from '../../../src/sandbox/wallet/eip712.ts';
import { makeWallet } from '../../helpers/wallet.ts';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const wallet = makeWallet();
const verifyingContract = LEDGER_ADDRESSES.mainnet;
const withdraw = {
  brokerId: 'demo',
  chainId: 42161,
  receiver: wallet.address,
  token: 'USDC',
  amount: '123450000',
  withdrawNonce: 7,
  timestamp: 1_718_000_000_000,
};
const typed = (message: Record<string, string | number>) => ({
  name: 'Withdraw',
  fields: WITHDRAW_TYPE,
  message,
  chainId: 42161,
  verifyingContract,
});

describe('EIP-712 in the sandbox', () => {
  it('hashes Withdraw and SettlePnl as viem does', () => {
    const domain: TypedDataDomain = {
      ...WALLET_DOMAIN,
      chainId: 42161,
      verifyingContract: verifyingContract as `0x${string}`,
    };
    const viemWithdraw = hashTypedData({
      domain,
      types: { Withdraw: [...WITHDRAW_TYPE] },
      primaryType: 'Withdraw',
      message: { ...withdraw, receiver: wallet.account.address, amount: 123450000n },
    });
    expect(`0x${Buffer.from(typedDataDigest(typed(withdraw))).toString('hex')}`).toBe(viemWithdraw);
    const settle = { brokerId: 'b-1', chainId: 42161, settleNonce: 1, timestamp: 2 };
    const viemSettle = hashTypedData({
      domain,
      types: { SettlePnl: [...SETTLE_PNL_TYPE] },
      primaryType: 'SettlePnl',
      message: settle,
    });
    const ours = typedDataDigest({ ...typed(settle), name: 'SettlePnl', fields: SETTLE_PNL_TYPE });
    expect(`0x${Buffer.from(ours).toString('hex')}`).toBe(viemSettle);
  });

  it('recovers the signer with v as 27/28 or 0/1, and no one else for a changed field', async () => {
    const signature = await wallet.signWithdraw(withdraw, verifyingContract);
    const recovered = recoverTypedDataSigner(typed(withdraw), signature);
    expect(recovered?.toLowerCase()).toBe(wallet.address.toLowerCase());
    const v = Number.parseInt(signature.slice(130), 16);
    const zeroBased = `${signature.slice(0, 130)}${(v - 27).toString(16).padStart(2, '0')}`;
    expect(recoverTypedDataSigner(typed(withdraw), zeroBased)).toBe(recovered);
    for (const changed of [{ amount: '123450001' }, { withdrawNonce: 8 }, { brokerId: 'other' }]) {
      const other = recoverTypedDataSigner(typed({ ...withdraw, ...changed }), signature);
      expect(other?.toLowerCase()).not.toBe(wallet.address.toLowerCase());
    }
  });

  it('refuses a high-s twin, a bad v, a malformed signature and a value out of its type', async () => {
    const signature = await wallet.signWithdraw(withdraw, verifyingContract);
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const v = Number.parseInt(signature.slice(130), 16);
    const twin = `${signature.slice(0, 66)}${(N - s).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}`;
    expect(recoverTypedDataSigner(typed(withdraw), twin)).toBeNull();
    expect(recoverTypedDataSigner(typed(withdraw), `${signature.slice(0, 130)}05`)).toBeNull();
    expect(recoverTypedDataSigner(typed(withdraw), signature.slice(0, 100))).toBeNull();
    const huge = { ...withdraw, withdrawNonce: '18446744073709551616' };
    expect(recoverTypedDataSigner(typed(huge), signature)).toBeNull();
  });
});
