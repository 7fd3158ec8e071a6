/**
 * `npm run bench:book`: live order book fan-out of one gateway replica (see lib/book-fanout.ts).
 * Prints each figure with its target and the load average when it was measured, writes
 * `bench/results/book-fanout.json`, and exits non-zero on a crossed book or a lost delivery.
 *
 *   npm run bench:book -- [--subscribers 5000] [--ws-connections 50] [--duration 30]
 *                         [--rate 10] [--warmup 3] [--sse-only] [--profile] [--smoke]
 *
 * `--profile`: V8 CPU profiles of the gateway's measured phases in bench/results/profiles/.
 *
 * `--smoke`: 100 subscribers for 2 s (a few seconds; CI).
 */
import { bookFanoutLines, runBookFanout } from './lib/book-fanout.ts';
import { runMain } from './lib/processes.ts';
import { arg, finish, has, loadNow, log, profileOption } from './lib/standalone.ts';

async function main(): Promise<number> {
  const smoke = has('smoke');
  const loadAtStart = loadNow();
  const result = await runBookFanout({
    subscribers: arg('subscribers', smoke ? 100 : 5_000),
    wsConnections: arg('ws-connections', smoke ? 5 : 50),
    durationS: arg('duration', smoke ? 2 : 30),
    updatesPerSecond: arg('rate', 10),
    warmupS: arg('warmup', smoke ? 0 : 3, 0),
    sseOnly: has('sse-only'),
    ...profileOption(),
    log,
  });
  return finish('book-fanout.json', result, bookFanoutLines(result), loadAtStart);
}

runMain('bench:book', main);
