/**
 * The engines this process signs with: per curve, the one faster engine where its addon loads,
 * else the noble reference (./noble.ts). docs/signing.md says what each faster engine saves in
 * a whole request, the reason it is kept.
 */
import { loadLibsecp256k1Engine } from './libsecp256k1.ts';
import { nobleEd25519, nobleSecp256k1 } from './noble.ts';
import { loadSodiumEngine } from './sodium.ts';
import type { Ed25519Engine, Secp256k1Engine } from './types.ts';

export type * from './types.ts';

export const ed25519: Ed25519Engine = loadSodiumEngine() ?? nobleEd25519;
export const secp256k1: Secp256k1Engine = loadLibsecp256k1Engine() ?? nobleSecp256k1;
