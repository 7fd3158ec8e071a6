/**
 * `npm start` as a process: listens on PORT, prints the URL and the demo tokens once (not in
 * the JSON log), serves GraphQL, and on SIGTERM drains, finishes in-flight work and exits 0.
 */
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { REDIS_URL, uniquePrefix } from './harness.ts';
import { spawnMain, startMain } from './main-process.ts';

describe('npm start', () => {
  it('serves the embedded sandbox with demo tokens and exits 0 on SIGTERM', async () => {
    const app = await startMain({
      REDIS_URL,
      REDIS_KEY_PREFIX: uniquePrefix('main'),
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: '5000',
    });
    const exited = once(app.child, 'exit');
    let signaled = false;
    try {
      const response = await fetch(app.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${app.trader}` },
        body: JSON.stringify({ query: '{ account { id } }' }),
      });
      expect(response.status).toBe(200);
      const result = (await response.json()) as { data: { account: { id: string } } };
      expect(result.data.account.id).toMatch(/^0x[0-9a-f]{64}$/);
      // /ready and /metrics answer on the admin listener only.
      expect((await fetch(new URL('/ready', app.adminOrigin))).status).toBe(200);
      expect((await fetch(new URL('/metrics', app.adminOrigin))).status).toBe(200);
      expect((await fetch(new URL('/ready', app.url))).status).toBe(404);
      expect((await fetch(new URL('/metrics', app.url))).status).toBe(404);

      // A request in flight when SIGTERM arrives still gets its answer: send half a body,
      // make sure the server accepted that connection (a later one was answered), signal,
      // then finish the body.
      const body = JSON.stringify({ query: '{ account { id } }' });
      const request = httpRequest(app.url, {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${app.trader}`,
        },
      });
      const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
        request.on('response', (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        request.on('error', reject);
      });
      request.write(body.slice(0, 10));
      await once(request, 'socket').then(([socket]) => once(socket as Socket, 'connect'));
      expect((await fetch(new URL('/health', app.url))).status).toBe(200);
      signaled = app.child.kill('SIGTERM');
      request.end(body.slice(10));
      const late = await answered;
      expect(late.status).toBe(200);
      expect(JSON.parse(late.text)).toEqual({
        data: { account: { id: expect.stringMatching(/^0x/) } },
      });
    } finally {
      // A second SIGTERM would force the exit: signal only if the test failed before it did.
      if (app.child.signalCode === null && app.child.exitCode === null && !signaled) {
        app.child.kill('SIGTERM');
      }
    }
    const [code] = await exited;
    expect(code).toBe(0);
    const log = app.stdout.join('');
    const lines = log
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string });
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['listening', 'shutting down', 'stopped']),
    );
    expect(log).not.toContain(app.trader);
    expect(log).not.toContain(app.admin);
    // The tokens are printed exactly once.
    expect(app.stderr.join('').split(app.trader)).toHaveLength(2);
  });

  it('refuses a keystore it cannot read and exits 1', async () => {
    const child = spawnMain({ SVC_KEYSTORE: '/nonexistent/keystore.json' });
    const stderr: string[] = [];
    child.stderr?.on('data', (b: Buffer) => stderr.push(b.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr.join('')).toMatch(
      /invalid keystore:\n {2}\/nonexistent\/keystore\.json: cannot read \(ENOENT\)/,
    );
  });

  it('prints every configuration problem and exits 1', async () => {
    const child = spawnMain({ PORT: 'not-a-port', MAX_DEPTH: '-1' });
    const stderr: string[] = [];
    child.stderr?.on('data', (b: Buffer) => stderr.push(b.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr.join('')).toMatch(/invalid configuration/);
    expect(stderr.join('')).toMatch(/PORT/);
    expect(stderr.join('')).toMatch(/MAX_DEPTH/);
  });
});
