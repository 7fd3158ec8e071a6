/**
 * What can be checked of the container deployment without pulling an image: the Dockerfile's
 * stages copy files that exist and run the build's entry point as a non-root user with a
 * health check; compose.yaml parses and wires the gateway to Redis; every variable either
 * sets is one the gateway reads. (The runtime package's contents: test/integration/deploy.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, unknownVariables } from '../../../src/config.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const read = (file: string) => readFileSync(`${ROOT}${file}`, 'utf8');

/** The Dockerfile's instructions (continuation lines joined), per stage. */
function stages(): { name: string; lines: string[] }[] {
  const text = read('Dockerfile').replace(/\\\n\s*/g, ' ');
  const out: { name: string; lines: string[] }[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) out.push({ name: from[2] ?? from[1]!, lines: [line] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}

describe('Dockerfile', () => {
  const [build, runtime] = stages();

  it('builds on Node 24 and runs slim, as node, with a health check on /health', () => {
    expect(stages().map((s) => s.lines[0])).toEqual([
      'FROM node:24-slim AS build',
      'FROM node:24-slim AS runtime',
    ]);
    expect(build!.lines).toContain(
      'RUN npm run build && npm prune --omit=dev --no-audit --no-fund',
    );
    expect(runtime!.lines).toContain('USER node');
    expect(runtime!.lines.find((l) => l.startsWith('HEALTHCHECK'))).toMatch(/\/health/);
    expect(runtime!.lines.at(-1)).toBe('CMD ["node", "dist/main.js"]');
    // The build stage's entry point: src/main.ts compiles to dist/main.js.
    expect(existsSync(`${ROOT}src/main.ts`)).toBe(true);
  });

  it('copies only files that exist (from the context) or the build stage made', () => {
    for (const stage of stages()) {
      for (const line of stage.lines.filter((l) => l.startsWith('COPY'))) {
        const words = line
          .split(/\s+/)
          .slice(1)
          .filter((w) => !w.startsWith('--'));
        if (line.includes('--from=build')) {
          expect(['/app/node_modules', '/app/dist']).toContain(words[0]);
          continue;
        }
        for (const source of words.slice(0, -1)) {
          expect(existsSync(`${ROOT}${source}`), `${stage.name}: ${line}`).toBe(true);
        }
      }
    }
  });

  it('sets a valid configuration with the embedded sandbox off: an upstream URL is required', () => {
    const line = runtime!.lines.find((l) => l.startsWith('ENV'))!;
    const env = Object.fromEntries(
      [...line.matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(env.SVC_EMBEDDED_SANDBOX).toBe('off');
    expect(unknownVariables(env)).toEqual([]);
    expect(() => loadConfig(env)).toThrow(/SVC_EMBEDDED_SANDBOX/);
    const config = loadConfig({ ...env, SVC_BASE_URL: 'https://api.example' });
    expect(config).toMatchObject({ production: true, port: 4000, host: '0.0.0.0' });
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'));

  it('runs the gateway image built here beside a Redis it waits for', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['gateway', 'gateway-2', 'redis']);
    const { gateway, redis } = compose.services;
    expect(gateway.build).toBe('.');
    expect(gateway.depends_on.redis.condition).toBe('service_healthy');
    expect(redis.healthcheck.test).toContain('ping');
    expect(gateway.environment.REDIS_URL).toBe('redis://redis:6379');
    expect(compose.services['gateway-2'].profiles).toEqual(['replicas']);
    expect(compose.services['gateway-2'].environment).toEqual(gateway.environment);
  });

  it('sets only variables the gateway reads', () => {
    expect(unknownVariables(compose.services.gateway.environment)).toEqual([]);
  });
});
