import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, loadSeedFile } from '../../../src/sandbox/index.ts';
import { makeAccount, SandboxClient } from '../../helpers/sandbox-client.ts';

const root = join(import.meta.dirname, '../../..');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-seed-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['src/cli.ts', 'sandbox', ...args], {
    cwd: root,
    env: { ...process.env, SVC_SANDBOX_SEED: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves with the first match of `pattern` in stdout; rejects if the process exits first. */
  const until = (pattern: RegExp) => {
    const found = new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(stdout);
        if (m) resolve(m);
      };
      check();
      child.stdout.on('data', check);
      child.on('exit', () => reject(new Error(`exited: ${stderr}`)));
    });
    found.catch(() => {});
    return found;
  };
  const url = until(/listening on (http:\/\/\S+)/).then((m) => m[1]!);
  url.catch(() => {});
  return { child, url, until, exited, out: () => stdout, err: () => stderr };
}

async function stop(child: ChildProcess, exited: Promise<number | null>) {
  child.kill('SIGTERM');
  return exited;
}

describe('npm run sandbox', () => {
  it('without a seed: prints its URL and the demo credentials once, serves them, closes on SIGTERM', async () => {
    const run = start(['--port', '0']);
    const url = await run.url;
    await run.until(/"admin"[^}]*\}\s*\}\s*$/);
    const demo = JSON.parse(run.out().slice(run.out().indexOf('{')));
    const client = new SandboxClient(url, demo.trader);
    const info = await client.get('/v1/client/info');
    expect(info.status).toBe(200);
    expect(info.body.data.account_id).toBe(demo.trader.accountId);
    expect(await stop(run.child, run.exited)).toBe(0);
    expect(run.out().split(demo.trader.secret).length).toBe(2);
    expect(run.err()).not.toContain(demo.trader.secret);
    expect(run.err()).not.toContain(demo.admin.tradingSecret);
  });

  it('with --seed (or SVC_SANDBOX_SEED): serves the seeded accounts and prints no secrets', async () => {
    const account = makeAccount();
    const file = join(dir, 'seed.json');
    await writeFile(file, JSON.stringify({ brokerId: 'demo', accounts: [account.seed] }));
    const run = start([], { SVC_SANDBOX_SEED: file });
    const url = await run.url;
    const info = await new SandboxClient(url, account).get('/v1/client/info');
    expect(info.body.data.account_id).toBe(account.accountId);
    expect(run.out()).not.toContain('demo accounts');
    expect(await stop(run.child, run.exited)).toBe(0);
  });

  it('exit code 2 on bad arguments or a bad seed', async () => {
    const badPort = start(['--port', 'x']);
    expect(await badPort.exited).toBe(2);
    expect(badPort.err()).toMatch(/--port/);
    const unknown = start(['--nope']);
    expect(await unknown.exited).toBe(2);
    const file = join(dir, 'bad.json');
    await writeFile(
      file,
      JSON.stringify({ accounts: [{ accountId: 'abc', key: 'ed25519:x', role: 'king' }] }),
    );
    const badSeed = start(['--seed', file]);
    expect(await badSeed.exited).toBe(2);
    expect(badSeed.err()).toMatch(/accounts\[0\]\.accountId/);
    expect(badSeed.err()).toMatch(/accounts\[0\]\.role/);
  });
});

describe('seed', () => {
  it('loadSeedFile validates with clear errors', async () => {
    const file = join(dir, 'seed2.json');
    const account = makeAccount('broker_admin');
    await writeFile(
      file,
      JSON.stringify({ accounts: [account.seed, { ...account.seed, key: 'ed25519:1111' }] }),
    );
    await expect(loadSeedFile(file)).rejects.toThrow(/accounts\[1\]\.key: ed25519 public key/);
    await expect(loadSeedFile(join(dir, 'missing.json'))).rejects.toThrow(
      /cannot read the file \(ENOENT\)/,
    );
    await writeFile(file, '{ nope');
    await expect(loadSeedFile(file)).rejects.toThrow(/not JSON/);
    await writeFile(file, JSON.stringify({ accounts: [account.seed], extra: 1 }));
    await expect(loadSeedFile(file)).rejects.toThrow(/extra|Unrecognized/);
    await writeFile(
      file,
      JSON.stringify({
        accounts: [{ accountId: account.accountId, key: account.key, role: 'trader' }],
      }),
    );
    const seed = await loadSeedFile(file);
    expect(seed.brokerId).toBe('demo');
  });

  it('defaults: fields other than accountId, key and role are optional; symbols can be replaced', async () => {
    const account = makeAccount();
    const sandbox = await createSandbox({
      seed: {
        accounts: [{ accountId: account.accountId, key: account.key, role: 'trader' }],
        symbols: [
          {
            symbol: 'PERP_DOGE_USDC',
            midPrice: 0.1,
            tickSize: 0.00001,
            quantityStep: 1,
            levelQuantity: 10_000,
          },
        ],
      },
      limits: false,
    });
    try {
      const client = new SandboxClient(sandbox.url, account);
      const info = await client.get('/v1/client/info');
      expect(Object.keys(info.body.data.imr_factor)).toEqual(['PERP_DOGE_USDC']);
      expect(sandbox.demo).toBeUndefined();
      const order = await client.order({
        symbol: 'PERP_DOGE_USDC',
        order_type: 'MARKET',
        side: 'BUY',
        order_quantity: 1000,
      });
      expect(order.status).toBe(200);
      const eth = await client.order({
        symbol: 'PERP_ETH_USDC',
        order_type: 'MARKET',
        side: 'BUY',
        order_quantity: 1,
      });
      expect(eth.body.message).toMatch(/unknown symbol/);
    } finally {
      await sandbox.close();
    }
  });
});
