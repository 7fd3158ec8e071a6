/**
 * The sandbox verifies with other implementations than the gateway signs with (the project's
 * standard): a process that runs only the sandbox loads neither of the gateway's signing
 * addons (libsodium, libsecp256k1), so neither can vouch for its own signatures.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const script = `
  import { createRequire } from 'node:module';
  const { createSandbox } = await import('./src/sandbox/index.ts');
  const sandbox = await createSandbox({ port: 0 });
  await sandbox.close();
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  console.log(JSON.stringify(loaded.filter((p) => /node_modules\\/(sodium-native|secp256k1)\\//.test(p))));
`;

describe('sandbox signature engines', () => {
  it('a sandbox-only process loads none of the gateway signing addons', () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual([]);
  }, 90_000);
});
