/**
 * The response size cap (UPSTREAM_MAX_RESPONSE_BYTES) against a raw node:http server on
 * port 0: declared and undeclared oversized bodies, and gzip, deflate and brotli bombs (a
 * few KiB that inflate to 64 MiB) — each stops at the cap, drops the connection, and reaches
 * the caller as UPSTREAM_UNAVAILABLE "larger than N bytes", not retried.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { classifyError } from '../../../src/schema/error-map.ts';
import { createUpstreamClient } from '../../../src/upstream/client.ts';
import { createFetchExchange } from '../../../src/upstream/exchange.ts';
import { createHttpExchange } from '../../../src/upstream/http-exchange.ts';
import { RESPONSE_TOO_LARGE, ResponseTooLargeError } from '../../../src/upstream/response-body.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';

const CAP = 64 * 1024;
const BOMB = 64 * 1024 * 1024;

const zeros = Buffer.alloc(BOMB);
const bombs = {
  gzip: gzipSync(zeros, { level: 9 }),
  deflate: deflateSync(zeros, { level: 9 }),
  br: brotliCompressSync(zeros),
};

type Route = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Route>();
/** Per path: requests seen, and whether the server saw the connection end before its body did. */
const seen = new Map<string, { requests: number; cutShort: boolean }>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    const stats = seen.get(path) ?? { requests: 0, cutShort: false };
    stats.requests++;
    seen.set(path, stats);
    res.on('close', () => {
      if (!res.writableFinished) stats.cutShort = true;
    });
    const route = routes.get(path);
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const envelope = (size: number) => {
  const head = '{"success":true,"data":{"nonce":"';
  const tail = '"},"timestamp":1}';
  return head + 'x'.repeat(Math.max(0, size - head.length - tail.length)) + tail;
};

/** Writes `total` bytes in 64 KiB chunks, waiting for drain, until done or the peer leaves. */
function stream(res: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 0x78);
  let sent = 0;
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

const exchange = () => createHttpExchange(base, { maxResponseBytes: CAP });
const get = (path: string) => ({
  method: 'GET',
  path,
  headers: {},
  body: undefined,
  timeoutMs: 10_000,
});

describe('response size cap (exchange)', () => {
  it('reads a body of exactly the cap, compressed or not', async () => {
    routes.set('/exact', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(envelope(CAP));
    });
    routes.set('/exact-gzip', (_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(gzipSync(envelope(CAP)));
    });
    const ex = exchange();
    expect((await ex.send(get('/exact'))).text).toHaveLength(CAP);
    expect((await ex.send(get('/exact-gzip'))).text).toHaveLength(CAP);
    ex.close();
  });

  it('refuses a declared length past the cap before reading, and drops the connection', async () => {
    routes.set('/declared', (_req, res) => {
      res.writeHead(200, { 'content-length': String(BOMB) });
      stream(res, BOMB);
    });
    const ex = exchange();
    await expect(ex.send(get('/declared'))).rejects.toMatchObject({
      code: RESPONSE_TOO_LARGE,
      message: `response larger than ${CAP} bytes`,
    });
    await expect.poll(() => seen.get('/declared')?.cutShort, { timeout: 5_000 }).toBe(true);
    ex.close();
  });

  it('counts an undeclared (chunked) body as it streams and stops one byte past the cap', async () => {
    routes.set('/chunked', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      stream(res, BOMB);
    });
    routes.set('/cap-plus-one', (_req, res) => {
      res.writeHead(200, { 'transfer-encoding': 'chunked' });
      res.write(Buffer.alloc(CAP, 0x78));
      res.end('x');
    });
    const ex = exchange();
    await expect(ex.send(get('/chunked'))).rejects.toMatchObject({ code: RESPONSE_TOO_LARGE });
    await expect.poll(() => seen.get('/chunked')?.cutShort, { timeout: 5_000 }).toBe(true);
    await expect(ex.send(get('/cap-plus-one'))).rejects.toMatchObject({
      code: RESPONSE_TOO_LARGE,
    });
    ex.close();
  });

  for (const [encoding, body] of Object.entries(bombs)) {
    it(`bounds ${encoding} decompression: a ${body.length}-byte bomb stops at the cap`, async () => {
      expect(body.length).toBeLessThan(CAP); // the raw bytes alone pass the cap
      const path = `/bomb-${encoding}`;
      routes.set(path, (_req, res) => {
        res
          .writeHead(200, {
            'content-type': 'application/json',
            'content-encoding': encoding,
            'content-length': String(body.length),
          })
          .end(body);
      });
      const ex = exchange();
      await expect(ex.send(get(path))).rejects.toMatchObject({
        code: RESPONSE_TOO_LARGE,
        maxBytes: CAP,
      });
      ex.close();
    });
  }

  it('still fails a corrupt compressed body as a lost answer, not a crash', async () => {
    routes.set('/corrupt-gzip', (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.from('not gzip at all'));
    });
    const ex = exchange();
    await expect(ex.send(get('/corrupt-gzip'))).rejects.toMatchObject({ code: 'Z_DATA_ERROR' });
    ex.close();
  });
});

describe('response size cap (injected fetch exchange)', () => {
  it('caps the decoded stream too: an undeclared oversized body and a gzip bomb', async () => {
    const ex = createFetchExchange(base, fetch, { maxResponseBytes: CAP });
    routes.set('/fetch-chunked', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      stream(res, BOMB);
    });
    await expect(ex.send(get('/fetch-chunked'))).rejects.toMatchObject({
      code: RESPONSE_TOO_LARGE,
    });
    await expect.poll(() => seen.get('/fetch-chunked')?.cutShort, { timeout: 5_000 }).toBe(true);
    routes.set('/fetch-bomb', (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(bombs.gzip);
    });
    await expect(ex.send(get('/fetch-bomb'))).rejects.toMatchObject({ code: RESPONSE_TOO_LARGE });
    routes.set('/fetch-exact', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(envelope(CAP));
    });
    expect((await ex.send(get('/fetch-exact'))).text).toHaveLength(CAP);
  });
});

describe('response size cap (client → GraphQL error)', () => {
  it('answers UPSTREAM_UNAVAILABLE "larger than N bytes" and does not retry', async () => {
    routes.set('/v1/public/sv_nonce', (_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(bombs.gzip);
    });
    const { baseUrl: _b, network: _n, ...defaults } = loadConfig({}).upstream;
    const store = createMemoryStore();
    const client = createUpstreamClient({
      baseUrl: base,
      store,
      config: { ...defaults, retry: { max: 2, baseMs: 1, capMs: 1 }, maxResponseBytes: CAP },
    });
    try {
      const error = await client.strategyVaultNonce().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect(classifyError(error)).toEqual({
        code: 'UPSTREAM_UNAVAILABLE',
        message: `The upstream service answered with a response larger than ${CAP} bytes`,
        extensions: { maxResponseBytes: CAP },
      });
      expect(seen.get('/v1/public/sv_nonce')?.requests).toBe(1);
    } finally {
      await client.close();
      await store.close();
    }
  });
});
