/**
 * Import rules of src/ (issue 24): no cycles, and schema/ and resolvers/ meet only through
 * the schema's types module. `npm run check:architecture` runs this with the size checks.
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part into a module both sides import.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'resolvers-not-into-schema',
      severity: 'error',
      comment: 'resolvers/ reads the schema only through its types module (schema/types.ts).',
      from: { path: '^src/resolvers/' },
      to: { path: '^src/schema/', pathNot: '^src/schema/types\\.ts$' },
    },
    {
      name: 'schema-not-into-resolvers',
      severity: 'error',
      comment: 'schema/ files call resolvers/ only through the types module or their own file.',
      // A domain file may call its own resolver file (schema/order.ts → resolvers/order.ts).
      from: { path: '^src/schema/([^/]+)\\.ts$', pathNot: '^src/schema/types\\.ts$' },
      to: { path: '^src/resolvers/', pathNot: '^src/resolvers/$1\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
