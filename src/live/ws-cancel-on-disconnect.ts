/**
 * `connectionParams.cancelOnDisconnect` of a graphql-ws connection (`true` or `{ afterMs }`):
 * a cancel-on-disconnect session for the connection's life (src/cancel-on-disconnect), armed
 * before the acknowledgement, whose payload says what was armed:
 * `{ "cancelOnDisconnect": { "afterMs": 30000, "expectedTriggerTime": 1718000000000 } }`.
 *
 * Refusals close the connection with a reason: 4400 a bad value (field, rule), 4401 no bearer
 * token, 4429 over a session cap, 4503 the upstream did not arm the switch (retried by
 * graphql-ws clients; the others are final for them).
 */
import type { Context } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import { WebSocket } from 'ws';
import type { Principal } from '../auth/principal.ts';
import { isIssue, parseArming } from '../cancel-on-disconnect/arming.ts';
import { SessionRefused } from '../cancel-on-disconnect/errors.ts';
import type { CancelOnDisconnect } from '../cancel-on-disconnect/switches.ts';
import { UpstreamError } from '../upstream/errors.ts';
import type { WsLimits } from './ws-limits.ts';

export const BAD_ARMING = 4400;
export const NO_CALLER = 4401;
export const TOO_MANY_SESSIONS = 4429;
export const NOT_ARMED = 4503;

type WsContext = Context<Record<string, unknown> | undefined, Extra>;

/**
 * graphql-ws' `onConnect` after authentication: true (nothing asked), the ack payload, or
 * false (the socket is closed with its reason).
 */
export async function armConnection(
  cod: CancelOnDisconnect,
  ctx: WsContext,
  principal: Principal | null,
  limits?: WsLimits,
): Promise<boolean | Record<string, unknown>> {
  const asked = parseArming(ctx.connectionParams?.cancelOnDisconnect, cod.defaultAfterMs);
  if (asked === null) return true;
  const socket = ctx.extra.socket;
  if (isIssue(asked))
    return refuse(socket, BAD_ARMING, `${asked.field}: ${asked.message} (${asked.rule})`);
  if (!principal) return refuse(socket, NO_CALLER, 'cancelOnDisconnect: needs a bearer token');
  // Not idle while it arms (the upstream call may take a while) nor after.
  limits?.hold(ctx);
  let session: Awaited<ReturnType<CancelOnDisconnect['open']>>;
  try {
    session = await cod.open(principal.credentials, asked.afterMs);
  } catch (error) {
    if (error instanceof SessionRefused) {
      return refuse(socket, TOO_MANY_SESSIONS, `cancelOnDisconnect: ${error.message}`);
    }
    return refuse(socket, NOT_ARMED, `cancelOnDisconnect: not armed: ${causeOf(error)}`);
  }
  if (socket.readyState !== WebSocket.OPEN) {
    session.close();
    return false;
  }
  socket.once('close', () => session.close());
  return { cancelOnDisconnect: session.armed };
}

/** Upstream errors say the operation, the upstream code and message, never a secret. */
function causeOf(error: unknown): string {
  return error instanceof UpstreamError ? error.message : 'internal error';
}

function refuse(socket: WebSocket, code: number, reason: string): false {
  socket.close(code, truncate(reason, 123));
  return false;
}

/** A close reason is at most 123 bytes of UTF-8. */
function truncate(text: string, bytes: number): string {
  let out = text;
  while (Buffer.byteLength(out) > bytes) out = out.slice(0, -1);
  return out;
}
