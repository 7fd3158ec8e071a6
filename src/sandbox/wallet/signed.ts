/**
 * What the sandbox checks of every wallet-signed request, as the real service would: the
 * wallet is the account's, the broker is the account's, the domain names a chain with a
 * vault (the ledger contract is the field table's form), and the EIP-712 signature recovers to `userAddress`. The route
 * reads the fields (their forms answer -1005 first); these are the rules between them.
 */
import { sameHex } from '../../auth/account-id.ts';
import type { FieldTable } from '../../contract/field-types.ts';
import type { TypedField } from '../../contract/wallet.ts';
import type { ChainType } from '../../contract/wire-wallet.ts';
import { duplicate, invalid } from '../errors.ts';
import type { SandboxState } from '../state.ts';
import type { Account } from '../types.ts';
import type { Fields } from '../validation.ts';
import type { NonceKind } from './book.ts';
import { VAULTS } from './chains.ts';
import { recoverTypedDataSigner, type TypedValue } from './eip712.ts';

export interface Envelope {
  signature: string;
  userAddress: string;
  verifyingContract: string;
}

type SignedTable = FieldTable & {
  signature: FieldTable[string];
  userAddress: FieldTable[string];
  verifyingContract: FieldTable[string];
};

/** The three fields around the message, by their table's rules. */
export function readEnvelope(f: Fields<SignedTable>): Envelope {
  return {
    signature: f.read('signature', true) as string,
    userAddress: f.read('userAddress', true) as string,
    verifyingContract: f.read('verifyingContract', true) as string,
  };
}

export interface Signed {
  envelope: Envelope;
  brokerId: string;
  chainId: number;
  chainType: ChainType | undefined;
}

/** The envelope and the domain belong to the account and to this service. */
export function checkSigned(state: SandboxState, account: Account, signed: Signed): void {
  const { envelope, brokerId, chainId, chainType } = signed;
  if (chainType === 'SOL') {
    throw invalid('message.chainType', 'SOL is not supported by the sandbox (EIP-712 only)');
  }
  if (!sameHex(envelope.userAddress, account.userAddress)) {
    throw invalid('userAddress', 'must be the wallet address of the authenticated account');
  }
  if (brokerId !== state.brokerId) {
    throw invalid('message.brokerId', `must be the account's broker ${state.brokerId}`);
  }
  if (!VAULTS.has(chainId)) throw invalid('message.chainId', `unsupported chain ${chainId}`);
}

/** -1005 unless the wallet of `userAddress` signed the typed message. */
export function verifySigner(
  signed: Signed,
  name: string,
  fields: readonly TypedField[],
  message: Readonly<Record<string, TypedValue>>,
): void {
  const { envelope, chainId } = signed;
  const typed = { name, fields, message, chainId, verifyingContract: envelope.verifyingContract };
  const signer = recoverTypedDataSigner(typed, envelope.signature);
  if (signer === null || !sameHex(signer, envelope.userAddress)) {
    throw invalid('signature', `does not recover to userAddress (EIP-712 ${name})`);
  }
}

/** -1005 for a nonce never handed out, -1007 for one this account already used. */
export function checkNonce(
  state: SandboxState,
  kind: NonceKind,
  account: Account,
  nonce: number,
  field: string,
): void {
  if (!state.wallet.issued(kind, nonce)) {
    throw invalid(field, `${nonce} was not issued by GET /v1/${kind}_nonce`);
  }
  if (state.wallet.used(kind, account.accountId, nonce)) {
    throw duplicate(`${field}: ${nonce} was already used by this account`);
  }
}
