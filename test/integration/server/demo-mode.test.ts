/**
 * Demo mode (`npm start` with no keystore: embedded sandbox, generated demo principals) as a
 * process: without HOST it listens on loopback only; bound beyond loopback on purpose it says
 * so, and GraphiQL hands the demo tokens only to a loopback peer, by the socket's address
 * and only when no proxy forwarded the request. Traffic stays on loopback: 127.0.0.2 tells a
 * 127.0.0.1-only listener from an all-interfaces one; a remote browser is what reaches the
 * page through a proxy (Forwarded / X-Forwarded-For); the address rule itself is unit-tested
 * (test/unit/server/demo-host.test.ts).
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Started, startMain } from './main-process.ts';

const running: Started[] = [];
afterEach(async () => {
  for (const app of running.splice(0)) {
    const exited = once(app.child, 'exit');
    app.child.kill('SIGTERM');
    await exited;
  }
});

async function start(env: Record<string, string>): Promise<Started> {
  const app = await startMain({ LOG_LEVEL: 'info', ...env });
  running.push(app);
  return app;
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const listeningLine = (app: Started) =>
  app.stdout
    .join('')
    .split('\n')
    .filter((line) => line.includes('"msg":"listening"'))
    .map((line) => JSON.parse(line) as { host: string; url: string })[0];

async function page(host: string, port: number, headers: Record<string, string> = {}) {
  const response = await fetch(`http://${host}:${port}/graphql`, {
    headers: { accept: 'text/html', ...headers },
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe('demo mode on the network', () => {
  it('listens on 127.0.0.1 without HOST; the printed localhost URL serves', async () => {
    // Blank counts as unset (the harness sets HOST=127.0.0.1 otherwise).
    const app = await start({ HOST: '' });
    const port = Number(new URL(app.url).port);
    expect(await accepts('127.0.0.2', port)).toBe(false);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(app.url).toBe(`http://localhost:${port}/graphql`);
    expect(listeningLine(app)?.host).toBe('127.0.0.1');
    const html = await page('localhost', port);
    expect(html).toContain(app.trader);
    expect(app.stderr.join('')).not.toMatch(/WARNING: demo mode/);
    expect(app.stderr.join('')).toContain(`trading screen: http://localhost:${port}/demo`);
  });

  it('bound to 0.0.0.0 on purpose: a warning, and tokens for loopback peers only', async () => {
    const app = await start({ HOST: '0.0.0.0' });
    const port = Number(new URL(app.url).port);
    expect(await accepts('127.0.0.2', port)).toBe(true);
    const local = await page('127.0.0.1', port);
    expect(local).toContain(app.trader);
    expect(local).toContain(app.admin);
    const workspace = /\/graphiql\/workspace\.[0-9a-f]{16}\.js/.exec(local)?.[0];
    expect(workspace).toBeDefined();
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9' },
    ];
    for (const headers of proxied) {
      const remote = await page('127.0.0.1', port, headers);
      expect(remote).not.toContain(app.trader);
      expect(remote).not.toContain(app.admin);
      expect(remote).not.toMatch(/svcgw_/);
      // The same workspace all the same: the example tabs' script, without headers.
      expect(remote).toContain(`<script src="${workspace}">`);
      expect(remote).not.toContain('tabHeaders');
    }
    expect(app.stderr.join('')).toMatch(/WARNING: demo mode .* listens on 0\.0\.0\.0/);
  });
});
