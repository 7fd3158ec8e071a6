/**
 * The algo engine: places algo orders (checked, built, a BRACKET's order placed at once),
 * evaluates every open trigger on each mark move (the `mid` event, after resting orders
 * crossed) and fires each once, keeps algo orders in step with the orders they placed and
 * the positions they close (their order events, liquidations), cancels, and tells the
 * `algo` listeners (`algoexecutionreport`) of every change.
 *
 * Order events are listened to only while an algo tree is open: the order engine builds its
 * event snapshots only when someone listens.
 */
import type { OrderChanged } from '../events.ts';
import type { OrderRequest } from '../order-admission.ts';
import { isPending } from '../records.ts';
import type { SandboxState } from '../state.ts';
import type { TradingEngine } from '../trading.ts';
import type { Account, Order } from '../types.ts';
import { buildTree } from './build.ts';
import { checkDraft, crossed } from './checks.ts';
import type { AlgoContext } from './context.ts';
import { bracketOrderEnded, followPosition } from './follow.ts';
import type { AlgoDraft } from './parse.ts';
import { algoReport, type ReportFill } from './report.ts';
import { groupOf } from './slots.ts';
import { mirror, refreshGroup } from './status.ts';
import { trail } from './trailing.ts';
import { fire } from './trigger.ts';
import type { AlgoOrder } from './types.ts';

export class AlgoEngine implements AlgoContext {
  /** The node whose order the order engine is placing now (bound on its first event). */
  private placing: AlgoOrder | undefined;
  private offOrder: (() => void) | undefined;
  private readonly offs: (() => void)[];

  constructor(
    readonly state: SandboxState,
    private readonly engine: TradingEngine,
    readonly clock: () => number,
  ) {
    const { events } = state;
    this.offs = [
      events.on('mid', ({ symbol }) => this.onMid(symbol)),
      events.on('liquidation', (event) => {
        const account = state.account(event.accountId);
        for (const p of event.positions) {
          const mode = p.marginMode === 'ISOLATED' ? 'ISOLATED' : 'CROSS';
          if (account) followPosition(this, account, p.symbol, mode);
        }
      }),
    ];
  }

  close(): void {
    for (const off of [...this.offs, this.offOrder]) off?.();
    this.offOrder = undefined;
  }

  /** Places a parsed algo order; throws the ApiError that refuses it, changing nothing. */
  create(account: Account, draft: AlgoDraft): AlgoOrder {
    const side = checkDraft(this.state, account, draft);
    this.listen();
    const root = buildTree(this, account, draft, side);
    const market = this.state.market(root.symbol);
    if (root.trailing) trail(root, market.mid, market.priceDecimals);
    if (draft.algoType === 'BRACKET') this.placeBracket(root, draft);
    this.report(root);
    this.state.algo.settle(root);
    return root;
  }

  private placeBracket(root: AlgoOrder, draft: AlgoDraft): void {
    const request: OrderRequest = {
      symbol: draft.symbol,
      side: draft.side!,
      type: draft.type!,
      clientOrderId: null,
      ...(draft.price === null ? {} : { price: draft.price }),
      quantity: draft.quantity!,
      reduceOnly: draft.reduceOnly,
      ...(draft.orderTag === null ? {} : { orderTag: draft.orderTag }),
      postOnlyAdjust: false,
      marginMode: draft.marginMode,
    };
    root.isTriggered = true;
    try {
      this.place(root, request);
    } catch (error) {
      this.state.algo.discard(root, [
        root,
        ...root.children,
        ...root.children.flatMap((c) => c.children),
      ]);
      throw error;
    }
  }

  place(node: AlgoOrder, request: OrderRequest): void {
    this.placing = node;
    try {
      const order = this.engine.place(node.account, request);
      if (!node.order) {
        this.state.algo.bindOrder(node, order);
        mirror(node, order);
      }
    } finally {
      this.placing = undefined;
    }
  }

  cancelOrder(order: Order, reason: string): void {
    this.engine.cancel(order, reason);
  }

  report(root: AlgoOrder, fill?: ReportFill): void {
    const { events } = this.state;
    if (!events.listening('algo')) return;
    const timestamp = this.clock();
    const report = algoReport(root, timestamp, fill);
    events.emit('algo', { accountId: root.account.accountId, report, timestamp });
  }

  private listen(): void {
    this.offOrder ??= this.state.events.on('order', (event) => this.onOrder(event));
  }

  private onOrder(event: OrderChanged): void {
    const { algo } = this.state;
    const order = this.state.orders.get(event.order.order_id);
    if (!order) return;
    let node = algo.byOrder.get(order.orderId);
    if (!node && this.placing && !this.placing.order) {
      node = this.placing;
      algo.bindOrder(node, order);
    }
    if (node) {
      mirror(node, order);
      refreshGroup(node.parent, event.timestamp);
      if (node.algoType === 'BRACKET' && !isPending(order)) bracketOrderEnded(this, node);
      this.report(node.root, event.fill ? { node, fill: event.fill } : undefined);
      algo.settle(node.root);
    }
    if (event.fill) followPosition(this, order.account, order.symbol, order.marginMode);
    if (algo.open.size === 0 && !this.placing) {
      this.offOrder?.();
      this.offOrder = undefined;
    }
  }

  /** Every open trigger of the symbol against the new mark, oldest first. */
  private onMid(symbol: string): void {
    const market = this.state.market(symbol);
    for (const root of [...this.state.algo.open]) {
      if (root.symbol !== symbol || !this.state.algo.open.has(root)) continue;
      this.evaluate(root, market.mid, market.priceDecimals);
    }
  }

  private evaluate(root: AlgoOrder, mark: number, places: number): void {
    if (root.algoType === 'STOP' || root.algoType === 'TRAILING_STOP') {
      if (root.isTriggered || root.status !== 'NEW') return;
      if (root.algoType === 'STOP') {
        if (crossed('STOP', root.side!, root.triggerPrice!, mark)) fire(this, root, mark);
        return;
      }
      const moved = trail(root, mark, places);
      if (moved.crossed) fire(this, root, mark);
      else if (moved.changed) this.reportReplaced(root);
      return;
    }
    const group = groupOf(root);
    if (!group || group.waiting || group.isTriggered || group.status !== 'NEW') return;
    const leg = group.children.find(
      (l) =>
        l.isActivated &&
        l.status === 'NEW' &&
        crossed(l.algoType as 'TAKE_PROFIT' | 'STOP_LOSS', l.side!, l.triggerPrice!, mark),
    );
    if (leg) fire(this, leg, mark);
  }

  /** A trailing stop moved: one REPLACED report (the facts), then it reads NEW again. */
  private reportReplaced(root: AlgoOrder): void {
    root.updatedTime = this.clock();
    root.status = 'REPLACED';
    this.report(root);
    root.status = 'NEW';
  }
}
