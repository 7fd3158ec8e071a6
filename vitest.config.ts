import { defineConfig } from 'vitest/config';

// graphql 16 has no `exports` map: Node loads its CommonJS build (so do graphql-yoga and
// Pothos), Vite would pick the ESM build for source files. One copy only, or `instanceof
// GraphQLError` / `GraphQLSchema` checks fail across the two.
const resolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

// Three projects: unit (no I/O), integration (real Redis, real HTTP on port 0), e2e (browser).
export default defineConfig({
  resolve,
  test: {
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
