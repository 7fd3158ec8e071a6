import { defineConfig } from 'vitest/config';
import { isCi, missingUnderCi, probeDependencies } from './test/setup/dependencies.ts';

// graphql 16 has no `exports` map: Node loads its CommonJS build (so do graphql-yoga and
// Pothos), Vite would pick the ESM build for source files. One copy only, or `instanceof
// GraphQLError` / `GraphQLSchema` checks fail across the two.
const resolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

// Redis, redis-server and a browser are probed once. Files needing one carry its tag
// (`// @module-tag redis`); a missing one skips them, announced by one line at the end
// (test/setup/global.ts). Under CI nothing may skip: a missing dependency fails the run.
const deps = await probeDependencies();
const ciFailure = isCi() ? missingUnderCi(deps) : undefined;
if (ciFailure) throw new Error(ciFailure);

// Three projects: unit (no I/O), integration (real Redis, real HTTP on port 0), e2e (browser).
export default defineConfig({
  resolve,
  test: {
    // `skip` only where missing: tag options merge, so `skip: false` would undo another's skip.
    tags: deps.list.map((d) =>
      d.missing
        ? { name: d.tag, description: `${d.description}; skipped: ${d.missing}`, skip: true }
        : { name: d.tag, description: d.description },
    ),
    provide: {
      chromiumPath: deps.chromiumPath,
      skippedDependencies: deps.list.filter((d) => d.missing),
    },
    globalSetup: ['test/setup/global.ts'],
    projects: [
      { resolve, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
