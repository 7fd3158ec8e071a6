/**
 * The noble curve libraries, with their synchronous hash slots wired to @noble/hashes.
 * Import `ed` and `secp` from here (never from the packages directly) so the sync APIs
 * (`ed.getPublicKey`, `secp.sign`, `secp.recoverPublicKey`) are always usable.
 */
import * as ed from '@noble/ed25519';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import * as secp from '@noble/secp256k1';

ed.hashes.sha512 = sha512;
secp.hashes.sha256 = sha256;
secp.hashes.hmacSha256 = (key, message) => hmac(sha256, key, message);

export { ed, secp };
