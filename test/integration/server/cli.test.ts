/** `svc-gateway` (src/cli.ts, the package's bin): usage, exit codes, and `--help` per command. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString();
  });
  child.stderr.on('data', (b: Buffer) => {
    err += b.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
}

describe('svc-gateway', () => {
  it('lists its commands on --help (exit 0) and on a missing or unknown command (exit 2)', async () => {
    const [help, none, unknown] = await Promise.all([cli(['--help']), cli([]), cli(['serve'])]);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^usage: svc-gateway <start\|sandbox\|sign\|keys\|persisted>/);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^usage: svc-gateway/);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^unknown command: serve\nusage: svc-gateway/);
  });

  it('explains every command on `<command> --help` with exit 0', async () => {
    const commands = ['start', 'sandbox', 'sign', 'keys', 'persisted'];
    const results = await Promise.all(commands.map((command) => cli([command, '--help'])));
    results.forEach((result, i) => {
      expect(result.code, `${commands[i]}: ${result.err}`).toBe(0);
      expect(result.out, commands[i]).toMatch(/usage/i);
    });
  });
});
