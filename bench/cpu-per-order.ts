/**
 * In-process CPU per placed order (scenario 6's placeOrder), for A/B comparisons of the order
 * path while the machine is busy. The sandbox runs in its own child process (its signature
 * checks would otherwise dominate this process's CPU); the gateway runs here, configured like
 * bench/servers/gateway.ts, and each order goes through `yoga.fetch` (no gateway socket: the
 * same for every variant) with a new clientOrderId, one at a time. Prints the best and median
 * of several rounds — the best is the least disturbed by other processes. `--account` places
 * nothing and reads the cached `account` instead, to see what an order adds.
 *
 *   npx tsx bench/cpu-per-order.ts [--rounds 7] [--count 1500] [--warmup 4500] [--account [--uncached]]
 *     [--profile file.cpuprofile] [--tree DIR] > /dev/null
 * (stdout: the gateway's access log; `--tree`: the gateway of another checkout, as in
 * cpu-per-order-ab.ts)
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { parseArgs } from 'node:util';
import { ACCOUNT_QUERY, orderInput, PLACE_ORDER_MUTATION } from './lib/documents.ts';
import { killAllChildren, startChild } from './lib/processes.ts';
import { BENCH_LIMIT_SCALE, treeGateway } from './lib/tree-gateway.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    count: { type: 'string', default: '1500' },
    warmup: { type: 'string', default: '4500' },
    account: { type: 'boolean', default: false },
    uncached: { type: 'boolean', default: false },
    /** Writes a V8 CPU profile of the measured rounds only (no start-up, no warm-up). */
    profile: { type: 'string' },
    tree: { type: 'string' },
  },
});

const sandbox = await startChild('sandbox', {
  module: 'servers/sandbox.ts',
  env: { BENCH_LIMIT_SCALE, BENCH_TRADER_COUNT: '1' },
});
try {
  const trader = (sandbox.info.traders as Array<Record<string, string>>)[0]!;
  const token = `svcgw_cpu_per_order_${randomBytes(16).toString('hex')}`;
  const gateway = await treeGateway({
    ...(values.tree ? { root: values.tree } : {}),
    sandboxUrl: String(sandbox.info.url),
    trader,
    token,
    label: 'cpu-per-order',
    cacheEnabled: !values.uncached,
  });
  const run = `c${process.pid.toString(36)}${Date.now().toString(36)}`;
  let sequence = 0;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const accountBody = JSON.stringify({ query: ACCOUNT_QUERY });
  const once = async (): Promise<void> => {
    const body = values.account
      ? accountBody
      : JSON.stringify({
          query: PLACE_ORDER_MUTATION,
          variables: { input: orderInput(`${run}-${(sequence++).toString(36)}`) },
        });
    const response = await gateway.yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers,
      body,
    });
    const text = await response.text();
    const ok = values.account
      ? text.startsWith('{"data"') && !text.includes('"errors"')
      : text.includes('"__typename":"PlaceOrderSuccess"');
    if (!ok) throw new Error(text);
  };
  const count = Number(values.count);
  // Warm-up: V8 compiles the per-request code for the first few thousand operations.
  for (let i = 0; i < Number(values.warmup); i++) await once();
  const session = values.profile ? new Session() : undefined;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session!.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  if (session) {
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 100 });
    await post('Profiler.start');
  }
  const perRound: number[] = [];
  const systemPerRound: number[] = [];
  for (let r = 0; r < Number(values.rounds); r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < count; i++) await once();
    const used = process.cpuUsage(start);
    perRound.push((used.user + used.system) / count);
    systemPerRound.push(used.system / count);
  }
  systemPerRound.sort((a, b) => a - b);
  if (session) {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(values.profile!, JSON.stringify(profile));
    session.disconnect();
  }
  perRound.sort((a, b) => a - b);
  process.stderr.write(
    `${values.account ? `account ${values.uncached ? 'uncached' : 'cached'}` : 'placeOrder'} via yoga.fetch: best ${perRound[0]!.toFixed(1)} µs/op, median ${perRound[perRound.length >> 1]!.toFixed(1)} µs/op (${values.rounds} rounds × ${count}; CPU of this process, sandbox in a child; of which system: best ${systemPerRound[0]!.toFixed(1)} µs/op)\n`,
  );
  await gateway.close();
} finally {
  await sandbox.stop();
  killAllChildren();
}
process.exit(0);
