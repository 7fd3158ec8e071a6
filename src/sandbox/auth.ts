/**
 * The spec's three checks, answered like the real service:
 * - timestamp more than 300 s from server time, unknown key, key not bound to the account:
 *   401 -1002 (the message names the cause);
 * - missing or bad request signature, or a malformed key: 401 -1001;
 * - on order endpoints, missing `svc-trading-key` or a bad order signature: 401 -1001;
 * - a non-administrator on an administrator endpoint: 401 -1002.
 * The request signature is verified over the raw bytes received.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { formatEd25519PublicKey, parseEd25519PublicKey, parseTradingKey } from '../auth/keys.ts';
import { ORDER_SIGNATURE_PATTERN, TIMESTAMP_TOLERANCE_MS } from '../contract/constants.ts';
import { badSignature, unauthorized } from './errors.ts';
import { verifyOrderByRecovery } from './order-verify.ts';
import { verifyRequestSignature } from './request-verify.ts';
import type { Account, SandboxState } from './state.ts';

/**
 * `svc-key` text → canonical key, for keys that parsed: parsing decodes base58 and checks
 * the point is on the curve, a good share of a request's CPU otherwise. Bounded: cleared when
 * full (clients use few keys; a flood of distinct keys only costs the parse it always cost).
 */
const canonicalKeys = new Map<string, string>();
const CANONICAL_KEYS_MAX = 4096;

function canonicalKeyOf(key: string): string {
  let canonical = canonicalKeys.get(key);
  if (canonical === undefined) {
    canonical = formatEd25519PublicKey(parseEd25519PublicKey(key));
    if (canonicalKeys.size >= CANONICAL_KEYS_MAX) canonicalKeys.clear();
    canonicalKeys.set(key, canonical);
  }
  return canonical;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? undefined : text;
}

export interface SignedRequest {
  method: string;
  /** Path and query exactly as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Checks timestamp, request signature and key binding; returns the authenticated account. */
export function authenticate(state: SandboxState, req: SignedRequest, now: number): Account {
  const timestamp = header(req.headers, 'svc-timestamp');
  const accountId = header(req.headers, 'svc-account-id');
  const key = header(req.headers, 'svc-key');
  const signature = header(req.headers, 'svc-signature');

  if (signature === undefined) throw badSignature('svc-signature header is required');
  if (timestamp === undefined || !/^\d{1,16}$/.test(timestamp)) {
    throw unauthorized('svc-timestamp header is required: milliseconds since the epoch');
  }
  if (Math.abs(now - Number(timestamp)) > TIMESTAMP_TOLERANCE_MS) {
    throw unauthorized('request expired: svc-timestamp is more than 300 s from server time');
  }
  if (key === undefined) throw unauthorized('svc-key header is required');
  let canonicalKey: string;
  try {
    canonicalKey = canonicalKeyOf(key);
  } catch {
    throw badSignature('svc-key: invalid key format, expected ed25519:<base58 public key>');
  }
  const message = Buffer.concat([
    Buffer.from(`${timestamp}${req.method}${req.url}`, 'utf8'),
    req.body,
  ]);
  if (!verifyRequestSignature(canonicalKey, message, signature)) {
    throw badSignature('svc-signature does not match the request');
  }
  const account = state.accountOfKey(canonicalKey);
  if (account === undefined) throw unauthorized('unknown key: svc-key is not registered');
  if (accountId === undefined) throw unauthorized('svc-account-id header is required');
  if (account.accountId.toLowerCase() !== accountId.toLowerCase()) {
    throw unauthorized('key not bound to the account: svc-key does not belong to svc-account-id');
  }
  return account;
}

export function requireAdmin(account: Account): void {
  if (account.role !== 'broker_admin') {
    throw unauthorized('insufficient permission: broker administrator endpoint');
  }
}

/** The `svc-trading-key` of an order request, checked against the account's trading key. */
export function tradingKeyOf(account: Account, headers: IncomingHttpHeaders): string {
  const text = header(headers, 'svc-trading-key');
  if (text === undefined)
    throw badSignature('svc-trading-key header is required on order endpoints');
  let key: string;
  try {
    key = Buffer.from(parseTradingKey(text).subarray(1)).toString('hex');
  } catch {
    throw badSignature('svc-trading-key: invalid key format, expected 128 hex characters');
  }
  if (account.tradingKey !== undefined && account.tradingKey !== key) {
    throw unauthorized('trading key not bound to the account: svc-trading-key is not registered');
  }
  return key;
}

/**
 * Verifies the order signature carried in `signature` over the other parameters, normalized
 * exactly as received (numbers as parsed from JSON, query values as text).
 */
export function verifyOrder(
  tradingKey: string,
  params: Record<string, unknown>,
  field = 'signature',
) {
  const { signature, ...signed } = params;
  if (signature === undefined || signature === null) {
    throw badSignature(`${field}: the order signature is required`);
  }
  if (typeof signature !== 'string' || !ORDER_SIGNATURE_PATTERN.test(signature)) {
    throw badSignature(`${field}: the order signature must be 130 hex characters`);
  }
  if (!verifyOrderByRecovery(tradingKey, signed, signature)) {
    throw badSignature(`${field}: order signature does not match the order parameters`);
  }
}

/**
 * Verifies a `tree`-signed body (algo orders): the object and, recursively, each object of its
 * `child_orders` carries a signature over its own fields but `child_orders`.
 */
export function verifyOrderTree(tradingKey: string, node: Record<string, unknown>, at = ''): void {
  const { child_orders: children, ...own } = node;
  verifyOrder(tradingKey, own, `${at}signature`);
  if (!Array.isArray(children)) return;
  children.forEach((child: unknown, i) => {
    // Anything else is the handler's to refuse, naming the field.
    if (typeof child === 'object' && child !== null && !Array.isArray(child)) {
      verifyOrderTree(tradingKey, child as Record<string, unknown>, `${at}child_orders[${i}].`);
    }
  });
}
