/**
 * `npm run persisted -- publish --app ios --version 1.4.0 [--manifest FILE]`: checks every
 * document of the manifest (sha256 matches, valid against the schema) and publishes it as that
 * app version in the registry every gateway replica reads (Redis at REDIS_URL).
 * `list` shows the published versions; `retire --app A --version V` stops serving a version's
 * operations that no other version uses. The manifest defaults to codegen's
 * operations/persisted-documents.json; Apollo's persisted-query manifest format works too.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { createRedisStore } from '../upstream/stores/redis.ts';
import type { Store } from '../upstream/stores/store.ts';
import { ManifestError } from './manifest.ts';
import { BUILT_IN_MANIFEST, readManifestFile, validateManifest } from './manifest-load.ts';
import { createRegistry, type Registry } from './registry.ts';
import { RegistryError } from './version-keys.ts';

const USAGE = `usage: npm run persisted -- publish --app APP --version VERSION [--manifest FILE]
       npm run persisted -- retire --app APP --version VERSION
       npm run persisted -- list
The registry is the Redis at $REDIS_URL (keys under $REDIS_KEY_PREFIX:po:).`;

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  /** The store to use instead of REDIS_URL's (tests). */
  store?: Store;
}

const defaultIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
};

class UsageError extends Error {}

function appVersion(argv: string[], extra: Record<string, { type: 'string' }> = {}) {
  const { values } = parseArgs({
    args: argv,
    options: { app: { type: 'string' }, version: { type: 'string' }, ...extra },
  });
  const { app, version } = values as Record<string, string | undefined>;
  if (!app || !version) throw new UsageError('--app and --version are required');
  return { app, version, values: values as Record<string, string | undefined> };
}

async function publish(registry: Registry, argv: string[], io: Io): Promise<number> {
  const { app, version, values } = appVersion(argv, { manifest: { type: 'string' } });
  const path = values.manifest ?? BUILT_IN_MANIFEST;
  const manifest = await readManifestFile(path);
  // Imported here: the schema is only needed to check documents before publishing them.
  const { schema } = await import('../schema/index.ts');
  const problems = validateManifest(manifest, schema);
  if (problems.length) throw new ManifestError(problems);
  await registry.publish(app, version, manifest);
  io.out(`published ${app}@${version}: ${manifest.size} operations from ${path}\n`);
  return 0;
}

async function retire(registry: Registry, argv: string[], io: Io): Promise<number> {
  const { app, version } = appVersion(argv);
  const result = await registry.retire(app, version);
  if (!result) {
    io.err(`persisted: ${app}@${version} is not published\n`);
    return 1;
  }
  io.out(`retired ${app}@${version}: ${result.removed} operations no longer served\n`);
  return 0;
}

async function list(registry: Registry, io: Io): Promise<number> {
  for (const v of await registry.list()) {
    io.out(`${v.app}\t${v.version}\t${v.operations} operations\t${v.publishedAt}\n`);
  }
  return 0;
}

function openStore(io: Io): Store {
  if (io.store) return io.store;
  const { redis } = loadConfig(io.env);
  if (!redis.url) {
    throw new UsageError(
      'REDIS_URL is not set: published versions live in the Redis the gateways share (without it a gateway serves only its built-in operations/persisted-documents.json)',
    );
  }
  return createRedisStore({ url: redis.url, keyPrefix: redis.keyPrefix });
}

export async function run(argv: string[], io: Io = defaultIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h') {
    io.out(`${USAGE}\n`);
    return 0;
  }
  let store: Store | undefined;
  try {
    if (sub !== 'publish' && sub !== 'retire' && sub !== 'list') {
      throw new UsageError(sub ? `unknown subcommand "${sub}"` : 'missing subcommand');
    }
    store = openStore(io);
    const registry = createRegistry({ store });
    if (sub === 'publish') return await publish(registry, rest, io);
    if (sub === 'retire') return await retire(registry, rest, io);
    return await list(registry, io);
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.err(`persisted: ${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    if (
      error instanceof ManifestError ||
      error instanceof RegistryError ||
      error instanceof ConfigError
    ) {
      io.err(`persisted: ${error.message}\n`);
      return 1;
    }
    // Redis down or refusing: name it, no stack trace.
    io.err(`persisted: ${(error as Error).message}\n`);
    return 1;
  } finally {
    if (store && store !== io.store) await store.close();
  }
}
