/**
 * Connections as a budgeted resource (docs/operations.md#connection-caps-and-timeouts), over
 * real sockets from several loopback addresses (127.0.0.x, one client IP each): graphql-ws
 * connections and SSE streams per IP and per principal, TCP connections per IP, the replica's
 * cap on streams, /health and the admin listener answering while caps are reached, and every
 * count back at zero once the clients leave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openSocket,
  openSse,
  openWs,
  type RawSocket,
  type SseOutcome,
  type WsOutcome,
} from '../../helpers/connection-clients.ts';
import { makeCaller, type Running, startGateway, uniquePrefix } from './harness.ts';

const SUBSCRIPTION = 'subscription { maintenanceStatus { underMaintenance } }';
const alice = makeCaller('alice', 'trader');
const bob = makeCaller('bob', 'trader');

async function start(env: Record<string, string>): Promise<Running> {
  return startGateway({
    prefix: uniquePrefix('conn'),
    webSockets: true,
    keystore: { principals: [alice.entry, bob.entry] },
    env: { REDIS_URL: '', CONN_KEEPALIVE_TIMEOUT_MS: '200', ...env },
  });
}

/** The value of one sample of /metrics on the admin listener (0 when absent). */
async function metric(running: Running, sample: string): Promise<number> {
  const text = await (await fetch(`${running.adminOrigin}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every client closed: no connection, IP or principal left in the budget. */
async function expectEmpty(running: Running): Promise<void> {
  const budget = running.gateway.connections;
  await expect
    .poll(() => ({
      ws: budget.open('ws'),
      sse: budget.open('sse'),
      http: budget.open('http'),
      keys: [budget.keys('ws'), budget.keys('sse'), budget.keys('http')],
    }))
    .toEqual({
      ws: 0,
      sse: 0,
      http: 0,
      keys: Array(3).fill({ ips: 0, principals: 0 }),
    });
  expect(await metric(running, 'svc_connections_open{kind="ws"}')).toBe(0);
  expect(await metric(running, 'svc_connections_open{kind="sse"}')).toBe(0);
}

describe('connection caps', () => {
  let gw: Running;
  const open: { ws: WsOutcome[]; sse: SseOutcome[]; sockets: RawSocket[] } = {
    ws: [],
    sse: [],
    sockets: [],
  };
  const closeAll = () => {
    for (const c of open.ws.splice(0)) c.ws.terminate();
    for (const s of open.sse.splice(0)) s.close();
    for (const s of open.sockets.splice(0)) s.socket.destroy();
  };
  const ws = async (address: string, payload?: Record<string, unknown>) => {
    const outcome = await openWs(gw.wsUrl, address, payload);
    open.ws.push(outcome);
    return outcome;
  };
  const sse = async (address: string, token?: string) => {
    const outcome = await openSse(gw.origin, address, SUBSCRIPTION, token);
    open.sse.push(outcome);
    return outcome;
  };

  beforeAll(async () => {
    gw = await start({
      CONN_MAX_PER_IP: '6',
      CONN_WS_MAX_PER_IP: '3',
      CONN_WS_MAX_PER_PRINCIPAL: '2',
      CONN_SSE_MAX_PER_IP: '3',
      CONN_SSE_MAX_PER_PRINCIPAL: '2',
    });
  });
  afterAll(async () => {
    closeAll();
    await gw?.close();
  });

  it('refuses the N+1th graphql-ws connection of one IP (429) while another IP connects', async () => {
    for (let i = 0; i < 3; i++) expect((await ws('127.0.0.2')).kind).toBe('acked');
    const refused = await ws('127.0.0.2');
    expect(refused).toMatchObject({ kind: 'refused', status: 429, retryAfter: '5' });
    expect((await ws('127.0.0.3')).kind).toBe('acked');
    expect(await metric(gw, 'svc_connections_refused_total{kind="ws",reason="per_ip"}')).toBe(1);
    expect(await metric(gw, 'svc_connections_open{kind="ws"}')).toBe(4);
    closeAll();
    await expectEmpty(gw);
  });

  it("closes a principal's graphql-ws connection over its cap with 4429, not another's", async () => {
    expect((await ws('127.0.0.4', auth(alice.token))).kind).toBe('acked');
    expect((await ws('127.0.0.5', auth(alice.token))).kind).toBe('acked');
    const third = await ws('127.0.0.6', auth(alice.token));
    expect(third).toMatchObject({ kind: 'closed', code: 4429 });
    expect(third.reason).toMatch(/too many connections/i);
    expect((await ws('127.0.0.6', auth(bob.token))).kind).toBe('acked');
    // Anonymous connections from the same IP are not the principal's.
    expect((await ws('127.0.0.6')).kind).toBe('acked');
    expect(
      await metric(gw, 'svc_connections_refused_total{kind="ws",reason="per_principal"}'),
    ).toBe(1);
    closeAll();
    await expectEmpty(gw);
  });

  it('refuses the N+1th SSE stream of one IP with 429 RATE_LIMITED; another IP streams', async () => {
    for (let i = 0; i < 3; i++) expect((await sse('127.0.0.7')).status).toBe(200);
    const refused = await sse('127.0.0.7');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('5');
    // As docs/operations.md shows it.
    expect(JSON.parse(refused.body)).toEqual({
      errors: [
        {
          message:
            'Too many open subscription streams for this client IP; close one or retry after 5 s',
          extensions: { code: 'RATE_LIMITED', reason: 'TOO_MANY_STREAMS', retryAfterMs: 5000 },
        },
      ],
    });
    expect((await sse('127.0.0.8')).status).toBe(200);
    expect(await metric(gw, 'svc_connections_refused_total{kind="sse",reason="per_ip"}')).toBe(1);
    closeAll();
    await expectEmpty(gw);
  });

  it("refuses a principal's SSE stream over its cap from any IP; other callers stream", async () => {
    expect((await sse('127.0.0.9', alice.token)).status).toBe(200);
    expect((await sse('127.0.0.10', alice.token)).status).toBe(200);
    const refused = await sse('127.0.0.11', alice.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('TOO_MANY_STREAMS');
    expect((await sse('127.0.0.11', bob.token)).status).toBe(200);
    expect((await sse('127.0.0.11')).status).toBe(200);
    closeAll();
    await expectEmpty(gw);
  });

  it('closes TCP connections over the per-IP cap at once; /health and /ready still answer', async () => {
    const port = Number(new URL(gw.origin).port);
    for (let i = 0; i < 6; i++) open.sockets.push(await openSocket(port, '127.0.0.12'));
    // Accepted in order: the server has counted the six before it sees the seventh.
    const over = await openSocket(port, '127.0.0.12');
    open.sockets.push(over);
    over.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => over.closed).toBe(true);
    expect(over.received).toBe('');
    // The same IP's earlier connections still work; other clients and the admin listener too.
    const first = open.sockets[0]!;
    first.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => first.received).toMatch(/^HTTP\/1\.1 200/);
    expect((await fetch(`${gw.origin}/health`)).status).toBe(200);
    expect((await fetch(`${gw.adminOrigin}/ready`)).status).toBe(200);
    expect(await metric(gw, 'svc_connections_refused_total{kind="http",reason="per_ip"}')).toBe(1);
    closeAll();
    await expectEmpty(gw);
  });
});

describe("the replica's cap on streams", () => {
  let gw: Running;
  const clients: WsOutcome[] = [];

  beforeAll(async () => {
    // 67 connections in all: graphql-ws and SSE together may take 67 − 64 = 3 of them.
    gw = await start({ CONN_MAX: '67' });
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await gw?.close();
  });

  it('refuses streams beyond it with 503 while /health and the admin listener answer', async () => {
    for (const address of ['127.0.1.1', '127.0.1.2']) {
      clients.push(await openWs(gw.wsUrl, address));
    }
    const stream = await openSse(gw.origin, '127.0.1.3', SUBSCRIPTION);
    expect([...clients.map((c) => c.kind), stream.status]).toEqual(['acked', 'acked', 200]);
    const refused = await openWs(gw.wsUrl, '127.0.1.4');
    clients.push(refused);
    expect(refused).toMatchObject({ kind: 'refused', status: 503 });
    const sseRefused = await openSse(gw.origin, '127.0.1.4', SUBSCRIPTION);
    expect(sseRefused.status).toBe(429);
    expect(sseRefused.body).toContain('this server');
    expect((await fetch(`${gw.origin}/health`)).status).toBe(200);
    expect((await fetch(`${gw.adminOrigin}/ready`)).status).toBe(200);
    expect((await fetch(`${gw.adminOrigin}/metrics`)).status).toBe(200);
    expect(await metric(gw, 'svc_connections_refused_total{kind="ws",reason="global"}')).toBe(1);
    stream.close();
    for (const c of clients.splice(0)) c.ws.terminate();
    await expectEmpty(gw);
  });
  it('at the connection cap refuses TCP connections while the admin listener answers', async () => {
    const port = Number(new URL(gw.origin).port);
    const sockets: RawSocket[] = [];
    try {
      for (let i = 0; i < 67; i++) sockets.push(await openSocket(port, '127.0.1.9'));
      const over = await openSocket(port, '127.0.1.10');
      sockets.push(over);
      await expect.poll(() => over.closed).toBe(true);
      expect(over.received).toBe('');
      expect((await fetch(`${gw.adminOrigin}/ready`)).status).toBe(200);
      expect(await metric(gw, 'svc_connections_refused_total{kind="http",reason="global"}')).toBe(
        1,
      );
      expect(await metric(gw, 'svc_connections_open{kind="http"}')).toBe(67);
    } finally {
      for (const s of sockets) s.socket.destroy();
    }
    await expectEmpty(gw);
  });
});

describe('idle graphql-ws connections', () => {
  let gw: Running;
  const clients: WsOutcome[] = [];

  beforeAll(async () => {
    gw = await start({ CONN_WS_IDLE_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await gw?.close();
  });

  it('closes a connection without a subscription after the idle timeout, not one with', async () => {
    const busy = await openWs(gw.wsUrl, '127.0.2.1');
    clients.push(busy);
    busy.ws.send(JSON.stringify({ id: 's1', type: 'subscribe', payload: { query: SUBSCRIPTION } }));
    await expect.poll(() => busy.messages.some((m) => m.type === 'next')).toBe(true);
    // Opened after the subscription began: by the time it idles out, so has `busy` been idle.
    const idle = await openWs(gw.wsUrl, '127.0.2.2');
    clients.push(idle);
    expect(idle.kind).toBe('acked');
    await expect
      .poll(() => idle.closedLater, { timeout: 5_000 })
      .toEqual({ code: 1000, reason: 'Idle timeout' });
    expect(busy.closedLater).toBeUndefined();
    expect(busy.ws.readyState).toBe(busy.ws.OPEN);
    expect(await metric(gw, 'svc_graphql_ws_idle_closed_total')).toBe(1);
    // Once its subscription completes, the busy one idles out in turn.
    busy.ws.send(JSON.stringify({ id: 's1', type: 'complete' }));
    await expect
      .poll(() => busy.closedLater, { timeout: 5_000 })
      .toEqual({ code: 1000, reason: 'Idle timeout' });
    await expectEmpty(gw);
  });
});
