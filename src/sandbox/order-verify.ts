/**
 * The sandbox's order-signature check: as strict as `verifyOrderSignature` (which recovers the
 * public key from r, s, v and compares it), about four times cheaper for a trading key seen
 * before.
 *
 * Recovery gives Q' = r⁻¹(s·R − h·G) for the point R of x-coordinate r (+ n when v ≥ 2) and y
 * parity v & 1; Q' = Q exactly when R = s⁻¹(h·G + r·Q). So, knowing Q, the check computes
 * R' = u1·G + u2·Q (u1 = h/s, u2 = r/s) and accepts only when R' has x = r (+ n when v ≥ 2) and
 * the y parity of v — the same accept set, without the square root and the 256 doublings of
 * multiplying an unknown R. G's multiples are noble's precomputed table; Q's are a signed
 * fixed-window table built here on a key's second use (bounded cache; a key used once is
 * checked without a table).
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { parseTradingKey } from '../auth/keys.ts';
import { secp } from '../auth/noble.ts';
import { normalizeForSignature } from './normalize.ts';

const { Point } = secp;
const { n: N, p: P } = Point.CURVE();
const { mod, invert } = secp.etc;

/** Window bits: 43 windows of 32 multiples, ≈1,400 points (≈300 kB) per table. */
const W = 6;
const WINDOWS = Math.ceil(256 / W) + 1;
const HALF = 1 << (W - 1);
const MASK = BigInt((1 << W) - 1);
const SHIFT = BigInt(W);

/** Trading keys with a table; cleared when full. */
const TABLES_MAX = 64;

interface KeyEntry {
  point: InstanceType<typeof Point>;
  uses: number;
  table: InstanceType<typeof Point>[] | undefined;
}

const keys = new Map<string, KeyEntry>();
const KEYS_MAX = 4096;
let tables = 0;

function buildTable(q: InstanceType<typeof Point>): InstanceType<typeof Point>[] {
  const table: InstanceType<typeof Point>[] = [];
  let base = q;
  for (let w = 0; w < WINDOWS; w++) {
    let acc = base;
    table.push(acc);
    for (let i = 1; i < HALF; i++) {
      acc = acc.add(base);
      table.push(acc);
    }
    // acc = HALF·base; the next window's base is 2^W·base.
    base = acc.double();
  }
  return table;
}

/** k·Q from the table: signed digits in [−2^(W−1), 2^(W−1)], one addition per window. */
function multiplyWithTable(
  table: InstanceType<typeof Point>[],
  k: bigint,
): InstanceType<typeof Point> {
  let acc = Point.ZERO;
  for (let w = 0; w < WINDOWS && k > 0n; w++) {
    let digit = Number(k & MASK);
    k >>= SHIFT;
    if (digit > HALF) {
      digit -= 1 << W;
      k += 1n;
    }
    if (digit !== 0) {
      const point = table[w * HALF + Math.abs(digit) - 1]!;
      acc = acc.add(digit < 0 ? point.negate() : point);
    }
  }
  return acc;
}

function keyEntry(tradingKey: string): KeyEntry {
  let entry = keys.get(tradingKey);
  if (entry === undefined) {
    entry = { point: Point.fromBytes(parseTradingKey(tradingKey)), uses: 0, table: undefined };
    if (keys.size >= KEYS_MAX) {
      keys.clear();
      tables = 0;
    }
    keys.set(tradingKey, entry);
  }
  return entry;
}

function timesQ(entry: KeyEntry, k: bigint): InstanceType<typeof Point> {
  if (entry.table === undefined && ++entry.uses >= 2) {
    if (tables >= TABLES_MAX) {
      for (const other of keys.values()) other.table = undefined;
      tables = 0;
    }
    entry.table = buildTable(entry.point);
    tables++;
  }
  return entry.table ? multiplyWithTable(entry.table, k) : entry.point.multiply(k, false);
}

const SIGNATURE_HEX = /^(?:0x)?([0-9a-fA-F]{64})([0-9a-fA-F]{64})([0-9a-fA-F]{2})$/;
const encoder = new TextEncoder();

/**
 * Whether `signature` (r + s + v, 130 hex; v 0..3 or 27..30) signs the order parameters with
 * the secret of `tradingKey` (128 hex). High-s signatures are rejected. Same answers as
 * `verifyOrderSignature`; returns false, never throws, on any bad input.
 */
export function verifyOrderFast(
  tradingKey: string,
  params: Record<string, unknown>,
  signature: string,
): boolean {
  try {
    const match = typeof signature === 'string' ? SIGNATURE_HEX.exec(signature) : null;
    if (match === null) return false;
    let v = Number.parseInt(match[3]!, 16);
    if (v >= 27 && v <= 30) v -= 27;
    if (v > 3) return false;
    const r = BigInt(`0x${match[1]}`);
    const s = BigInt(`0x${match[2]}`);
    if (r < 1n || r >= N || s < 1n || s > N >> 1n) return false;
    const rx = v > 1 ? r + N : r;
    if (rx >= P) return false;
    const digest = keccak_256(encoder.encode(normalizeForSignature(params)));
    const h = mod(BigInt(`0x${Buffer.from(digest).toString('hex')}`), N);
    const entry = keyEntry(tradingKey);
    const sInv = invert(s, N);
    const u1 = mod(h * sInv, N);
    const u2 = mod(r * sInv, N);
    const point = Point.BASE.multiply(u1, false).add(timesQ(entry, u2));
    if (point.is0()) return false;
    const { x, y } = point.toAffine();
    return x === rx && Number(y & 1n) === (v & 1);
  } catch {
    return false;
  }
}
