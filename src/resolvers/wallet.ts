/**
 * `requestWithdrawal` and `settlePnl`: a message the user's wallet signed (EIP-712), sent on
 * with the account's request signature and never signed here. Before anything leaves, the
 * gateway checks what it can tell: the message's wallet and broker are this account's
 * (the upstream derives account ids from them) and its nonce was not sent already (the
 * shared nonce ledger, src/idempotency/nonces.ts), and its wallet signed it (EIP-712 recovery,
 * auth/wallet-signature.ts): a message changed after signing never leaves. Whether the nonce
 * was issued and the amount can be paid only the upstream knows. A refused request gives its
 * nonce back; one that may have gone through keeps it.
 */
import { accountIdOf, sameHex } from '../auth/account-id.ts';
import { walletSigner } from '../auth/wallet-signature.ts';
import { DUPLICATE } from '../contract/errors.ts';
import { SETTLE_PNL_TYPE, WITHDRAW_TYPE } from '../contract/wallet.ts';
import type { WalletNonceKind } from '../idempotency/nonces.ts';
import { type GatewayContext, inputIssuesError, requireAccount } from '../schema/types.ts';
import type { UpstreamError } from '../upstream/errors.ts';

export interface WalletEnvelope {
  signature: string;
  userAddress: string;
  verifyingContract: string;
  message: { brokerId: string } & Readonly<Record<string, unknown>>;
}

const TYPED = {
  withdraw: { primaryType: 'Withdraw', fields: WITHDRAW_TYPE },
  settle: { primaryType: 'SettlePnl', fields: SETTLE_PNL_TYPE },
} as const;

/** BAD_USER_INPUT unless `userAddress`'s key signed the message as it is now. */
function checkSignature(kind: WalletNonceKind, input: WalletEnvelope): void {
  const typed = {
    ...TYPED[kind],
    message: input.message,
    verifyingContract: input.verifyingContract,
  };
  const signer = walletSigner(typed, input.signature);
  if (signer && sameHex(signer, input.userAddress)) return;
  throw inputIssuesError([
    {
      field: 'input.signature',
      path: ['input', 'signature'],
      rule: 'walletSignature',
      message: `is not userAddress's EIP-712 signature of this ${typed.primaryType} message (changed after signing, or signed by another key or for another domain)`,
    },
  ]);
}

/** BAD_USER_INPUT unless `userAddress` under `brokerId` is the caller's account. */
function checkWallet(accountId: string, { userAddress, message }: WalletEnvelope): void {
  if (sameHex(accountIdOf(userAddress, message.brokerId), accountId)) return;
  throw inputIssuesError([
    {
      field: 'input.userAddress',
      path: ['input', 'userAddress'],
      rule: 'accountWallet',
      message: `with message.brokerId ${JSON.stringify(message.brokerId)} is not this account's wallet: keccak256(abi.encode(userAddress, keccak256(brokerId))) must be its account id`,
    },
  ]);
}

/**
 * Whether a failed send may have spent the nonce upstream: not when it never left or the
 * upstream refused it (a refusal spends nothing), except -1007 (it was spent already).
 */
function maySpend(error: unknown, ctx: GatewayContext): boolean {
  if (!ctx.upstreamAttempts) return false;
  const e = error as Partial<UpstreamError> & { upstreamCode?: number };
  if (e.kind === 'rejected') return e.upstreamCode === DUPLICATE;
  return e.kind !== 'unauthorized' && e.kind !== 'rate_limited';
}

/**
 * Checks `input`, claims its nonce, runs `send`. The nonce ledger is shared by the replicas;
 * when its store fails the request still goes (the upstream refuses a replay itself).
 */
export async function sendWalletSigned<R>(
  ctx: GatewayContext,
  input: WalletEnvelope,
  nonce: { kind: WalletNonceKind; value: number; field: string },
  send: () => Promise<R>,
): Promise<R> {
  const account = requireAccount(ctx);
  checkWallet(account.accountId, input);
  checkSignature(nonce.kind, input);
  const ledger = ctx.idempotency?.nonces;
  const claimed = await ledger?.claim(account.accountId, nonce.kind, nonce.value).catch(() => null);
  if (claimed === false) {
    throw inputIssuesError([
      {
        field: `input.message.${nonce.field}`,
        path: ['input', 'message', nonce.field],
        rule: 'nonceUsed',
        message: `${nonce.value} was sent already: a nonce is single-use, read a fresh one`,
      },
    ]);
  }
  try {
    return await send();
  } catch (error) {
    if (claimed && !maySpend(error, ctx)) {
      await ledger?.release(account.accountId, nonce.kind, nonce.value).catch(() => {});
    }
    throw error;
  }
}
