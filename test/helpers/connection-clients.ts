/**
 * Raw clients for the connection-cap tests, each from a chosen local address (the loopback
 * range 127.0.0.0/8 works on Linux), so one test can be several client IPs: a graphql-ws
 * connection (`connection_init`, then whatever the test sends), an SSE subscription over
 * node:http, an idle TCP socket.
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { WebSocket } from 'ws';

export interface WsOutcome {
  ws: WebSocket;
  /** `acked`; `refused` (HTTP status at the handshake); `closed` (close code before the ack). */
  kind: 'acked' | 'refused' | 'closed' | 'error';
  status?: number;
  retryAfter?: string | undefined;
  code?: number;
  reason?: string;
  /** Set when the connection closes later. */
  closedLater?: { code: number; reason: string };
  messages: Record<string, unknown>[];
}

/** Opens a graphql-ws connection from `localAddress` and sends `connection_init`. */
export function openWs(
  url: string,
  localAddress: string,
  payload: Record<string, unknown> = {},
): Promise<WsOutcome> {
  const ws = new WebSocket(url, 'graphql-transport-ws', { localAddress });
  const outcome: WsOutcome = { ws, kind: 'error', messages: [] };
  return new Promise((resolve) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      outcome.messages.push(message);
      if (message.type === 'connection_ack') resolve(Object.assign(outcome, { kind: 'acked' }));
    });
    ws.on('unexpected-response', (req, res) => {
      outcome.kind = 'refused';
      outcome.status = res.statusCode;
      outcome.retryAfter = res.headers['retry-after'];
      res.resume();
      req.destroy();
      resolve(outcome);
    });
    ws.on('close', (code, reason) => {
      if (outcome.kind === 'acked') outcome.closedLater = { code, reason: String(reason) };
      else resolve(Object.assign(outcome, { kind: 'closed', code, reason: String(reason) }));
    });
    ws.on('error', () => resolve(outcome));
  });
}

export interface SseOutcome {
  status: number;
  retryAfter: string | undefined;
  /** The whole body of a refusal; the first chunk of a stream. */
  body: string;
  close(): void;
}

/** POSTs a subscription with `Accept: text/event-stream` from `localAddress`. */
export function openSse(
  origin: string,
  localAddress: string,
  query: string,
  token?: string,
): Promise<SseOutcome> {
  const url = new URL('/graphql', origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const outcome = (body: string): SseOutcome => ({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'] as string | undefined,
          body,
          close: () => req.destroy(),
        });
        res.setEncoding('utf8');
        if (res.statusCode === 200) {
          res.once('data', (chunk: string) => resolve(outcome(chunk)));
          return;
        }
        let body = '';
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve(outcome(body)));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ query }));
  });
}

/** A TCP connection from `localAddress`, recording what it receives and when it closes. */
export interface RawSocket {
  socket: Socket;
  received: string;
  closed: boolean;
}

export function openSocket(port: number, localAddress: string): Promise<RawSocket> {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  const raw: RawSocket = { socket, received: '', closed: false };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    raw.received += chunk;
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    raw.closed = true;
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(raw));
    socket.once('error', () => resolve(raw));
  });
}
