/**
 * The text of an ed25519 request signature (`svc-signature`, the stream's `sign`): its own
 * module, so the sandbox reads it without loading the gateway's signing engines.
 */

// 64 signature bytes are 86 base64 characters, 88 with `==`; either alphabet, never mixed.
const SIGNATURE_BASE64 = /^(?:[A-Za-z0-9+/]{86}|[A-Za-z0-9_-]{86})(?:==)?$/;

/** Decodes a 64-byte signature from standard or url-safe base64, padded or not; else null. */
export function decodeSignature(signature: string): Buffer | null {
  if (!SIGNATURE_BASE64.test(signature)) return null;
  const standard = signature.replaceAll('-', '+').replaceAll('_', '/').replace(/=+$/, '');
  const bytes = Buffer.from(standard, 'base64');
  // Reject encodings with non-zero padding bits: only the canonical text of the bytes is valid.
  if (bytes.length !== 64 || bytes.toString('base64').replace(/=+$/, '') !== standard) return null;
  return bytes;
}
