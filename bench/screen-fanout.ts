/**
 * `npm run bench:screen`: trading screen fan-out of one gateway replica (see
 * lib/screen-fanout.ts). Prints the figure with its target and the load average when it was
 * measured, writes `bench/results/screen-fanout.json`, and exits non-zero on a crossed book,
 * a bad frame, subscribers of one account out of step or screens left behind.
 *
 *   npm run bench:screen -- [--subscribers 5000] [--accounts 500] [--duration 30] [--rate 10]
 *                           [--warmup 3] [--profile] [--smoke]
 *
 * `--smoke`: 100 subscribers over 10 accounts for 2 s (a few seconds; CI).
 */
import { runMain } from './lib/processes.ts';
import { runScreenFanout, screenFanoutLines } from './lib/screen-fanout.ts';
import { arg, finish, has, loadNow, log, profileOption } from './lib/standalone.ts';

async function main(): Promise<number> {
  const smoke = has('smoke');
  const loadAtStart = loadNow();
  const result = await runScreenFanout({
    subscribers: arg('subscribers', smoke ? 100 : 5_000),
    accounts: arg('accounts', smoke ? 10 : 500),
    durationS: arg('duration', smoke ? 2 : 30),
    updatesPerSecond: arg('rate', 10),
    warmupS: arg('warmup', smoke ? 0 : 3, 0),
    ...profileOption(),
    log,
  });
  return finish('screen-fanout.json', result, screenFanoutLines(result), loadAtStart);
}

runMain('bench:screen', main);
