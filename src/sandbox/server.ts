/**
 * The node:http side of the sandbox: reads the raw body, hands a `SandboxRequest` to the
 * pipeline, writes the `SandboxResponse` (or resets the connection), and records one log
 * entry per request. Closing ends idle keep-alive connections too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INVALID_PARAMETER } from '../contract/errors.ts';
import type { Handler, SandboxRequest, SandboxResponse } from './http.ts';

export const MAX_BODY_BYTES = 1_000_000;

export interface RequestLogEntry {
  method: string;
  /** Path without the query. */
  path: string;
  query: string;
  /** 0 when the connection was reset instead of answered. */
  status: number;
  code?: number;
  /** `svc-account-id` as sent (authenticated or not). */
  accountId?: string;
  at: number;
}

export interface ListenOptions {
  host: string;
  port: number;
  handler: Handler;
  clock: () => number;
  record: (entry: RequestLogEntry) => void;
}

export interface Listening {
  url: string;
  /** The node:http server (the stream server serves its upgrades). */
  server: Server;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The log row of a request, before its answer (status 0 until then). */
function entryOf(req: IncomingMessage, clock: () => number): RequestLogEntry {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const accountHeader = req.headers['svc-account-id'];
  return {
    method: req.method ?? 'GET',
    path: q < 0 ? url : url.slice(0, q),
    query: q < 0 ? '' : url.slice(q + 1),
    status: 0,
    at: clock(),
    ...(typeof accountHeader === 'string' && accountHeader ? { accountId: accountHeader } : {}),
  };
}

const TOO_LARGE: SandboxResponse = {
  status: 413,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  body: JSON.stringify({ success: false, code: INVALID_PARAMETER, message: 'body: too large' }),
  code: INVALID_PARAMETER,
};

/** Answers one request through the handler; resets the connection where the answer says so. */
async function serve(
  opts: ListenOptions,
  req: IncomingMessage,
  res: ServerResponse,
  entry: RequestLogEntry,
): Promise<void> {
  const body = await readBody(req);
  const request: SandboxRequest = {
    method: entry.method,
    url: req.url ?? '/',
    path: entry.path,
    query: entry.query,
    headers: req.headers,
    body: body ?? Buffer.alloc(0),
    ip: req.socket.remoteAddress ?? 'unknown',
  };
  const response = body === undefined ? TOO_LARGE : await opts.handler(request);
  if (response.reset) {
    req.socket.destroy();
    return;
  }
  entry.status = response.status;
  if (response.code !== undefined) entry.code = response.code;
  // A known length: head and body leave in one write, without chunked framing.
  res.writeHead(response.status, {
    ...response.headers,
    'Content-Length': Buffer.byteLength(response.body),
  });
  res.end(response.body);
}

export async function listen(opts: ListenOptions): Promise<Listening> {
  const server = createServer(async (req, res) => {
    const entry = entryOf(req, opts.clock);
    try {
      await serve(opts, req, res, entry);
    } catch {
      req.socket.destroy();
    } finally {
      opts.record(entry);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
