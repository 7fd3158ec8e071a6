import { createSchema, createYoga } from 'graphql-yoga';

/**
 * The ceiling (scenario 1): a bare graphql-yoga server answering `{ hello }` — no auth, no
 * plugins, no upstream. Nothing built on yoga can be faster than this on the same machine.
 */
export function ceilingYoga() {
  return createYoga({
    schema: createSchema({
      typeDefs: 'type Query { hello: String! }',
      resolvers: { Query: { hello: () => 'world' } },
    }),
    logging: false,
    graphiql: false,
    landingPage: false,
  });
}
