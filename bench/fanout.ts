/**
 * `npm run bench:fanout`: live-update fan-out of one gateway replica (see lib/fanout.ts).
 * Prints each figure with its target and the load average when it was measured, writes
 * `bench/results/fanout.json`, and exits non-zero when a delivery went missing.
 *
 *   npm run bench:fanout -- [--subscribers 5000] [--ws-connections 50] [--events 20] [--warmup-events 3]
 *                           [--interval 300] [--sse-only] [--profile] [--smoke]
 *
 * `--smoke`: 100 subscribers, 5 events (a few seconds; CI).
 */
import { fanoutLines, runFanout } from './lib/fanout.ts';
import { runMain } from './lib/processes.ts';
import { arg, finish, has, loadNow, log, profileOption } from './lib/standalone.ts';

async function main(): Promise<number> {
  const smoke = has('smoke');
  const loadAtStart = loadNow();
  const result = await runFanout({
    subscribers: arg('subscribers', smoke ? 100 : 5_000),
    wsConnections: arg('ws-connections', smoke ? 5 : 50),
    events: arg('events', smoke ? 5 : 20),
    warmupEvents: arg('warmup-events', smoke ? 1 : 3, 0),
    intervalMs: arg('interval', smoke ? 100 : 300, 0),
    sseOnly: has('sse-only'),
    ...profileOption(),
    log,
  });
  return finish('fanout.json', result, fanoutLines(result), loadAtStart);
}

runMain('bench:fanout', main);
