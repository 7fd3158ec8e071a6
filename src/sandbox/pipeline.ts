/**
 * One request through the sandbox: route → authentication → limit → body → order
 * signature → handler → envelope. Every failure is an `ApiError` answered with the code's
 * HTTP status; anything else is a 500 -1000 whose detail goes to the log only.
 */

import { ENDPOINTS, type EndpointKey } from '../contract/endpoints.ts';
import { UNKNOWN_ERROR } from '../contract/errors.ts';
import type { AlgoEngine } from './algo/engine.ts';
import { authenticate, requireAdmin, tradingKeyOf, verifyOrder, verifyOrderTree } from './auth.ts';
import type { CancelAllAfter } from './cancel-all-after.ts';
import { ApiError, invalid } from './errors.ts';
import {
  errorResponse,
  type Handler,
  rawResponse,
  type SandboxRequest,
  successResponse,
} from './http.ts';
import type { Charge, RateLimiter } from './limits.ts';
import type { Router } from './path-router.ts';
import type { BoundRoute } from './router.ts';
import type { Account, SandboxState } from './state.ts';
import type { TradingEngine } from './trading.ts';
import { asObject, Fields } from './validation.ts';

export interface AppDeps {
  state: SandboxState;
  engine: TradingEngine;
  algo: AlgoEngine;
  cancelAllAfter: CancelAllAfter;
  router: Router<BoundRoute>;
  limiter: RateLimiter | undefined;
  clock: () => number;
  log: (line: string) => void;
}

export function createApp(deps: AppDeps): Handler {
  return async (req) => {
    const now = deps.clock();
    try {
      const { data, envelope } = await dispatch(deps, req, now);
      return envelope ? successResponse(now, data) : rawResponse(data);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(now, error);
      deps.log(`sandbox: internal error on ${req.method} ${req.path}: ${(error as Error).stack}`);
      return errorResponse(now, new ApiError(UNKNOWN_ERROR, 'unknown error'));
    }
  };
}

/** The handler's answer, and whether it goes in the `{success, data}` envelope (the row says). */
async function dispatch(
  deps: AppDeps,
  req: SandboxRequest,
  now: number,
): Promise<{ data: unknown; envelope: boolean }> {
  const { state, engine, algo, cancelAllAfter } = deps;
  const { route, params } = deps.router.match(req.method, req.path);
  const { row } = route;
  let account: Account | undefined;
  if (row.auth !== 'public') {
    account = authenticate(state, req, now);
    if (row.auth === 'broker_admin') requireAdmin(account);
  }
  // Only a route whose items spend another budget reads its body before the limit.
  const early = row.limit.perItem ? parseBody(route, req) : undefined;
  deps.limiter?.charge(charges(route, early), { accountId: account?.accountId, ip: req.ip });
  const searchParams = new URLSearchParams(req.query);
  const query = Fields.query(searchParams, row.query ?? {});
  const queryParams = Object.fromEntries(searchParams);
  const body = early ?? parseBody(route, req);

  let tradingKey: string | undefined;
  if (row.auth === 'trading' && account) {
    tradingKey = tradingKeyOf(account, req.headers);
    // `items`: the handler verifies each item of the batch.
    if (row.signature === 'body') verifyOrder(tradingKey, asObject(body));
    if (row.signature === 'query') verifyOrder(tradingKey, queryParams);
    if (row.signature === 'tree') verifyOrderTree(tradingKey, asObject(body));
  }
  const data = await route.handle({
    state,
    engine,
    algo,
    cancelAllAfter,
    account,
    tradingKey,
    body,
    query,
    queryParams,
    params,
    headers: req.headers,
    now,
  });
  return { data, envelope: row.envelope !== false };
}

/**
 * The route's own budget, plus, when its limit names `perItem` (batch create), one per item
 * against that endpoint's budget: spent together or not at all.
 */
function charges(route: BoundRoute, body: unknown): Charge[] {
  const { limit } = route.row;
  const list: Charge[] = [{ route: route.endpoint, rule: limit, cost: 1 }];
  const items = limit.perItem && route.items ? route.items(body) : 0;
  if (limit.perItem && items > 0) {
    const other = limit.perItem as EndpointKey;
    list.push({ route: other, rule: ENDPOINTS[other].limit, cost: items });
  }
  return list;
}

function parseBody(route: BoundRoute, req: SandboxRequest): unknown {
  const text = req.body.toString('utf8');
  if (!route.row.body) {
    if (text.trim() !== '') throw invalid('body', `${route.endpoint} takes no body`);
    return {};
  }
  if (text.trim() === '') return {};
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) {
    throw invalid('Content-Type', 'must be application/json for a JSON body');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('body', 'is not valid JSON');
  }
}
