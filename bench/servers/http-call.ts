/**
 * Scenario 2c, the floor without GraphQL: node:http answering a GraphQL POST with one signed
 * REST call, as little as any server can do for an uncached `account` read here — read the
 * body (it must be JSON with a `query`), pick the trader by bearer token (401 when unknown),
 * sign `GET /v1/client/info` with this project's `RequestSigner`, send it with the gateway's
 * own transport (`createHttpExchange`, undici), check the envelope and answer the account id.
 * No parsing or validation of the document, no schema, logs or metrics.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serve } from '../lib/child.ts';
import { exchange, signedAccountId } from '../lib/floor-call.ts';

function answer(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

async function accountId(req: IncomingMessage, body: string): Promise<string> {
  const { query } = JSON.parse(body) as { query?: unknown };
  if (typeof query !== 'string') throw new Error('no query');
  return signedAccountId(req.headers.authorization);
}

await serve(
  (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      accountId(req, Buffer.concat(chunks).toString('utf8')).then(
        (id) => answer(res, 200, `{"data":{"accountId":${JSON.stringify(id)}}}`),
        (error: Error & { status?: number }) =>
          answer(
            res,
            error.status ?? 400,
            JSON.stringify({ errors: [{ message: error.message }] }),
          ),
      );
    });
  },
  { close: () => exchange.close() },
);
