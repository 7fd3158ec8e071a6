/**
 * Scenario 1b, the uncached ceiling: bare graphql-yoga whose one field makes one signed REST
 * call to the sandbox (`GET /v1/client/info`, ed25519 by this project's `RequestSigner`, over an
 * undici pool as the gateway's transport) and answers its account id. No auth check beyond
 * picking the trader by bearer token, no limits, cache, metrics, logs or error mapping: what
 * any GraphQL-over-REST gateway on yoga and Node pays for an uncached read on this machine.
 * The bench prints the bounds it sets on `uncachedOverheadMs` and `uncachedVsPeer`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga, type YogaInitialContext } from 'graphql-yoga';
import { Pool } from 'undici';
import { RequestSigner } from '../../src/auth/request-signature.ts';
import { announce, onShutdown, requireEnv } from '../lib/child.ts';

const base = new URL(requireEnv('SVC_BASE_URL'));
const traders = JSON.parse(requireEnv('BENCH_TRADERS')) as Array<{
  token: string;
  accountId: string;
  secret: string;
}>;
const signers = new Map(
  traders.map((t) => [
    `Bearer ${t.token}`,
    new RequestSigner({ accountId: t.accountId, secret: t.secret }),
  ]),
);
const pool = new Pool(base.origin, { connections: 128 });
const PATH = '/v1/client/info';

const yoga = createYoga({
  schema: createSchema({
    typeDefs: 'type Query { accountId: String! }',
    resolvers: {
      Query: {
        accountId: async (_root: unknown, _args: unknown, ctx: YogaInitialContext) => {
          const signer = signers.get(ctx.request.headers.get('authorization') ?? '');
          if (!signer) throw new Error('unknown bearer token');
          const headers = signer.headers({ method: 'GET', path: PATH, timestamp: Date.now() });
          const answer = await pool.request({ method: 'GET', path: PATH, headers });
          const body = (await answer.body.json()) as {
            success?: boolean;
            data?: { account_id?: string };
          };
          if (answer.statusCode !== 200 || !body.success)
            throw new Error(`upstream ${answer.statusCode}`);
          if (typeof body.data?.account_id !== 'string') throw new Error('upstream: no account_id');
          return body.data.account_id;
        },
      },
    },
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
onShutdown(async () => {
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  await pool.close();
});
