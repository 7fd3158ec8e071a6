/**
 * What the suite needs beyond Node, probed once when vitest loads its config. Each dependency
 * is a vitest tag: a test file that needs one says `// @module-tag redis` (or `redis-server`,
 * `browser`), and when the dependency is missing the tag skips the whole file (hooks too).
 * Under CI nothing may skip: a missing dependency fails the run instead.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { Redis } from 'ioredis';

export type DependencyTag = 'redis' | 'redis-server' | 'browser';

export interface Dependency {
  tag: DependencyTag;
  /** Why it is missing, or undefined when available. */
  missing?: string;
  /** Human description, shown by vitest and in the skip line. */
  description: string;
  /** How to make it available. */
  enable: string;
}

export interface Dependencies {
  list: Dependency[];
  /** The browser executable, or '' when there is none. */
  chromiumPath: string;
  redisUrl: string;
}

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** CI=true (or 1): every dependency must be there. */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return ['true', '1'].includes((env.CI ?? '').toLowerCase());
}

/** One PING with short timeouts and no retries; resolves to the reason it failed, if it did. */
async function probeRedis(url: string): Promise<string | undefined> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_500,
    commandTimeout: 1_500,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // The first socket error (ECONNREFUSED …) says more than the rejection ("Connection is closed").
  let first: Error | undefined;
  redis.on('error', (error: Error) => {
    first ??= error;
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG' ? undefined : 'PING did not answer PONG';
  } catch (error) {
    return (first ?? (error as Error)).message || String(error);
  } finally {
    redis.disconnect();
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of `names` found as an executable on PATH. */
export function onPath(names: string[], path = process.env.PATH ?? ''): string | undefined {
  for (const name of names)
    for (const dir of path.split(delimiter).filter(Boolean)) {
      const candidate = join(dir, name);
      if (executable(candidate)) return candidate;
    }
  return undefined;
}

const BROWSERS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function findBrowser(env: NodeJS.ProcessEnv): { path: string; missing?: string } {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    return executable(configured)
      ? { path: configured }
      : { path: '', missing: `CHROMIUM_PATH=${configured} is not an executable` };
  }
  const found = onPath(BROWSERS, env.PATH);
  return found ? { path: found } : { path: '', missing: `none of ${BROWSERS.join('/')} on PATH` };
}

export async function probeDependencies(env = process.env): Promise<Dependencies> {
  const redisUrl = env.TEST_REDIS_URL || DEFAULT_REDIS_URL;
  const redisMissing = await probeRedis(redisUrl);
  const redisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  const browser = findBrowser(env);
  const list: Dependency[] = [
    {
      tag: 'redis',
      ...(redisMissing ? { missing: `no Redis at ${redisUrl} (${redisMissing})` } : {}),
      description: `needs a Redis at TEST_REDIS_URL (${redisUrl})`,
      enable: 'start redis-server, or set TEST_REDIS_URL',
    },
    {
      tag: 'redis-server',
      ...(redisServer ? {} : { missing: 'no redis-server on PATH' }),
      description: 'starts redis-server processes of its own (cluster, kill/restart)',
      enable: 'install Redis (apt-get install redis-server, brew install redis)',
    },
    {
      tag: 'browser',
      ...(browser.missing ? { missing: browser.missing } : {}),
      description: 'drives headless Chromium',
      enable: `install Chromium, or set CHROMIUM_PATH`,
    },
  ];
  return { list, chromiumPath: browser.path, redisUrl };
}

/** The message CI fails with, or undefined when everything is there. */
export function missingUnderCi(deps: Dependencies): string | undefined {
  const missing = deps.list.filter((d) => d.missing);
  if (missing.length === 0) return undefined;
  return `CI=true and test dependencies are missing (nothing may skip under CI): ${missing
    .map((d) => `${d.tag}: ${d.missing} — ${d.enable}`)
    .join('; ')}`;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The browser executable for the `browser` tag's tests. */
    chromiumPath: string;
    /** Dependencies that are missing, so their tagged files skip (never under CI). */
    skippedDependencies: Dependency[];
  }
}
