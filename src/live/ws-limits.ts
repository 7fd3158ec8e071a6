/**
 * graphql-ws connections under the connection budget (connections/budget.ts):
 *
 * - at the upgrade, the client IP's cap (and the replica's cap on streams): over it the
 *   handshake is answered `429 Too Many Requests` (`503 Service Unavailable` for the
 *   replica's cap) with `Retry-After`, and the socket closed; no WebSocket is made;
 * - at `connection_init`, once the caller is known, the principal's cap: over it the
 *   connection is closed with 4429 ("Too many connections for this caller");
 * - a connection with no operation running for `idleTimeoutMs` is closed with 1000 ("Idle
 *   timeout"): a connection costs a file descriptor and memory whether or not it subscribes.
 *   graphql-ws' own `connectionInitWaitTimeout` (3 s) covers the time before `connection_init`.
 *
 * The lease is given back when the socket closes, whichever way it closes.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Context } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import type { Principal } from '../auth/principal.ts';
import type { ConnectionBudget } from '../connections/budget.ts';
import { requestClientIp } from '../connections/client-address.ts';
import type { Lease } from '../connections/lease.ts';
import type { RefusalReason } from '../connections/metrics.ts';

/** Seconds a refused client is told to wait (`Retry-After`). */
export const RETRY_AFTER_S = 5;
export const TOO_MANY_CONNECTIONS = 4429;
export const IDLE_CLOSE = 1000;

export interface WsLimitsOptions {
  budget: ConnectionBudget;
  /** Trusted proxies appending to X-Forwarded-For (CALLER_PROXY_HOPS). */
  proxyHops: number;
  /** A connection with no operation for this long is closed (CONN_WS_IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number;
}

type WsContext = Context<Record<string, unknown> | undefined, Extra>;

export class WsLimits {
  private readonly leases = new WeakMap<IncomingMessage, Lease>();
  /** When each connection last started or finished an operation. */
  private readonly active = new WeakMap<WsContext, number>();
  /** Connections holding a cancel-on-disconnect session: never idle (closing one fires it). */
  private readonly held = new WeakSet<WsContext>();

  constructor(private readonly options: WsLimitsOptions) {}

  /** The upgrade of `req` may go on; false: it was answered 429/503 and `socket` closed. */
  admit(req: IncomingMessage, socket: Duplex): boolean {
    const lease = this.options.budget.acquire('ws', requestClientIp(req, this.options.proxyHops));
    if (typeof lease === 'string') {
      refuse(socket, lease);
      return false;
    }
    socket.once('close', () => lease.release());
    this.leases.set(req, lease);
    return true;
  }

  /** graphql-ws' `onConnect` of an authenticated caller; false: closed with 4429. */
  connected(ctx: WsContext, principal: Principal | null): boolean {
    const lease = this.leases.get(ctx.extra.request);
    if (principal && lease && !lease.bindPrincipal(principal.label)) {
      ctx.extra.socket.close(TOO_MANY_CONNECTIONS, 'Too many connections for this caller');
      return false;
    }
    this.watchIdle(ctx);
    return true;
  }

  /** The connection holds a cancel-on-disconnect session: the idle timeout spares it. */
  hold(ctx: WsContext): void {
    this.held.add(ctx);
  }

  /** An operation of the connection started or finished. */
  touch(ctx: WsContext): void {
    this.active.set(ctx, Date.now());
  }

  private watchIdle(ctx: WsContext): void {
    const { idleTimeoutMs } = this.options;
    const ws = ctx.extra.socket;
    this.touch(ctx);
    let timer: NodeJS.Timeout;
    const check = (): void => {
      const now = Date.now();
      if (Object.keys(ctx.subscriptions).length > 0 || this.held.has(ctx)) this.touch(ctx);
      const left = (this.active.get(ctx) ?? now) + idleTimeoutMs - now;
      if (left > 0) {
        timer = setTimeout(check, left).unref();
        return;
      }
      this.options.budget.idleClosed();
      ws.close(IDLE_CLOSE, 'Idle timeout');
    };
    timer = setTimeout(check, idleTimeoutMs).unref();
    ws.once('close', () => clearTimeout(timer));
  }
}

const STATUS: Record<RefusalReason, string> = {
  per_ip: '429 Too Many Requests',
  per_principal: '429 Too Many Requests',
  global: '503 Service Unavailable',
};
const WHY: Record<RefusalReason, string> = {
  per_ip: 'too many graphql-ws connections from this client IP',
  per_principal: 'too many graphql-ws connections for this caller',
  global: 'too many connections on this server',
};

/** Answers the handshake and closes the socket once the answer is written (as ws does). */
function refuse(socket: Duplex, reason: RefusalReason): void {
  const body = `${WHY[reason]}; retry later\n`;
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${STATUS[reason]}\r\nRetry-After: ${RETRY_AFTER_S}\r\nConnection: close\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
