/**
 * The known-answer signing vectors, vendored from the workspace's shared/vectors/signing.json
 * as test/fixtures/signing.json so a plain clone runs the unit suite; `.ci/run` checks the copy
 * still equals the shared original wherever that exists.
 */
import { readFileSync } from 'node:fs';

export interface OrderCase {
  source: string;
  params: Record<string, unknown>;
  normalized: string;
  signature: string;
}

export interface RequestCase {
  source: string;
  timestamp: number;
  method: string;
  path: string;
  body: string;
  message: string;
  signature: string;
}

export interface SigningVectors {
  orderSignature: { tradingSecret: string; tradingKey: string; cases: OrderCase[] };
  requestSignature: { secret: string; key: string; encoding: string; cases: RequestCase[] };
}

export const vectorsUrl = new URL('../../fixtures/signing.json', import.meta.url);

export const vectors: SigningVectors = JSON.parse(readFileSync(vectorsUrl, 'utf8'));
