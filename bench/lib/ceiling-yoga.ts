import { createSchema, createYoga, type Plugin } from 'graphql-yoga';

/**
 * The ceiling (scenario 1): a bare graphql-yoga server answering `{ hello }` — no auth, no
 * upstream. Nothing built on yoga can be faster than this on the same machine.
 *
 * `bodyLimit`: the gateway's body-limit setting (its `useRequestBodyLimit` plugin with yoga's
 * own `maxRequestBodySize` off), which the bench's ceiling uses; without it, yoga's default
 * 25 MB limit re-streams every POST body through a counting TransformStream, a cost the
 * gateway does not pay (`bench/ab-http.ts` compares the two).
 */
export function ceilingYoga(bodyLimit?: Plugin) {
  return createYoga({
    schema: createSchema({
      typeDefs: 'type Query { hello: String! }',
      resolvers: { Query: { hello: () => 'world' } },
    }),
    logging: false,
    graphiql: false,
    landingPage: false,
    ...(bodyLimit ? { maxRequestBodySize: false, plugins: [bodyLimit] } : {}),
  });
}
