/**
 * Who signed a wallet message (EIP-712: withdrawal, PnL settlement), recovered with ox —
 * wevm's typed-data encoder and secp256k1 recovery, the library viem is built on — so the
 * gateway refuses a message its wallet did not sign before anything leaves. The sandbox checks
 * the same with an encoder of its own (sandbox/wallet/eip712.ts): two implementations, each a
 * check on the other.
 */
import * as Secp256k1 from 'ox/Secp256k1';
import * as Signature from 'ox/Signature';
import * as TypedData from 'ox/TypedData';
import { EIP712_DOMAIN_TYPE, type TypedField, WALLET_DOMAIN } from '../contract/wallet.ts';

/** n/2 of secp256k1: a larger s is the high-s twin of a valid signature (the upstream refuses it). */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

export interface WalletTypedMessage {
  /** The primary type (`Withdraw`, `SettlePnl`) and its fields (contract/wallet.ts). */
  primaryType: string;
  fields: readonly TypedField[];
  /** The signed message; fields beyond `fields` are not signed and not read. */
  message: Readonly<Record<string, unknown>>;
  verifyingContract: string;
}

const typedValue = (field: TypedField, value: unknown) =>
  field.type.startsWith('uint') ? BigInt(value as string | number | bigint) : value;

/** The address that signed `typed` (0x ‖ r ‖ s ‖ v), or null when none can be recovered. */
export function walletSigner(typed: WalletTypedMessage, signature: string): string | null {
  try {
    const sig = Signature.fromHex(signature as `0x${string}`);
    if (sig.s > HALF_N) return null;
    const message = Object.fromEntries(
      typed.fields.map((f) => [f.name, typedValue(f, typed.message[f.name])]),
    );
    const payload = TypedData.getSignPayload({
      domain: {
        ...WALLET_DOMAIN,
        chainId: BigInt(typed.message.chainId as string | number | bigint),
        verifyingContract: typed.verifyingContract as `0x${string}`,
      },
      types: { EIP712Domain: [...EIP712_DOMAIN_TYPE], [typed.primaryType]: [...typed.fields] },
      primaryType: typed.primaryType,
      message,
      // Built at run time from the contract's field tables: ox types literal typed data only.
    } as unknown as Parameters<typeof TypedData.getSignPayload>[0]);
    return Secp256k1.recoverAddress({ payload, signature: sig });
  } catch {
    return null;
  }
}
