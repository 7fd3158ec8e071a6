/** `npm run keys -- add …` writes a keystore entry whose printed token then works on the gateway. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/auth/keys-command.ts';
import { hashToken } from '../../../src/auth/principals.ts';
import { codes, startGateway, uniquePrefix } from './harness.ts';

const prefix = uniquePrefix('keys');
let dir: string;

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), env: {} },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-keys-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('keys command', () => {
  it('adds a principal, prints its token once, and the gateway accepts that token', async () => {
    const keystore = join(dir, 'keystore.json');
    const accountId = `0x${randomBytes(32).toString('hex')}`;
    const first = io();
    const argv = ['add', '--label', 'alice', '--account-id', accountId, '--role', 'trader'];
    expect(await run([...argv, '--keystore', keystore], first.io)).toBe(0);
    const token = /^\s+(svcgw_\S+)$/m.exec(first.out.join(''))?.[1] as string;
    expect(token).toBeDefined();
    expect(first.out.join('')).toMatch(/svc-key:\s+ed25519:\w+/);
    expect(first.out.join('')).toMatch(/svc-trading-key:\s+[0-9a-f]{128}\b/);

    const text = await readFile(keystore, 'utf8');
    expect(text).not.toContain(token);
    const file = JSON.parse(text);
    expect(file.principals).toEqual([
      expect.objectContaining({
        label: 'alice',
        accountId,
        role: 'trader',
        tokenSha256: hashToken(token),
      }),
    ]);
    expect((await stat(keystore)).mode & 0o777).toBe(0o600);

    const second = io();
    const env = { SVC_KEYSTORE: keystore };
    const admin = [
      'add',
      '--label',
      'bob',
      '--account-id',
      `0x${'1'.repeat(64)}`,
      '--role',
      'broker_admin',
    ];
    expect(await run(admin, { ...second.io, env })).toBe(0);
    expect(JSON.parse(await readFile(keystore, 'utf8')).principals).toHaveLength(2);

    // Embedded mode registers every keystore account in the sandbox.
    const gw = await startGateway({ prefix, env });
    try {
      expect(gw.gateway.demoTokens).toBeUndefined();
      const { status, body } = await gw.gql('{ account { id } }', { token });
      expect(status).toBe(200);
      expect(body).toEqual({ data: { account: { id: accountId } } });
      expect(gw.logs.join('')).not.toContain(token);
    } finally {
      await gw.close();
    }
  });

  it('refuses a duplicate label (1) and bad usage (2) without touching the file', async () => {
    const keystore = join(dir, 'dup.json');
    const add = (label: string, role = 'trader') => [
      'add',
      '--label',
      label,
      '--account-id',
      '0xabc',
      '--role',
      role,
      '--keystore',
      keystore,
    ];
    expect(await run(add('carol'), io().io)).toBe(0);
    const before = await readFile(keystore, 'utf8');
    const dup = io();
    expect(await run(add('carol'), dup.io)).toBe(1);
    expect(dup.err.join('')).toMatch(/already has a principal labelled "carol"/);
    const bad = io();
    expect(await run(add('dave', 'root'), bad.io)).toBe(2);
    expect(bad.err.join('')).toMatch(/--role must be one of trader, broker_admin/);
    expect(await run(['add', '--label', 'x'], io().io)).toBe(2);
    expect(await run(['frobnicate'], io().io)).toBe(2);
    expect(await readFile(keystore, 'utf8')).toBe(before);
  });

  it('lists labels, roles and accounts without secrets', async () => {
    const keystore = join(dir, 'list.json');
    expect(
      await run(
        [
          'add',
          '--label',
          'erin',
          '--account-id',
          '0xdef',
          '--role',
          'broker_admin',
          '--keystore',
          keystore,
        ],
        io().io,
      ),
    ).toBe(0);
    const listed = io();
    expect(await run(['list', '--keystore', keystore], listed.io)).toBe(0);
    expect(listed.out.join('')).toBe('erin\tbroker_admin\t0xdef\n');
  });

  it('unknown tokens still fail against a keystore gateway', async () => {
    const keystore = join(dir, 'keystore.json');
    const gw = await startGateway({ prefix, env: { SVC_KEYSTORE: keystore } });
    try {
      const { status, body } = await gw.gql('{ account { id } }', {
        token: 'svcgw_not-a-real-token',
      });
      expect(status).toBe(401);
      expect(codes(body)).toEqual(['UNAUTHENTICATED']);
    } finally {
      await gw.close();
    }
  });
});
