/** `npm run sign` as a process: src/cli.ts dispatches to the sign command and keeps its exit codes. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { vectors } from '../../unit/auth/signing-vectors.ts';

const order = vectors.orderSignature;

describe('sign through src/cli.ts', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
  const cli = (args: string[]) =>
    spawnSync(tsx, ['src/cli.ts', 'sign', ...args], {
      cwd: root,
      encoding: 'utf8',
      timeout: 20_000,
    });

  it('reproduces the published order vector and exits 2 on bad arguments', () => {
    const c = order.cases[0]!;
    const ok = cli([
      'order',
      '--trading-secret',
      order.tradingSecret,
      '--params',
      JSON.stringify(c.params),
    ]);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).signature).toBe(c.signature);
    const bad = cli(['order', '--params', '{}']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--trading-secret is required/);
  });
});
