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
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { bookFanoutLines, runBookFanout } from './lib/book-fanout.ts';
import { runMain } from './lib/processes.ts';

const has = (name: string) => process.argv.includes(`--${name}`);
const arg = (name: string, fallback: number, min = 1): number => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i < 0 ? fallback : Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name}: an integer ≥ ${min}`);
  return value;
};

async function main(): Promise<number> {
  const smoke = has('smoke');
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const loadAtStart = Math.round(loadavg()[0]! * 100) / 100;
  const result = await runBookFanout({
    subscribers: arg('subscribers', smoke ? 100 : 5_000),
    wsConnections: arg('ws-connections', smoke ? 5 : 50),
    durationS: arg('duration', smoke ? 2 : 30),
    updatesPerSecond: arg('rate', 10),
    warmupS: arg('warmup', smoke ? 0 : 3, 0),
    sseOnly: has('sse-only'),
    ...(has('profile')
      ? { profileDir: new URL('./results/profiles', import.meta.url).pathname }
      : {}),
    log,
  });
  for (const line of bookFanoutLines(result)) log(line);
  const machine = { cores: availableParallelism(), loadAverage1mAtStart: loadAtStart };
  log(`  machine: ${machine.cores} cores, load average ${loadAtStart} at start`);
  writeFileSync(
    new URL('./results/book-fanout.json', import.meta.url),
    `${JSON.stringify({ at: new Date().toISOString(), machine, ...result }, null, 2)}\n`,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return result.ok ? 0 : 1;
}

runMain('bench:book', main);
