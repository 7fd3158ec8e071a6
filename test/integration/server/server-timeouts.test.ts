/**
 * Slow clients (slowloris) are cut off by the public server's timeouts
 * (CONN_HEADERS_TIMEOUT_MS, CONN_REQUEST_TIMEOUT_MS; src/connections/server-limits.ts), short here: a
 * request whose headers never end, and one whose body stops short of its Content-Length, both
 * get 408 and a closed socket, while a prompt client is served on the same server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type RawSocket } from '../../helpers/connection-clients.ts';
import { type Running, startGateway, uniquePrefix } from './harness.ts';

describe('server timeouts', () => {
  let gw: Running;
  let port: number;
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    gw = await startGateway({
      prefix: uniquePrefix('timeouts'),
      env: {
        REDIS_URL: '',
        CONN_HEADERS_TIMEOUT_MS: '300',
        CONN_REQUEST_TIMEOUT_MS: '600',
        CONN_KEEPALIVE_TIMEOUT_MS: '300',
      },
    });
    port = Number(new URL(gw.origin).port);
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.destroy();
    await gw?.close();
  });

  const slow = async (bytes: string): Promise<RawSocket> => {
    const raw = await openSocket(port, '127.0.3.1');
    sockets.push(raw);
    raw.socket.write(bytes);
    return raw;
  };

  it('cuts off a request whose headers never end', async () => {
    const raw = await slow('POST /graphql HTTP/1.1\r\nHost: gateway\r\nX-Slow: 1\r\n');
    await expect.poll(() => raw.closed, { timeout: 5_000 }).toBe(true);
    expect(raw.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a request whose body stops short', async () => {
    const raw = await slow(
      'POST /graphql HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n' +
        `Content-Length: 90000\r\n\r\n{"query":"${'x'.repeat(1_000)}`,
    );
    await expect.poll(() => raw.closed, { timeout: 5_000 }).toBe(true);
    expect(raw.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const raw = await slow('GET /health HTTP/1.1\r\nHost: gateway\r\n\r\n');
    await expect.poll(() => raw.received).toMatch(/^HTTP\/1\.1 200/);
    // Node's default is 5 s: well past this deadline.
    await expect.poll(() => raw.closed, { timeout: 3_000 }).toBe(true);
  });

  it('serves a prompt client meanwhile', async () => {
    const { status, body } = await gw.gql('{ __typename }');
    expect(status).toBe(200);
    expect(body.data).toEqual({ __typename: 'Query' });
  });
});
