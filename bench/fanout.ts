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
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fanoutLines, runFanout } from './lib/fanout.ts';
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
  const result = await runFanout({
    subscribers: arg('subscribers', smoke ? 100 : 5_000),
    wsConnections: arg('ws-connections', smoke ? 5 : 50),
    events: arg('events', smoke ? 5 : 20),
    warmupEvents: arg('warmup-events', smoke ? 1 : 3, 0),
    intervalMs: arg('interval', smoke ? 100 : 300, 0),
    sseOnly: has('sse-only'),
    ...(has('profile')
      ? { profileDir: new URL('./results/profiles', import.meta.url).pathname }
      : {}),
    log,
  });
  for (const line of fanoutLines(result)) log(line);
  const machine = { cores: availableParallelism(), loadAverage1mAtStart: loadAtStart };
  log(`  machine: ${machine.cores} cores, load average ${loadAtStart} at start`);
  writeFileSync(
    new URL('./results/fanout.json', import.meta.url),
    `${JSON.stringify({ at: new Date().toISOString(), machine, ...result }, null, 2)}\n`,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return result.ok ? 0 : 1;
}

runMain('bench:fanout', main);
