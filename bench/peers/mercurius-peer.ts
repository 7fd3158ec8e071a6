/**
 * Scenario 7m, the third peer: the `account` query on Fastify 5 + Mercurius 16 with graphql-jit
 * (`jit: 1`: a query is compiled on its second execution) and undici's `Pool.request` for the
 * upstream — the fastest stack a Node team would pick for GraphQL over REST, doing the same
 * aggregation as the gateway: look the caller's bearer token up (401 when unknown), sign
 * `GET /v1/client/info` with this project's `RequestSigner`, call the sandbox, check the
 * envelope, and resolve the gateway's `Account` type from it. Mercurius caches parsed and
 * validated documents (its default `cache`). Nothing else is cached: every operation calls
 * upstream, like scenario 4.
 *
 * Access log: Fastify's own request logging (pino, async 4 KiB batches) cut to one line per
 * request, as every server in the comparison writes.
 *
 * Environment: SVC_BASE_URL (the sandbox), BENCH_TRADERS.
 */
import Fastify, { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import mercurius from 'mercurius';
import { Pool } from 'undici';
import type { RequestSigner } from '../../src/auth/request-signature.ts';
import type { AccountInfo, Envelope } from '../../src/contract/wire.ts';
import { announce, onShutdown, requireEnv } from '../lib/child.ts';
import { ACCOUNT_TYPE_DEFS, accountResolvers } from './account-type.ts';
import {
  accessLogger,
  accountOf,
  LOGGING,
  peerKeystore,
  signerOf,
  versionOf,
} from './peer-common.ts';

const PATH = '/v1/client/info';
const pool = new Pool(requireEnv('SVC_BASE_URL'), { connections: 64 });
const keystore = peerKeystore().byToken;

/** Fastify's request logging, one line per request (its default writes two). */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = {
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request');
    else reply.log.info(fields, 'request');
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    signer?: RequestSigner;
  }
}

interface PeerContext {
  signer: RequestSigner;
}

const app = Fastify({ loggerInstance: accessLogger(), logController: new OneLinePerRequest() });
app.addHook('onRequest', (request, reply, done) => {
  const signer = signerOf(keystore, request.headers.authorization);
  if (!signer) {
    reply.code(401).send({ errors: [{ message: 'unauthenticated' }] });
    return;
  }
  request.signer = signer;
  done();
});

await app.register(mercurius, {
  schema: `${ACCOUNT_TYPE_DEFS}
    type Query {
      account: Account
    }
  `,
  resolvers: {
    Query: {
      account: async (_root: unknown, _args: unknown, { signer }: PeerContext) => {
        const headers = signer.headers({ method: 'GET', path: PATH, timestamp: Date.now() });
        const answer = await pool.request({ method: 'GET', path: PATH, headers });
        const envelope = (await answer.body.json()) as Envelope<AccountInfo>;
        return accountOf(answer.statusCode, envelope);
      },
    },
    Account: accountResolvers,
  } as never,
  context: (request) => ({ signer: request.signer }),
  jit: 1,
  path: '/graphql',
  graphiql: false,
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
announce({
  url: address,
  config: {
    packages: [
      versionOf('fastify'),
      versionOf('mercurius'),
      versionOf('graphql-jit'),
      versionOf('undici'),
    ].join(', '),
    server: 'Fastify on node:http, Mercurius with graphql-jit (jit: 1), parsed-document cache on',
    upstream: 'undici Pool.request (64 connections)',
    cache: 'none',
    signing: 'ed25519 per upstream call',
    logging: `${LOGGING}; Fastify's request logging, one line per request`,
  },
});
onShutdown(async () => {
  await app.close();
  await pool.close();
});
