/**
 * Routes as data: a sandbox route is `{ endpoint, handle }`, its method, path, auth kind,
 * body, query and limit read from the contract's row (`contract/endpoints.ts`). The pipeline
 * (pipeline.ts) does everything the row declares before calling the handler, so handlers only
 * validate fields and change state. path-router.ts matches a request to its route.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { HttpMethod } from '../contract/endpoint-types.ts';
import { ENDPOINTS, type Endpoint, type EndpointKey, splitKey } from '../contract/endpoints.ts';
import type { AlgoEngine } from './algo/engine.ts';
import type { CancelAllAfter } from './cancel-all-after.ts';
import type { Account, SandboxState } from './state.ts';
import type { TradingEngine } from './trading.ts';
import type { Fields } from './validation.ts';

export interface RouteContext {
  state: SandboxState;
  engine: TradingEngine;
  /** Algo orders: triggers, TP/SL, brackets (algo/engine.ts). */
  algo: AlgoEngine;
  /** The accounts' dead-man switches (POST /v1/order/cancel_all_after). */
  cancelAllAfter: CancelAllAfter;
  /** The authenticated account (undefined on public routes only). */
  account: Account | undefined;
  /** `svc-trading-key` of an order request, already checked against the account. */
  tradingKey: string | undefined;
  /** Parsed JSON body; `{}` when the body is empty. */
  body: unknown;
  /** The query, already checked against the row's `query`. */
  query: Fields;
  /** Query values as received (order parameters of DELETE endpoints). */
  queryParams: Record<string, string>;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  now: number;
}

/** A sandbox endpoint: its row of the contract and its handler. */
export interface Route {
  /** The contract's route string (`contract/endpoints.ts`): `'POST /v1/order'`. */
  endpoint: EndpointKey;
  /** How many items a body holds, when the limit spends one per item elsewhere (batch). */
  items?(body: unknown): number;
  handle(ctx: RouteContext): unknown;
}

/** A route with its route string split and its contract row, as the pipeline reads it. */
export interface BoundRoute extends Route {
  method: HttpMethod;
  /** `/v1/client/order/{client_order_id}` */
  path: string;
  row: Endpoint;
}

export const bindRoute = (route: Route): BoundRoute => ({
  ...route,
  ...splitKey(route.endpoint),
  row: ENDPOINTS[route.endpoint],
});
