// @module-tag redis
/**
 * The Redis-backed registry through `npm run persisted -- …` (its `run`) and a gateway on the
 * same Redis: two app versions served at once, retiring one stops only its own hashes, and
 * bad manifests are refused before anything is published.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/persisted/command.ts';
import { dropPrefix, rawRedis } from '../../helpers/redis.ts';
import { REDIS_URL, type Running, uniquePrefix } from '../server/harness.ts';
import { makeCallers, manifest, sha256, startPersistedGateway } from './harness.ts';

const prefix = uniquePrefix('po-registry');
const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
const V1_ONLY = 'query PoV1Only { a: strategyVaultNonce }';
const V2_ONLY = 'query PoV2Only { b: strategyVaultNonce }';
const SHARED = 'query PoShared { s: strategyVaultNonce }';

let dir: string;
let gw: Running;

function cli(argv: string[], withEnv: Record<string, string> = env) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t), env: withEnv };
  return run(argv, io).then((code) => ({ code, out: out.join(''), err: err.join('') }));
}

async function writeJson(name: string, value: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(value));
  return path;
}

/** Runs a stored document by hash only (GET) and returns its HTTP status. */
async function statusByHash(text: string): Promise<number> {
  const url = new URL(gw.graphqlUrl);
  url.searchParams.set(
    'extensions',
    JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(text) } }),
  );
  const r = await fetch(url, {
    headers: { accept: 'application/graphql-response+json', 'x-apollo-operation-name': 'x' },
  });
  await r.body?.cancel();
  return r.status;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-po-'));
  gw = await startPersistedGateway(prefix, makeCallers('registry'), {
    PERSISTED_OPERATIONS: 'require',
  });
});
afterAll(async () => {
  await gw?.close();
  const redis = rawRedis();
  await dropPrefix(redis, prefix);
  redis.disconnect();
  await rm(dir, { recursive: true, force: true });
});

describe('persisted command + Redis registry', () => {
  it('serves two published app versions at once; retiring one stops only its own hashes', async () => {
    // v1 in codegen's format, v2 in Apollo's persisted-query manifest format.
    const v1 = await writeJson('v1.json', {
      [`sha256:${sha256(V1_ONLY)}`]: V1_ONLY,
      [sha256(SHARED)]: SHARED,
    });
    const v2 = await writeJson('v2.json', {
      format: 'apollo-persisted-query-manifest',
      version: 1,
      operations: [V2_ONLY, SHARED].map((body) => ({ id: sha256(body), body, type: 'query' })),
    });
    expect(await statusByHash(V1_ONLY)).toBe(404);

    const p1 = await cli(['publish', '--app', 'ios', '--version', '1.3.0', '--manifest', v1]);
    expect(p1).toMatchObject({ code: 0, out: expect.stringContaining('ios@1.3.0: 2 operations') });
    expect(
      (await cli(['publish', '--app', 'ios', '--version', '1.4.0', '--manifest', v2])).code,
    ).toBe(0);
    // Publishing the same version again with the same operations is a no-op.
    expect(
      (await cli(['publish', '--app', 'ios', '--version', '1.4.0', '--manifest', v2])).code,
    ).toBe(0);

    const listed = await cli(['list']);
    expect(listed.out.trim().split('\n')).toEqual([
      expect.stringMatching(/^ios\t1\.3\.0\t2 operations\t\d{4}-/),
      expect.stringMatching(/^ios\t1\.4\.0\t2 operations\t\d{4}-/),
    ]);
    expect(await statusByHash(V1_ONLY)).toBe(200);
    expect(await statusByHash(V2_ONLY)).toBe(200);
    expect(await statusByHash(SHARED)).toBe(200);

    const retired = await cli(['retire', '--app', 'ios', '--version', '1.3.0']);
    expect(retired).toMatchObject({ code: 0, out: expect.stringContaining('1 operations') });
    expect(await statusByHash(V1_ONLY)).toBe(404);
    expect(await statusByHash(SHARED)).toBe(200);
    expect(await statusByHash(V2_ONLY)).toBe(200);
    expect((await cli(['list'])).out).not.toContain('1.3.0');
    expect(await cli(['retire', '--app', 'ios', '--version', '1.3.0'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('not published'),
    });
  });

  it('refuses a version re-published with other operations, and bad manifests', async () => {
    const other = await writeJson('other.json', { [sha256(V1_ONLY)]: V1_ONLY });
    expect(
      await cli(['publish', '--app', 'ios', '--version', '1.4.0', '--manifest', other]),
    ).toMatchObject({ code: 1, err: expect.stringContaining('already published') });

    const invalid = 'query PoInvalid { noSuchField }';
    const badDoc = await writeJson('bad-doc.json', { [sha256(invalid)]: invalid });
    const badHash = await writeJson('bad-hash.json', { [sha256('x')]: V1_ONLY });
    for (const path of [badDoc, badHash]) {
      const r = await cli([
        'publish',
        '--app',
        'android',
        '--version',
        '9.0.0',
        '--manifest',
        path,
      ]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/noSuchField|sha256 of the document/);
    }
    expect((await cli(['list'])).out).not.toContain('android');
    expect(await statusByHash(invalid)).toBe(404);
  });

  it('publishes the checked-in manifest by default (every document valid against the schema)', async () => {
    const r = await cli(['publish', '--app', 'web', '--version', '2.0.0']);
    expect(r).toMatchObject({
      code: 0,
      out: expect.stringContaining(`${Object.keys(manifest).length} operations`),
    });
  });

  it('says what is missing: no REDIS_URL, no --version, unknown subcommand', async () => {
    expect(await cli(['list'], {})).toMatchObject({
      code: 2,
      err: expect.stringContaining('REDIS_URL'),
    });
    expect((await cli(['publish', '--app', 'ios'])).code).toBe(2);
    expect((await cli(['promote'])).code).toBe(2);
  });
});
