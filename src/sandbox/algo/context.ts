/** What the algo modules (trigger, follow, cancel, edit) share with the engine that runs them. */
import type { OrderRequest } from '../order-admission.ts';
import type { SandboxState } from '../state.ts';
import type { Order } from '../types.ts';
import type { ReportFill } from './report.ts';
import type { AlgoOrder } from './types.ts';

export interface AlgoContext {
  readonly state: SandboxState;
  readonly clock: () => number;
  /** Places `node`'s ordinary order through the order engine, bound to `node` as it happens. */
  place(node: AlgoOrder, request: OrderRequest): void;
  /** Cancels an ordinary order an algo order placed. */
  cancelOrder(order: Order, reason: string): void;
  /** Tells the stream about `root`'s tree (with a fill of `fill.node`'s order). */
  report(root: AlgoOrder, fill?: ReportFill): void;
}
