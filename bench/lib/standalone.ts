/**
 * What the stand-alone fan-out benchmarks (`bench:fanout`, `bench:book`) share: their integer
 * flags, the profile option, and printing + writing a result with the machine's load.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

export const has = (name: string) => process.argv.includes(`--${name}`);

/** `--name N`, an integer ≥ `min`, else `fallback`. */
export const arg = (name: string, fallback: number, min = 1): number => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i < 0 ? fallback : Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name}: an integer ≥ ${min}`);
  return value;
};

export const log = (line: string) => process.stderr.write(`${line}\n`);

/** The 1-minute load average now, to two places. */
export const loadNow = () => Math.round(loadavg()[0]! * 100) / 100;

/** `--profile`: CPU profiles into bench/results/profiles. */
export const profileOption = () =>
  has('profile') ? { profileDir: new URL('../results/profiles', import.meta.url).pathname } : {};

/** Logs the lines, writes `bench/results/<file>` and the result as JSON on stdout; the exit code. */
export function finish<R extends { ok: boolean }>(
  file: string,
  result: R,
  lines: string[],
  loadAtStart: number,
): number {
  for (const line of lines) log(line);
  const machine = { cores: availableParallelism(), loadAverage1mAtStart: loadAtStart };
  log(`  machine: ${machine.cores} cores, load average ${loadAtStart} at start`);
  writeFileSync(
    new URL(`../results/${file}`, import.meta.url),
    `${JSON.stringify({ at: new Date().toISOString(), machine, ...result }, null, 2)}\n`,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return result.ok ? 0 : 1;
}
