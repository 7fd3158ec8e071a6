/**
 * Every algo order of the sandbox: by id, each account's roots (oldest first) and client
 * order ids (unique per account among algo orders, for ever), the roots that can still
 * change, and the ordinary orders algo orders placed.
 */
import type { Account, Order } from '../types.ts';
import { type AlgoOrder, isOpen } from './types.ts';

export class AlgoBook {
  private nextId = 0;
  readonly byId = new Map<number, AlgoOrder>();
  private readonly roots = new Map<Account, AlgoOrder[]>();
  private readonly clientIds = new Map<Account, Map<string, AlgoOrder>>();
  /** Roots with an open tree, oldest first (what triggers and positions look at). */
  readonly open = new Set<AlgoOrder>();
  /** Ordinary order id → the algo order that placed it. */
  readonly byOrder = new Map<number, AlgoOrder>();

  newId = (): number => ++this.nextId;

  add(node: AlgoOrder): void {
    this.byId.set(node.algoOrderId, node);
    if (node.parent !== null) return;
    const list = this.roots.get(node.account) ?? [];
    list.push(node);
    this.roots.set(node.account, list);
    this.open.add(node);
    if (node.clientOrderId !== null) this.clientIdsOf(node.account).set(node.clientOrderId, node);
  }

  /** Forgets a tree that was never placed (its BRACKET order was refused). */
  discard(root: AlgoOrder, nodes: Iterable<AlgoOrder>): void {
    for (const node of nodes) this.byId.delete(node.algoOrderId);
    this.roots.get(root.account)?.pop();
    this.open.delete(root);
    if (root.clientOrderId !== null) this.clientIdsOf(root.account).delete(root.clientOrderId);
  }

  bindOrder(node: AlgoOrder, order: Order): void {
    node.order = order;
    this.byOrder.set(order.orderId, node);
  }

  /** Drops a root from `open` once nothing of its tree can change. */
  settle(root: AlgoOrder): void {
    if (!isOpen(root)) this.open.delete(root);
  }

  rootsOf(account: Account): readonly AlgoOrder[] {
    return this.roots.get(account) ?? [];
  }

  byClientId(account: Account, clientOrderId: string): AlgoOrder | undefined {
    return this.clientIds.get(account)?.get(clientOrderId);
  }

  private clientIdsOf(account: Account): Map<string, AlgoOrder> {
    let map = this.clientIds.get(account);
    if (!map) {
      map = new Map();
      this.clientIds.set(account, map);
    }
    return map;
  }
}
