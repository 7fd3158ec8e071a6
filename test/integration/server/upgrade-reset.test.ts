/**
 * A client that asks for a WebSocket on the wrong path and resets the connection at once: the
 * refused upgrade socket has no error listener of node's, so the reset must be handled by the
 * gateway (here in-process: an uncaught error would fail the run), which keeps serving.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Running, startGateway, uniquePrefix } from './harness.ts';

let gw: Running;
beforeAll(async () => {
  gw = await startGateway({
    prefix: uniquePrefix('upgrade-reset'),
    webSockets: true,
    env: { REDIS_URL: '' },
  });
});
afterAll(() => gw?.close());

/** Sends an upgrade request for `path` and resets the connection once it is written. */
async function upgradeThenReset(path: string): Promise<void> {
  const { port } = new URL(gw.origin);
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    () => socket.resetAndDestroy(),
  );
  await once(socket, 'close');
}

it('a reset during a refused upgrade costs the gateway nothing', async () => {
  for (let round = 0; round < 20; round++) {
    await Promise.all(Array.from({ length: 10 }, () => upgradeThenReset('/elsewhere')));
  }
  const health = await fetch(`${gw.origin}/health`);
  expect(health.status).toBe(200);
});
