/**
 * One request through the sandbox: route → authentication → limit → body → order
 * signature → handler → envelope. Every failure is an `ApiError` answered with the code's
 * HTTP status; anything else is a 500 -1000 whose detail goes to the log only.
 */

import type { SpecLimit } from '../spec/constants.ts';
import { authenticate, requireAdmin, tradingKeyOf, verifyOrder } from './auth.ts';
import { ApiError, invalid } from './errors.ts';
import { errorResponse, type Handler, type SandboxRequest, successResponse } from './http.ts';
import { type Charge, limitOf, type RateLimiter } from './limits.ts';
import type { Route, Router } from './router.ts';
import type { Account, SandboxState } from './state.ts';
import type { TradingEngine } from './trading.ts';
import { asObject, Fields } from './validation.ts';

export interface AppDeps {
  state: SandboxState;
  engine: TradingEngine;
  router: Router;
  limiter: RateLimiter | undefined;
  clock: () => number;
  log: (line: string) => void;
}

export function createApp(deps: AppDeps): Handler {
  return async (req) => {
    const now = deps.clock();
    try {
      return successResponse(now, await dispatch(deps, req, now));
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(now, error);
      deps.log(`sandbox: internal error on ${req.method} ${req.path}: ${(error as Error).stack}`);
      return errorResponse(now, new ApiError(-1000, 'unknown error'));
    }
  };
}

async function dispatch(deps: AppDeps, req: SandboxRequest, now: number): Promise<unknown> {
  const { state, engine } = deps;
  const { route, params } = deps.router.match(req.method, req.path);
  let account: Account | undefined;
  if (route.auth !== 'public') {
    account = authenticate(state, req, now);
    if (route.auth === 'admin') requireAdmin(account);
  }
  const spec = specOf(route);
  // Only a route whose items spend another budget reads its body before the limit.
  const early = spec.perItem ? parseBody(route, req) : undefined;
  deps.limiter?.charge(charges(route, spec, early), { accountId: account?.accountId, ip: req.ip });
  const searchParams = new URLSearchParams(req.query);
  const query = Fields.query(searchParams, route.query ?? []);
  const queryParams = Object.fromEntries(searchParams);
  const body = early ?? parseBody(route, req);

  let tradingKey: string | undefined;
  if (route.auth === 'order' && account) {
    tradingKey = tradingKeyOf(account, req.headers);
    if (route.orderParams === 'body') verifyOrder(tradingKey, asObject(body));
    if (route.orderParams === 'query') verifyOrder(tradingKey, queryParams);
  }
  return route.handle({
    state,
    engine,
    account,
    tradingKey,
    body,
    query,
    queryParams,
    params,
    headers: req.headers,
    now,
  });
}

/** Each route's entry of the limits table, looked up once. */
const specs = new WeakMap<Route, SpecLimit>();
function specOf(route: Route): SpecLimit {
  let spec = specs.get(route);
  if (spec === undefined) {
    spec = limitOf(route.method, route.path, route.auth === 'public');
    specs.set(route, spec);
  }
  return spec;
}

/**
 * The route's own budget, plus, when its limit names `perItem` (batch create), one per item
 * against that route's budget: spent together or not at all.
 */
function charges(route: Route, spec: SpecLimit, body: unknown): Charge[] {
  const list: Charge[] = [
    { route: `${route.method} ${route.path}`, rule: route.limit ?? spec, cost: 1 },
  ];
  const items = spec.perItem && route.items ? route.items(body) : 0;
  if (spec.perItem && items > 0) {
    // `perItem` names a route without path parameters, so it is also its limiter key.
    const [method = '', path = ''] = spec.perItem.split(' ');
    list.push({ route: spec.perItem, rule: limitOf(method, path, false), cost: items });
  }
  return list;
}

function parseBody(route: Route, req: SandboxRequest): unknown {
  const text = req.body.toString('utf8');
  if (!route.body) {
    if (text.trim() !== '') throw invalid('body', `${route.method} ${route.path} takes no body`);
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
