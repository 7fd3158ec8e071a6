/**
 * `npm run bench:signing`: operations per second of the four signature operations, each in a
 * time-bounded loop (BENCH_SECONDS, default 1) after a short warm-up, on the vector keys.
 */
import { readFileSync } from 'node:fs';
import { ED25519_ENGINE } from '../src/auth/ed25519.ts';
import { parseEd25519Secret } from '../src/auth/keys.ts';
import { ed } from '../src/auth/noble.ts';
import { OrderSigner, verifyOrderSignature } from '../src/auth/order-signature.ts';
import { RequestSigner, verifyRequestSignature } from '../src/auth/request-signature.ts';
import { SECP256K1_ENGINE } from '../src/auth/secp256k1.ts';
import { verifyOrderFast } from '../src/sandbox/order-verify.ts';

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
const messageBytes = new TextEncoder().encode(requestCase.message);

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
    'request signing (headers)',
    () => requestSigner.headers({ ...requestCase, timestamp: Date.now() }),
  ],
  ['order signing (normalize + sign)', () => orderSigner.sign(orderParams)],
  [
    'request verification',
    () => verifyRequestSignature(requestSigner.publicKey, requestCase.message, requestSignature),
  ],
  [
    'order verification (sandbox: libsecp256k1 recovery)',
    () => verifyOrderFast(orderSigner.tradingKey, orderParams, orderSignature),
  ],
  [
    '  reference: noble recovery (verifyOrderSignature)',
    () => verifyOrderSignature(orderSigner.tradingKey, orderParams, orderSignature),
  ],
  ['  reference: noble ed25519 sign', () => ed.sign(messageBytes, seed)],
];

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
  `signing benchmark (${seconds} s per operation, node ${process.version}; ed25519 by ${ED25519_ENGINE}, secp256k1 by libsecp256k1 ${SECP256K1_ENGINE})`,
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
