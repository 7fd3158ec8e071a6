/**
 * The identity of an account event, the same on every replica that receives it: what the log
 * dedupes appends by (two replicas with subscribers of one account both receive each push and
 * both append it; the log keeps it once and hands both the same cursor).
 *
 * Built from what the event says, not from which connection carried it: an order's state
 * (id, status, executed quantity, price, quantity, update time: a resync's REST row of a state
 * a push already delivered gets the push's identity), a liquidation's id, a wallet change's id,
 * status and update time, and a digest of the rest (algo trees, positions and balances carry
 * their update times; a balance's is the push's `ts`).
 */
import { createHash } from 'node:crypto';
import type { AccountStreamEvent } from '../models.ts';

const digest = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

/** The event's identity; undefined for an event that is never logged (`failed`). */
export function eventIdentity(event: AccountStreamEvent): string | undefined {
  switch (event.type) {
    case 'order': {
      const o = event.order;
      return `o:${o.orderId}:${o.status}:${o.executedQuantity}:${o.price}:${o.quantity}:${o.timestamp}`;
    }
    case 'account': {
      const e = event.event;
      return e.kind === 'liquidation'
        ? `l:${digest(e.liquidationId)}`
        : `w:${digest([e.id, e.status, e.updatedTime])}`;
    }
    case 'algo':
      // A resync's tree of a state a push delivered is the same event.
      return `a:${digest({ ...event.order, source: undefined })}`;
    case 'positions':
      return `p:${digest(event.positions)}`;
    case 'balances':
      return `b:${digest(event.balances)}`;
    case 'failed':
      return undefined;
  }
}
