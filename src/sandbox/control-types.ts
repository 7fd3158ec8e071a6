/** What the control routes get (ControlDeps) and what each of them is (ControlRoute). */
import type { CancelAllAfter } from './cancel-all-after.ts';
import type { FaultInjector } from './faults.ts';
import type { MarketActivity } from './market/activity.ts';
import type { DescribedRoute } from './openapi.ts';
import type { RouteContext } from './router.ts';
import type { SandboxState } from './state.ts';
import type { StreamServer } from './stream/server.ts';
import type { TradingEngine } from './trading.ts';

export interface ControlDeps {
  state: SandboxState;
  engine: TradingEngine;
  injector: FaultInjector;
  /** Synthetic book changes and trades per symbol (market/activity.ts). */
  activity: MarketActivity;
  clock: () => number;
  log: (line: string) => void;
  /** The stream's test controls (a gap in a book's update chain). */
  stream: Pick<StreamServer, 'breakBookChain'>;
  /** The accounts' dead-man switches: their state, and the speed of their delays. */
  cancelAllAfter: CancelAllAfter;
}

export type ControlRoute = DescribedRoute & {
  /** Answer the value itself as JSON, without the envelope (the OpenAPI document). */
  raw?: true;
  handle(ctx: Pick<RouteContext, 'body' | 'params' | 'query' | 'headers'>): unknown;
};
