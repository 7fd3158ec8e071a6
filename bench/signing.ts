/**
 * `npm run bench:signing`: operations per second of every signature engine (src/auth/engines)
 * and of what the gateway and the sandbox do per request with them, each in a time-bounded
 * loop (BENCH_SECONDS, default 1) after a short warm-up, on the vector keys. docs/signing.md
 * sets these against the CPU of a whole request.
 */
import { readFileSync } from 'node:fs';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { ed25519, secp256k1 } from '../src/auth/engines/index.ts';
import { loadLibsecp256k1Engine } from '../src/auth/engines/libsecp256k1.ts';
import { nobleEd25519, nobleSecp256k1 } from '../src/auth/engines/noble.ts';
import { loadSodiumEngine } from '../src/auth/engines/sodium.ts';
import { ed25519PublicKeyOf, parseEd25519Secret, parseTradingSecret } from '../src/auth/keys.ts';
import { OrderSigner, verifyOrderSignature } from '../src/auth/order-signature.ts';
import { RequestSigner } from '../src/auth/request-signature.ts';
import { verifyOrderByRecovery } from '../src/sandbox/order-verify.ts';
import { verifyRequestSignature } from '../src/sandbox/request-verify.ts';

const vectors = JSON.parse(
  readFileSync(new URL('../test/fixtures/signing.json', import.meta.url), 'utf8'),
);
const seconds = Number(process.env.BENCH_SECONDS ?? 1);

const requestSigner = new RequestSigner({
  accountId: 'bench',
  secret: vectors.requestSignature.secret,
});
const orderSigner = new OrderSigner(vectors.orderSignature.tradingSecret);
const requestCase = vectors.requestSignature.cases[1];
const orderParams = vectors.orderSignature.cases[1].params;
const requestSignature = requestSigner.sign(requestCase.message);
const orderSignature = orderSigner.sign(orderParams);
const seed = parseEd25519Secret(vectors.requestSignature.secret);
const tradingSecret = parseTradingSecret(vectors.orderSignature.tradingSecret);
const message = new TextEncoder().encode(requestCase.message);
const orderText = new TextEncoder().encode(vectors.orderSignature.cases[1].normalized);
const digest = keccak_256(orderText);

/** Runs `op` until `budget` seconds have passed; returns operations per second. */
function measure(op: () => unknown, budget: number): number {
  let count = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(budget * 1e9));
  let now = start;
  while (now < end) {
    for (let i = 0; i < 16; i++) op();
    count += 16;
    now = process.hrtime.bigint();
  }
  return count / (Number(now - start) / 1e9);
}

const operations: [string, () => unknown][] = [
  [
    'gateway: request signing (headers)',
    () => requestSigner.headers({ ...requestCase, timestamp: Date.now() }),
  ],
  ['gateway: order signing (normalize, keccak, sign)', () => orderSigner.sign(orderParams)],
  [
    'sandbox: request verification (node:crypto)',
    () => verifyRequestSignature(requestSigner.publicKey, requestCase.message, requestSignature),
  ],
  [
    'sandbox: order verification (noble recovery)',
    () => verifyOrderByRecovery(orderSigner.tradingKey, orderParams, orderSignature),
  ],
  [
    '  reference: verifyOrderSignature (noble)',
    () => verifyOrderSignature(orderSigner.tradingKey, orderParams, orderSignature),
  ],
  ['  keccak256 of an order text (noble)', () => keccak_256(orderText)],
];
for (const engine of [nobleEd25519, loadSodiumEngine()]) {
  if (engine === null) continue;
  const sign = engine.signer(seed);
  const verify = engine.verifier(ed25519PublicKeyOf(seed));
  const signature = sign(message);
  operations.push([`  ed25519 ${engine.name}: sign`, () => sign(message)]);
  operations.push([`  ed25519 ${engine.name}: verify`, () => verify(message, signature)]);
}
for (const engine of [nobleSecp256k1, loadLibsecp256k1Engine()]) {
  if (engine === null) continue;
  const { signature, recoveryId } = engine.sign(digest, tradingSecret);
  operations.push([`  secp256k1 ${engine.name}: sign`, () => engine.sign(digest, tradingSecret)]);
  operations.push([
    `  secp256k1 ${engine.name}: recover`,
    () => engine.recover(digest, signature, recoveryId),
  ]);
}

const rows = operations.map(([name, op]) => {
  measure(op, Math.min(0.2, seconds / 5)); // warm-up
  const perSecond = measure(op, seconds);
  return [name, Math.round(perSecond).toLocaleString('en-US'), (1e6 / perSecond).toFixed(1)];
});

const header = ['operation', 'ops/s', 'µs/op'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(
  `signing benchmark (${seconds} s per operation, node ${process.version}; the gateway signs ed25519 by ${ed25519.name}, secp256k1 by ${secp256k1.name})`,
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
