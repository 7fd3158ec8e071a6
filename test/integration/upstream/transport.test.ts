/**
 * The default exchange (undici's keep-alive pool) against a raw server: what the
 * sender relies on — one timeout over headers and body, a lost connection mid-body, refused
 * connections classified as unsent, connection reuse, compressed or BOM-prefixed bodies, and
 * close() letting a request in flight finish.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFailure } from '../../../src/upstream/fetch-failure.ts';
import { createHttpExchange } from '../../../src/upstream/http-exchange.ts';
import { wasSent } from '../../../src/upstream/retry.ts';

type Route = (res: ServerResponse, body: string) => void;
const routes = new Map<string, Route>();
const sockets = new Set<Socket>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const route = routes.get(req.url ?? '');
      if (route) route(res, body);
      else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const get = (path: string, timeoutMs = 1_000) => ({
  method: 'GET',
  path,
  headers: { accept: 'application/json' },
  body: undefined,
  timeoutMs,
});

describe('createHttpExchange', () => {
  it('answers status, body and the headers the sender reads; sends the body with its length', async () => {
    routes.set('/echo', (res, body) => {
      res.writeHead(201, {
        'content-type': 'application/json',
        'retry-after': '3',
        date: 'Tue, 01 Jul 2025 00:00:00 GMT',
      });
      res.end(JSON.stringify({ got: body }));
    });
    const exchange = createHttpExchange(`${base}/`);
    const reply = await exchange.send({
      method: 'POST',
      path: '/echo',
      headers: { 'content-type': 'application/json' },
      body: '{"ü":1}',
      timeoutMs: 1_000,
    });
    expect(reply).toEqual({
      status: 201,
      text: JSON.stringify({ got: '{"ü":1}' }),
      retryAfter: '3',
      date: 'Tue, 01 Jul 2025 00:00:00 GMT',
      contentType: 'application/json',
    });
    exchange.close();
  });

  it('reuses keep-alive connections for sequential requests', async () => {
    const ports = new Set<number>();
    routes.set('/who', (res) => {
      ports.add(res.socket!.remotePort!);
      res.end('{}');
    });
    const exchange = createHttpExchange(base);
    // undici hands a connection to the next request one event-loop turn after its answer (a
    // server that said keep-alive may still close it): a request sent in the same turn takes
    // a second connection, and from then on the two take turns.
    for (let i = 0; i < 10; i++) await exchange.send(get('/who'));
    expect(ports.size).toBeLessThanOrEqual(2);
    // Requests a turn apart, as a gateway's are, all go over one connection.
    ports.clear();
    for (let i = 0; i < 5; i++) {
      await exchange.send(get('/who'));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(ports.size).toBe(1);
    exchange.close();
  });

  it('reads the answer that follows an informational (1xx) one', async () => {
    routes.set('/hints', (res) => {
      res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    const exchange = createHttpExchange(base);
    expect(await exchange.send(get('/hints'))).toMatchObject({
      status: 200,
      text: '{"ok":true}',
      contentType: 'application/json',
    });
    exchange.close();
  });

  it('decodes a gzip body and drops a UTF-8 BOM', async () => {
    routes.set('/gzip', (res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync('{"ok":true}'));
    });
    routes.set('/bom', (res) => res.end('\ufeff{"ok":true}'));
    const exchange = createHttpExchange(base);
    expect((await exchange.send(get('/gzip'))).text).toBe('{"ok":true}');
    expect((await exchange.send(get('/bom'))).text).toBe('{"ok":true}');
    exchange.close();
  });

  it('times out a body that stalls after the headers, and closes that connection', async () => {
    let closed = false;
    routes.set('/stall', (res) => {
      res.on('close', () => {
        closed = true;
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    });
    const exchange = createHttpExchange(base);
    const started = performance.now();
    const error = await exchange.send(get('/stall', 150)).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    const failure = fetchFailure('accountInfo', error, 150);
    expect(failure).toMatchObject({ reason: 'timeout' });
    expect(wasSent(failure)).toBe(true);
    await expect.poll(() => closed).toBe(true);
    exchange.close();
  });

  it('reports a connection lost mid-body as sent (ambiguous)', async () => {
    routes.set('/cut', (res) => {
      res.writeHead(200, { 'content-length': '100' });
      // Cut once the partial body has been handed to the socket.
      res.write('{"partial":', () => res.socket?.destroy());
    });
    const exchange = createHttpExchange(base);
    const error = await exchange.send(get('/cut')).catch((e: unknown) => e);
    const failure = fetchFailure('createOrder', error, 1_000);
    expect(failure).toMatchObject({ reason: 'connection' });
    expect(failure.message).toMatch(/connection lost \(ECONNRESET\)/);
    expect(wasSent(failure)).toBe(true);
    exchange.close();
  });

  it('classifies a refused connection as never sent', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const exchange = createHttpExchange(`http://127.0.0.1:${port}`);
    const error = await exchange.send(get('/')).catch((e: unknown) => e);
    const failure = fetchFailure('createOrder', error, 1_000);
    expect(failure.message).toMatch(/could not connect \(ECONNREFUSED\)/);
    expect(wasSent(failure)).toBe(false);
    exchange.close();
  });

  it('close() lets a request in flight finish, then drops the idle connections', async () => {
    // The route signals the request's arrival (so its socket is counted) and answers only
    // once the test lets it, after close().
    let arrived: () => void = () => {};
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    routes.set('/slow', (res) => {
      arrived();
      void released.then(() => res.end('{"slow":true}'));
    });
    const exchange = createHttpExchange(base);
    const pending = exchange.send(get('/slow'));
    await arrival;
    const before = sockets.size;
    exchange.close();
    release();
    expect((await pending).text).toBe('{"slow":true}');
    await expect.poll(() => sockets.size).toBeLessThan(before);
  });

  it('never puts a header value or body in its errors', async () => {
    const exchange = createHttpExchange(base);
    const error = await exchange
      .send({ ...get('/'), headers: { 'svc-signature': 'secret\nvalue' } })
      .catch((e: unknown) => e);
    const failure = fetchFailure('accountInfo', error, 1_000);
    expect(`${failure.message} ${JSON.stringify(failure)}`).not.toContain('secret');
    exchange.close();
  });
});
