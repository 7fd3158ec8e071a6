/**
 * Scenario 1, the ceiling: a bare graphql-yoga server answering `{ hello }` — no auth, no
 * plugins, no upstream. Nothing built on yoga can be faster than this on the same machine.
 */
import { createSchema, createYoga } from 'graphql-yoga';
import { serve } from '../lib/child.ts';

const yoga = createYoga({
  schema: createSchema({
    typeDefs: 'type Query { hello: String! }',
    resolvers: { Query: { hello: () => 'world' } },
  }),
  logging: false,
  graphiql: false,
  landingPage: false,
});

await serve(yoga);
