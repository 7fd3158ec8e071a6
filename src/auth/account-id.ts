/**
 * Account ids and wallet addresses: the upstream derives an account's id from its wallet
 * address and its broker, so the gateway can tell, before sending a wallet-signed message,
 * whether the message's `userAddress` and `brokerId` are the caller's account at all.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** keccak256(abi.encode(address, keccak256(brokerId))), `0x` + 64 lower-case hex digits. */
export function accountIdOf(userAddress: string, brokerId: string): string {
  const address = Buffer.from(userAddress.replace(/^0x/i, '').padStart(64, '0'), 'hex');
  const broker = keccak_256(new TextEncoder().encode(brokerId));
  return `0x${hex(keccak_256(Buffer.concat([address, broker])))}`;
}

/** The EVM address of an uncompressed secp256k1 public key (65 bytes, `04` first). */
export function addressOfPublicKey(uncompressed: Uint8Array): string {
  return `0x${hex(keccak_256(uncompressed.subarray(1))).slice(-40)}`;
}

/** Two addresses (or ids) are the same whatever the letter case (EIP-55 checksums). */
export const sameHex = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
