/**
 * Scenario 1, the ceiling: a bare graphql-yoga server answering `{ hello }` — no auth, no
 * plugins, no upstream. Nothing built on yoga can be faster than this on the same machine.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { announce, onShutdown } from '../lib/child.ts';

const yoga = createYoga({
  schema: createSchema({
    typeDefs: 'type Query { hello: String! }',
    resolvers: { Query: { hello: () => 'world' } },
  }),
  logging: false,
  graphiql: false,
  landingPage: false,
});

const server = createServer(yoga);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announce({ url: `http://127.0.0.1:${port}` });
});
onShutdown(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
