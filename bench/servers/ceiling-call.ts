/**
 * Scenarios 2b and 2b′, the uncached floor on yoga: bare graphql-yoga whose one field makes one
 * signed REST call to the sandbox (`GET /v1/client/info`, ed25519 by this project's
 * `RequestSigner`, over the gateway's own transport, `createHttpExchange`) and answers its
 * account id. No auth check beyond picking the trader by bearer token, no limits, cache,
 * metrics, logs or error mapping: what any GraphQL-over-REST gateway on yoga and Node pays for
 * an uncached read on this machine. 2b′ (the floor of the uncached targets) runs with the
 * gateway's body-limit setting, 2b with yoga's default (BENCH_BODY_LIMIT=yoga, as shipped
 * before issue 29): bench/lib/body-limit.ts.
 */
import { createSchema, createYoga, type YogaInitialContext } from 'graphql-yoga';
import { floorBodyLimit } from '../lib/body-limit.ts';
import { serve } from '../lib/child.ts';
import { exchange, signedAccountId } from '../lib/floor-call.ts';

const bodyLimit = await floorBodyLimit();

const yoga = createYoga({
  schema: createSchema({
    typeDefs: 'type Query { accountId: String! }',
    resolvers: {
      Query: {
        accountId: (_root: unknown, _args: unknown, ctx: YogaInitialContext) =>
          signedAccountId(ctx.request.headers.get('authorization')),
      },
    },
  }),
  logging: false,
  graphiql: false,
  landingPage: false,
  ...(bodyLimit ? { maxRequestBodySize: false, plugins: [bodyLimit] } : {}),
});

await serve(yoga, { close: () => exchange.close() });
