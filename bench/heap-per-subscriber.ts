/**
 * Where an idle SSE subscriber's gateway heap goes (`fanoutBytesPerSubscriber` of the
 * fan-out bench, by kind of object): heap snapshots of the fan-out gateway before and after N
 * subscribers open, the difference by constructor, divided by N.
 *
 *   npm run build && npx tsx bench/heap-per-subscriber.ts [--subscribers 1000] [--top 40]
 *     [--strings]   strings by their text (digits and hex runs folded), not as one line
 *     [--keep]      keep the two .heapsnapshot files (for DevTools' comparison view)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openOrderUpdates, waitListeners } from './lib/fanout.ts';
import { startChild } from './lib/processes.ts';
import type { Trader } from './lib/scenarios.ts';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    top: { type: 'string', default: '40' },
    strings: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const subscribers = Number(values.subscribers);

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size and count by "type name" (an object's name is its constructor's). */
function tally(file: string): Map<string, { bytes: number; count: number }> {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const out = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const type = types[heap.nodes[i + typeAt!]!]!;
    const raw = heap.strings[heap.nodes[i + nameAt!]!]!;
    const name =
      type === 'string' || type === 'concatenated string'
        ? values.strings
          ? raw
              .slice(0, 50)
              .replace(/[0-9a-f]{6,}/gi, '#')
              .replace(/[0-9]+/g, 'N')
          : ''
        : raw.slice(0, 60);
    const key = `${type} ${name}`;
    const entry = out.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += heap.nodes[i + sizeAt!]!;
    entry.count++;
    out.set(key, entry);
  }
  return out;
}

const sandbox = await startChild('heap-sandbox', {
  module: 'servers/sandbox.ts',
  env: { BENCH_TRADER_COUNT: '1' },
});
const trader = (sandbox.info.traders as Trader[])[0]!;
const token = `bench_${randomBytes(24).toString('base64url')}`;
const gateway = await startChild('heap-gateway', {
  module: 'servers/live-gateway.ts',
  env: {
    SVC_BASE_URL: String(sandbox.info.url),
    SVC_BROKER_ID: 'demo',
    UPSTREAM_LIMIT_SCALE: '1000000',
    CALLER_POINTS: '100000000',
    CONN_SSE_MAX_PER_IP: String(subscribers + 1_000),
    CONN_SSE_MAX_PER_PRINCIPAL: String(subscribers + 1_000),
    LOG_LEVEL: 'warn',
    BENCH_TRADERS: JSON.stringify([{ ...trader, token }]),
  },
});
const control = String(gateway.info.controlUrl);
const url = new URL(`${String(gateway.info.url)}/graphql`);
const open = () => openOrderUpdates(url, token, () => {});
const snapshot = async (name: string) => {
  const file = join(tmpdir(), `svc-heap-${process.pid}-${name}.heapsnapshot`);
  await (await fetch(`${control}/heap-snapshot?file=${encodeURIComponent(file)}`)).json();
  return file;
};

// Warm-up: the first subscribers also build what every later one shares (topics, streams).
const warm = await Promise.all(Array.from({ length: 100 }, open));
await waitListeners(control, warm.length, 'warm-up');
for (const socket of warm) socket.destroy();
await waitListeners(control, 0, 'warm-up close');
const before = await snapshot('before');
const sockets = [];
for (let opened = 0; opened < subscribers; opened += 200) {
  sockets.push(
    ...(await Promise.all(Array.from({ length: Math.min(200, subscribers - opened) }, open))),
  );
}
await waitListeners(control, subscribers, 'subscribers');
const after = await snapshot('after');
const [a, b] = [tally(before), tally(after)];
const rows = [...b].map(([key, { bytes, count }]) => {
  const was = a.get(key) ?? { bytes: 0, count: 0 };
  return {
    key,
    bytes: (bytes - was.bytes) / subscribers,
    count: (count - was.count) / subscribers,
  };
});
rows.sort((x, y) => y.bytes - x.bytes);
const total = rows.reduce((sum, r) => sum + r.bytes, 0);
console.log(
  `heap per SSE subscriber: ${total.toFixed(0)} B (${subscribers} subscribers; self sizes, snapshots after a full GC)`,
);
for (const r of rows.slice(0, Number(values.top))) {
  console.log(`${r.bytes.toFixed(0).padStart(7)} B  ${r.count.toFixed(2).padStart(6)} ×  ${r.key}`);
}
for (const socket of sockets) socket.destroy();
if (values.keep) console.log(`snapshots kept: ${before} ${after}`);
else for (const file of [before, after]) rmSync(file);
await gateway.stop();
await sandbox.stop();
process.exit(0);
