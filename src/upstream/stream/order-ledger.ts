/**
 * The last state of each order that an account stream handed its subscribers, so that a
 * resync emits an order only when its state differs from what they last saw, and a pushed
 * event that a resync has already overtaken is not delivered after it (no FILLED → NEW).
 * Bounded: the least recently changed orders are forgotten first.
 */
import { FINAL_ORDER_STATUSES } from '../../contract/wire.ts';
import type { OrderUpdateModel } from './models.ts';

interface Delivered {
  status: OrderUpdateModel['status'];
  executedQuantity: number;
  price: number | null;
  quantity: number | null;
  timestamp: number;
  /** Found by a resync's REST read (not pushed). */
  viaResync: boolean;
}

/** Orders remembered per account stream by default. */
export const LEDGER_MAX_ORDERS = 5_000;

export class OrderLedger {
  private readonly delivered = new Map<number, Delivered>();

  constructor(private readonly max = LEDGER_MAX_ORDERS) {}

  get size(): number {
    return this.delivered.size;
  }

  /** Whether subscribers last saw this order in another state (or never saw it). */
  changed(update: OrderUpdateModel): boolean {
    const last = this.delivered.get(update.orderId);
    return (
      !last ||
      last.status !== update.status ||
      last.executedQuantity !== update.executedQuantity ||
      last.price !== update.price ||
      last.quantity !== update.quantity
    );
  }

  /**
   * Whether a pushed update is older than (or the same as) the state a resync already
   * delivered: pushes queued behind a resync's read may describe states the read overtook.
   * A final state never changes again; within one millisecond fills only add quantity.
   */
  overtaken(update: OrderUpdateModel): boolean {
    const last = this.delivered.get(update.orderId);
    if (!last?.viaResync) return false;
    if (FINAL_ORDER_STATUSES.includes(last.status)) return true;
    if (update.timestamp !== last.timestamp) return update.timestamp < last.timestamp;
    return update.executedQuantity < last.executedQuantity || !this.changed(update);
  }

  /** Records what subscribers now see of the order. */
  record(update: OrderUpdateModel, viaResync: boolean): void {
    this.delivered.delete(update.orderId);
    this.delivered.set(update.orderId, {
      status: update.status,
      executedQuantity: update.executedQuantity,
      price: update.price,
      quantity: update.quantity,
      timestamp: update.timestamp,
      viaResync,
    });
    if (this.delivered.size > this.max) {
      this.delivered.delete(this.delivered.keys().next().value as number);
    }
  }
}
