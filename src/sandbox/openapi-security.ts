/**
 * The OpenAPI security schemes of the sandbox: the four headers of a signed request, the
 * trading key of order endpoints, and which of them an operation requires.
 */
import { TIMESTAMP_TOLERANCE_MS } from '../contract/constants.ts';
import type { AuthKind } from '../contract/endpoint-types.ts';

/** The four headers of a signed request, each a scheme; all four are required together. */
export const SIGNED = ['svc-account-id', 'svc-key', 'svc-timestamp', 'svc-signature'] as const;
export const SCHEME_NAME: Record<string, string> = {
  'svc-account-id': 'accountId',
  'svc-key': 'key',
  'svc-timestamp': 'timestamp',
  'svc-signature': 'requestSignature',
  'svc-trading-key': 'tradingKey',
};
export const SCHEME_TEXT: Record<string, string> = {
  'svc-account-id': 'The account id (0x…) the key is bound to.',
  'svc-key': 'The ed25519 public key: `ed25519:<base58>`.',
  'svc-timestamp': `Milliseconds since the epoch, within ${TIMESTAMP_TOLERANCE_MS / 1000} s of server time.`,
  'svc-signature':
    'base64url ed25519 signature of `<svc-timestamp><METHOD><path and query><raw body>`.',
  'svc-trading-key':
    'Order endpoints: the secp256k1 trading public key (128 hex characters) whose order signature the parameters carry.',
};

export function security(auth: AuthKind | undefined): Record<string, string[]>[] {
  if (auth === undefined || auth === 'public') return [];
  const headers: string[] = auth === 'trading' ? [...SIGNED, 'svc-trading-key'] : [...SIGNED];
  return [Object.fromEntries(headers.map((h) => [SCHEME_NAME[h]!, []]))];
}

/** The `securitySchemes` of the document: one per header. */
export const securitySchemes = (): Record<string, unknown> =>
  Object.fromEntries(
    [...SIGNED, 'svc-trading-key'].map((header) => [
      SCHEME_NAME[header]!,
      { type: 'apiKey', in: 'header', name: header, description: SCHEME_TEXT[header] },
    ]),
  );
