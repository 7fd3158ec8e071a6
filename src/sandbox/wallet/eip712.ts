/**
 * EIP-712 as the sandbox checks a wallet's signature: the typed-data digest of a message
 * (domain separator, struct hash) computed here with noble's keccak, and the signer recovered
 * with noble's secp256k1, the reference engine. Written apart from any signing library, so a
 * test that signs with a wallet library checks two implementations against each other. Only
 * the field types the wallet messages use (contract/wallet.ts) are encoded.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { addressOfPublicKey } from '../../auth/account-id.ts';
import { nobleSecp256k1 } from '../../auth/engines/noble.ts';
import { EIP712_DOMAIN_TYPE, type TypedField, WALLET_DOMAIN } from '../../contract/wallet.ts';

export type TypedValue = string | number | bigint;

/** n/2 of secp256k1: a larger s is the high-s twin of a valid signature, refused. */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
const UINT_MAX = { uint256: (1n << 256n) - 1n, uint64: (1n << 64n) - 1n } as const;
const encoder = new TextEncoder();

/** `Name(type1 name1,type2 name2,…)`. */
const encodeType = (name: string, fields: readonly TypedField[]) =>
  `${name}(${fields.map((f) => `${f.type} ${f.name}`).join(',')})`;

function word(value: bigint): Uint8Array {
  return Uint8Array.from(Buffer.from(value.toString(16).padStart(64, '0'), 'hex'));
}

/** One field as its 32-byte word; a RangeError when the value does not fit the type. */
function encodeValue(field: TypedField, value: TypedValue): Uint8Array {
  if (field.type === 'string') return keccak_256(encoder.encode(String(value)));
  if (field.type === 'address') {
    const text = String(value);
    if (!/^0x[0-9a-fA-F]{40}$/.test(text)) throw new RangeError(`${field.name}: not an address`);
    return word(BigInt(text));
  }
  const n = BigInt(value);
  if (n < 0n || n > UINT_MAX[field.type]) throw new RangeError(`${field.name}: out of range`);
  return word(n);
}

/** keccak256(typeHash ‖ encodeData(message)). */
export function hashStruct(
  name: string,
  fields: readonly TypedField[],
  message: Readonly<Record<string, TypedValue>>,
): Uint8Array {
  const parts: Uint8Array[] = [keccak_256(encoder.encode(encodeType(name, fields)))];
  for (const field of fields) {
    const value = message[field.name];
    if (value === undefined) throw new RangeError(`${field.name}: missing`);
    parts.push(encodeValue(field, value));
  }
  return keccak_256(Buffer.concat(parts));
}

export interface TypedMessage {
  /** The primary type's name (`Withdraw`) and its fields. */
  name: string;
  fields: readonly TypedField[];
  message: Readonly<Record<string, TypedValue>>;
  chainId: TypedValue;
  verifyingContract: string;
}

/** keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message)): what the wallet signed. */
export function typedDataDigest(typed: TypedMessage): Uint8Array {
  const domain = hashStruct('EIP712Domain', EIP712_DOMAIN_TYPE, {
    ...WALLET_DOMAIN,
    chainId: typed.chainId,
    verifyingContract: typed.verifyingContract,
  });
  const struct = hashStruct(typed.name, typed.fields, typed.message);
  return keccak_256(Buffer.concat([Uint8Array.of(0x19, 0x01), domain, struct]));
}

const SIGNATURE = /^0x([0-9a-fA-F]{64})([0-9a-fA-F]{64})([0-9a-fA-F]{2})$/;

/**
 * The address whose key made `signature` (0x ‖ r ‖ s ‖ v; v 27/28 or 0/1) over the typed
 * message, or null: a malformed or high-s signature, a value that does not fit its type, a
 * point that does not recover. Never throws.
 */
export function recoverTypedDataSigner(typed: TypedMessage, signature: string): string | null {
  try {
    const match = SIGNATURE.exec(signature);
    if (!match) return null;
    let v = Number.parseInt(match[3]!, 16);
    if (v >= 27) v -= 27;
    if (v !== 0 && v !== 1) return null;
    if (BigInt(`0x${match[2]}`) > HALF_N) return null;
    const rs = Uint8Array.from(Buffer.from(match[1]! + match[2]!, 'hex'));
    const key = nobleSecp256k1.recover(typedDataDigest(typed), rs, v);
    return key ? addressOfPublicKey(key) : null;
  } catch {
    return null;
  }
}
