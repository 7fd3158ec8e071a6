/**
 * `cancelOnDisconnect(afterMs)`: a cancel-on-disconnect session for as long as the subscription
 * runs (src/cancel-on-disconnect). Its one event says what is armed; then it stays open, quiet
 * (keep-alives are the transport's), and its end — the client leaving, a dropped connection, the
 * replica shutting down — ends the session.
 */

import type { SwitchStatus } from '../cancel-on-disconnect/account-switch.ts';
import { SessionRefused } from '../cancel-on-disconnect/errors.ts';
import type { CancelOnDisconnect, CodSession } from '../cancel-on-disconnect/switches.ts';
import { type GatewayContext, gqlError, orThrowCoded, unauthenticated } from '../schema/types.ts';
import type { AccountCredentials } from '../upstream/api.ts';
import { type Live, liveOf, statsOf } from './live-feed.ts';
import { SubscriberQueue } from './live-queue.ts';

export { deliver } from './live-feed.ts';

export async function cancelOnDisconnect(
  ctx: GatewayContext,
  afterMs: number | null | undefined,
): Promise<Live<SwitchStatus>> {
  const live = liveOf(ctx);
  const cod = live.cancelOnDisconnect;
  if (!cod) {
    throw gqlError('UPSTREAM_UNAVAILABLE', 'Cancel-on-disconnect is not enabled on this gateway');
  }
  if (!ctx.principal) throw unauthenticated();
  const { credentials } = ctx.principal;
  const session = await open(cod, credentials, afterMs ?? cod.defaultAfterMs);
  const stats = statsOf(live, 'cancelOnDisconnect');
  const queue: SubscriberQueue<SwitchStatus> = new SubscriberQueue(live.queueMax, () => {
    live.active.delete(queue);
    stats.active--;
    session.close();
  });
  live.active.add(queue);
  stats.active++;
  if (queue.push(session.armed)) stats.delivered++;
  // An SSE client that left while the switch was being armed: no one will end the stream.
  if ((ctx as { request?: Request }).request?.signal?.aborted) void queue.return();
  return queue;
}

/** A refused session is RATE_LIMITED with its reason; an upstream failure its usual code. */
function open(
  cod: CancelOnDisconnect,
  credentials: AccountCredentials,
  afterMs: number,
): Promise<CodSession> {
  return orThrowCoded(async () => {
    try {
      return await cod.open(credentials, afterMs);
    } catch (error) {
      if (!(error instanceof SessionRefused)) throw error;
      throw gqlError('RATE_LIMITED', `Cancel-on-disconnect refused: ${error.message}`, {
        reason: error.reason,
      });
    }
  });
}
