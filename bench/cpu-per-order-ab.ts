/**
 * A/B of the gateway's CPU per placed order between two source trees, in one process: both
 * trees' gateways are loaded side by side (each its own modules; node_modules shared) against
 * one sandbox in a child process, and their rounds alternate, so the machine's changing load
 * falls on both alike (separate runs on a shared 2-core machine differ by more than most
 * changes). Prints each side's median and the per-pair difference; an A/A run (the same tree
 * twice, copied) shows the noise, about ±15 µs here.
 *
 *   npx tsx bench/cpu-per-order-ab.ts --a /tmp/before --b . [--rounds 20] [--count 500] > /dev/null
 * (a tree: a checkout with node_modules, e.g. `git archive <rev> | tar -x -C /tmp/before` and a
 * node_modules symlink; stdout: the gateways' access logs)
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { orderInput, PLACE_ORDER_MUTATION } from './lib/documents.ts';
import { killAllChildren, startChild } from './lib/processes.ts';
import { BENCH_LIMIT_SCALE, treeGateway } from './lib/tree-gateway.ts';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string', default: '.' },
    rounds: { type: 'string', default: '20' },
    count: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '2500' },
  },
});
if (!values.a) throw new Error('--a DIR is required (the tree to compare against)');
const sandbox = await startChild('sandbox', {
  module: 'servers/sandbox.ts',
  env: { BENCH_LIMIT_SCALE, BENCH_TRADER_COUNT: '2' },
});
const traders = sandbox.info.traders as Array<Record<string, string>>;

/** One order at a time through the gateway of the tree at `dir`, as trader `trader`. */
async function placer(dir: string, trader: Record<string, string>): Promise<() => Promise<void>> {
  const token = `svcgw_ab_${randomBytes(16).toString('hex')}`;
  const gateway = await treeGateway({
    root: dir,
    sandboxUrl: String(sandbox.info.url),
    trader,
    token,
    label: 'cpu-per-order-ab',
  });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const run = `ab${randomBytes(4).toString('hex')}`;
  let sequence = 0;
  return async () => {
    const body = JSON.stringify({
      query: PLACE_ORDER_MUTATION,
      variables: { input: orderInput(`${run}-${(sequence++).toString(36)}`) },
    });
    const response = await gateway.yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers,
      body,
    });
    const text = await response.text();
    if (!text.includes('"__typename":"PlaceOrderSuccess"')) throw new Error(text);
  };
}

try {
  const a = await placer(values.a, traders[0]!);
  const b = await placer(values.b, traders[1]!);
  for (let i = 0; i < Number(values.warmup); i++) {
    await a();
    await b();
  }
  const count = Number(values.count);
  const round = async (place: () => Promise<void>): Promise<number> => {
    const start = process.cpuUsage();
    for (let i = 0; i < count; i++) await place();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / count;
  };
  const ra: number[] = [];
  const rb: number[] = [];
  for (let r = 0; r < Number(values.rounds); r++) {
    // Alternate which side goes first, so neither always follows the other's garbage.
    if (r % 2 === 0) {
      ra.push(await round(a));
      rb.push(await round(b));
    } else {
      rb.push(await round(b));
      ra.push(await round(a));
    }
  }
  const median = (x: number[]) => [...x].sort((p, q) => p - q)[x.length >> 1]!;
  const diffs = ra.map((v, i) => rb[i]! - v);
  process.stderr.write(
    `A ${values.a}: median ${median(ra).toFixed(1)} µs/order, best ${Math.min(...ra).toFixed(1)}\n` +
      `B ${values.b}: median ${median(rb).toFixed(1)} µs/order, best ${Math.min(...rb).toFixed(1)}\n` +
      `B − A per pair: median ${median(diffs).toFixed(1)} µs (${diffs.filter((d) => d < 0).length}/${diffs.length} pairs B lower; ${values.rounds} rounds × ${count} orders each, CPU of this process)\n`,
  );
} finally {
  await sandbox.stop();
  killAllChildren();
}
process.exit(0);
