/** The shared known-answer vectors (../shared/vectors/signing.json), read from disk, never copied. */
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

export const vectorsUrl = new URL('../../../../shared/vectors/signing.json', import.meta.url);

export const vectors: SigningVectors = JSON.parse(readFileSync(vectorsUrl, 'utf8'));
