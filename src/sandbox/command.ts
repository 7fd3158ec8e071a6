/**
 * `npm run sandbox -- --port N [--seed FILE] [--host H]`: the sandbox alone. Prints its URL
 * (and, without a seed, the generated demo credentials, once), stays up until SIGINT or
 * SIGTERM, then closes. Exit code 2 on bad arguments or a bad seed. `SVC_SANDBOX_SEED`
 * names the seed file when `--seed` is absent.
 */
import { parseArgs } from 'node:util';
import { createSandbox, loadSeedFile, type SandboxSeed, SeedError } from './index.ts';

const USAGE = 'usage: npm run sandbox -- [--port N] [--host H] [--seed FILE]\n';

export async function run(argv: string[]): Promise<number> {
  let values: { port?: string; host?: string; seed?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535 || values.port === '') {
    process.stderr.write(`--port: expected an integer from 0 to 65535\n${USAGE}`);
    return 2;
  }
  const seedFile = values.seed ?? (process.env.SVC_SANDBOX_SEED || undefined);
  let seed: SandboxSeed | undefined;
  if (seedFile !== undefined) {
    try {
      seed = await loadSeedFile(seedFile);
    } catch (error) {
      process.stderr.write(`${error instanceof SeedError ? error.message : String(error)}\n`);
      return 2;
    }
  }

  const sandbox = await createSandbox({
    seed,
    port,
    host: values.host ?? '127.0.0.1',
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`sandbox listening on ${sandbox.url}\n`);
  if (sandbox.demo) {
    // Printed once, here only: the sandbox never logs secrets.
    process.stdout.write(
      `demo accounts (secrets shown once):\n${JSON.stringify(sandbox.demo, null, 2)}\n`,
    );
  }
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  process.stderr.write(`${signal}: closing the sandbox\n`);
  await sandbox.close();
  return 0;
}
