/**
 * The last state of each algo order tree that an account stream handed its subscribers (or
 * found open when it came up), so that a resync emits a tree only when it differs from what
 * they last saw, knows which trees were still open (to look up those that finished in the
 * gap), and drops a pushed event that a resync already overtook. Bounded: the least recently
 * changed trees are forgotten first.
 */
import type { AlgoOrderModel } from '../../models/algo-order.ts';

interface Seen {
  /** The tree's state (algoTreeState). */
  state: string;
  /** Some order of the tree can still change. */
  open: boolean;
  updatedAt: number;
  /** Found by a resync's REST read (not pushed). */
  viaResync: boolean;
}

/** Trees remembered per account stream by default. */
export const ALGO_LEDGER_MAX = 2_000;

const FINAL = new Set(['FILLED', 'CANCELLED', 'REJECTED']);

/** What a subscriber can tell apart of a tree, node by node (not its timestamps). */
export function algoTreeState(o: AlgoOrderModel): string {
  const own = [
    o.algoOrderId,
    o.status,
    o.isTriggered,
    o.isActivated,
    o.quantity,
    o.triggerPrice,
    o.price,
    o.executedQuantity,
    o.extremePrice,
  ].join(':');
  const children = [...o.childOrders]
    .sort((a, b) => a.algoOrderId - b.algoOrderId)
    .map(algoTreeState);
  return children.length > 0 ? `${own}(${children.join(',')})` : own;
}

/** Whether any order of the tree can still change (the upstream's INCOMPLETE). */
export const algoTreeOpen = (o: AlgoOrderModel): boolean =>
  !FINAL.has(o.status) || o.childOrders.some(algoTreeOpen);

export class AlgoLedger {
  private readonly seen = new Map<number, Seen>();

  constructor(private readonly max = ALGO_LEDGER_MAX) {}

  get size(): number {
    return this.seen.size;
  }

  knows(algoOrderId: number): boolean {
    return this.seen.has(algoOrderId);
  }

  /** Whether subscribers last saw this tree in another state (or never saw it). */
  changed(root: AlgoOrderModel): boolean {
    return this.seen.get(root.algoOrderId)?.state !== algoTreeState(root);
  }

  /**
   * Whether a pushed tree is older than (or the same as) what a resync already delivered:
   * pushes queued behind a resync's read may describe states the read overtook.
   */
  overtaken(root: AlgoOrderModel): boolean {
    const last = this.seen.get(root.algoOrderId);
    if (!last?.viaResync) return false;
    if (!last.open || !this.changed(root)) return true;
    return root.updatedAt < last.updatedAt;
  }

  /** Trees last seen open, oldest change first: those a resync must find again. */
  openIds(): number[] {
    return [...this.seen].flatMap(([id, s]) => (s.open ? [id] : []));
  }

  /** Records what subscribers now see of the tree. */
  record(root: AlgoOrderModel, viaResync: boolean): void {
    this.seen.delete(root.algoOrderId);
    this.seen.set(root.algoOrderId, {
      state: algoTreeState(root),
      open: algoTreeOpen(root),
      updatedAt: root.updatedAt,
      viaResync,
    });
    if (this.seen.size > this.max) this.seen.delete(this.seen.keys().next().value as number);
  }

  /** The upstream no longer knows the tree. */
  forget(algoOrderId: number): void {
    this.seen.delete(algoOrderId);
  }
}
