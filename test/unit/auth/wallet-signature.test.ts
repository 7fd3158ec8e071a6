/**
 * The gateway's EIP-712 recovery (ox) against viem's signing, as a browser wallet signs: the
 * signer of an intact message is the wallet; any signed field changed, another domain, another
 * key or a high-s twin recovers no match.
 */
import { describe, expect, it } from 'vitest';
import { walletSigner } from '../../../src/auth/wallet-signature.ts';
import { LEDGER_ADDRESSES, SETTLE_PNL_TYPE, WITHDRAW_TYPE } from '../../../src/contract/wallet.ts';
import { makeWallet, TEST_CHAIN_ID } from '../../helpers/wallet.ts';

const wallet = makeWallet();
const ledger = LEDGER_ADDRESSES.testnet;
const withdraw = {
  brokerId: 'demo',
  chainId: TEST_CHAIN_ID,
  receiver: wallet.address,
  token: 'USDC',
  amount: '12500000',
  withdrawNonce: 7,
  timestamp: 1_764_000_000_000,
};
const typed = (message: Record<string, unknown>, verifyingContract: string = ledger) => ({
  primaryType: 'Withdraw',
  fields: WITHDRAW_TYPE,
  message,
  verifyingContract,
});
const same = (a: string | null, b: string) => a?.toLowerCase() === b.toLowerCase();

describe('walletSigner', () => {
  it('recovers the wallet that signed a withdrawal and a settlement', async () => {
    const signature = await wallet.signWithdraw(withdraw);
    expect(same(walletSigner(typed(withdraw), signature), wallet.address)).toBe(true);
    const settle = { brokerId: 'demo', chainId: TEST_CHAIN_ID, settleNonce: 3, timestamp: 1 };
    const s = await wallet.signSettle(settle);
    const t = {
      primaryType: 'SettlePnl',
      fields: SETTLE_PNL_TYPE,
      message: settle,
      verifyingContract: ledger,
    };
    expect(same(walletSigner(t, s), wallet.address)).toBe(true);
  });

  it('reads only the signed fields: allowCrossChainWithdrawal is not in the message', async () => {
    const signature = await wallet.signWithdraw(withdraw);
    const flagged = { ...withdraw, allowCrossChainWithdrawal: true };
    expect(same(walletSigner(typed(flagged), signature), wallet.address)).toBe(true);
  });

  it.each([
    ['amount', '900000000'],
    ['withdrawNonce', 8],
    ['timestamp', 1_764_000_000_001],
    ['chainId', 1],
    ['brokerId', 'other'],
    ['token', 'USDT'],
  ])('does not recover the wallet once %s changed after signing', async (field, value) => {
    const signature = await wallet.signWithdraw(withdraw);
    const signer = walletSigner(typed({ ...withdraw, [field]: value }), signature);
    expect(same(signer, wallet.address)).toBe(false);
  });

  it('does not recover the wallet for another ledger contract or another key', async () => {
    const signature = await wallet.signWithdraw(withdraw);
    expect(
      same(walletSigner(typed(withdraw, LEDGER_ADDRESSES.mainnet), signature), wallet.address),
    ).toBe(false);
    const other = await makeWallet().signWithdraw(withdraw);
    expect(same(walletSigner(typed(withdraw), other), wallet.address)).toBe(false);
  });

  it('refuses a high-s twin and malformed signatures', async () => {
    const signature = await wallet.signWithdraw(withdraw);
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const v = Number.parseInt(signature.slice(130), 16);
    const twin = `${signature.slice(0, 66)}${(n - s).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}`;
    expect(walletSigner(typed(withdraw), twin)).toBeNull();
    expect(walletSigner(typed(withdraw), '0x1234')).toBeNull();
    expect(walletSigner(typed({ ...withdraw, amount: 'x' }), signature)).toBeNull();
  });
});
