/**
 * Control endpoints for the teams that develop against the sandbox: move a market's mid
 * price, switch fault modes on and off, list an account's orders. They live on the
 * sandbox's own port under `/sandbox/`, never on the gateway; they are unauthenticated (the
 * sandbox binds 127.0.0.1 by default), skip the rate limits and are never faulted, so
 * `DELETE /sandbox/faults` always ends an outage. Answers use the usual envelope.
 */
import { z } from 'zod';
import { INVALID_PARAMETER, NOT_FOUND, UNKNOWN_ERROR } from '../contract/errors.ts';
import { ApiError, invalid } from './errors.ts';
import { type FaultConfig, type FaultInjector, validateFaultConfig } from './faults.ts';
import { errorResponse, type Handler, JSON_HEADERS, successResponse } from './http.ts';
import { buildOpenApiDocument, type DescribedRoute } from './openapi.ts';
import { orderRecord } from './records.ts';
import { type RouteContext, Router } from './router.ts';
import { SANDBOX_ROUTES } from './routes/index.ts';
import type { SandboxState } from './state.ts';
import type { TradingEngine } from './trading.ts';
import { asObject, checkSymbol, Fields } from './validation.ts';

export const CONTROL_PREFIX = '/sandbox/';

export interface ControlDeps {
  state: SandboxState;
  engine: TradingEngine;
  injector: FaultInjector;
  clock: () => number;
  log: (line: string) => void;
}

const phase = z.enum(['before', 'after']);
const status = (min: number) => z.number().int().min(min).max(599);
/** A path: exact text, or `{"pattern": "<regular expression>"}` matched against the path. */
const pathMatch = z.union([
  z.string().startsWith('/'),
  z.strictObject({ pattern: z.string().min(1) }),
]);

/** FaultConfig as JSON (faults.ts documents each mode). */
const faultSchema = z.strictObject({
  match: z
    .strictObject({
      methods: z.array(z.string().min(1)).optional(),
      paths: z.array(pathMatch).optional(),
    })
    .optional(),
  count: z.number().int().min(0).optional(),
  every: z.number().int().min(1).optional(),
  when: phase.optional(),
  latencyMs: z.number().min(0).max(600_000).optional(),
  status5xx: z
    .union([
      z.literal(true),
      z.strictObject({ status: status(500).optional(), code: z.number().int().optional() }),
    ])
    .optional(),
  html: z.union([z.literal(true), z.strictObject({ status: status(200).optional() })]).optional(),
  reset: phase.optional(),
  malformedJson: z
    .union([z.literal(true), z.strictObject({ status: status(200).optional() })])
    .optional(),
  rateLimitBurst: z
    .union([z.literal(true), z.strictObject({ retryAfterSec: z.number().int().min(0).optional() })])
    .optional(),
  clockSkewMs: z.number().optional(),
});

/** The text a pattern was sent as (`RegExp.source` escapes slashes). */
const patternText = new WeakMap<RegExp, string>();

/** Parses and checks a FaultConfig sent as JSON; 400 -1005 names every problem. */
export function parseFaultConfig(body: unknown): FaultConfig {
  const parsed = faultSchema.safeParse(asObject(body));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
    throw new ApiError(INVALID_PARAMETER, problems.join('; '));
  }
  const { match, ...rest } = parsed.data;
  const config = { ...rest } as FaultConfig;
  if (match) {
    const paths = match.paths?.map((p, i) => {
      if (typeof p === 'string') return p;
      try {
        const pattern = new RegExp(p.pattern);
        patternText.set(pattern, p.pattern);
        return pattern;
      } catch {
        throw invalid(`match.paths.${i}.pattern`, 'is not a valid regular expression');
      }
    });
    config.match = {
      ...(match.methods ? { methods: match.methods } : {}),
      ...(paths ? { paths } : {}),
    };
  }
  try {
    validateFaultConfig(config);
  } catch (error) {
    throw new ApiError(INVALID_PARAMETER, (error as Error).message);
  }
  return config;
}

/** The active FaultConfig as JSON (patterns written back as `{"pattern"}`). */
function faultJson(config: Readonly<FaultConfig> | null): unknown {
  if (!config) return null;
  const paths = config.match?.paths?.map((p) =>
    typeof p === 'string' ? p : { pattern: patternText.get(p) ?? p.source },
  );
  return {
    ...config,
    ...(config.match ? { match: { ...config.match, ...(paths ? { paths } : {}) } } : {}),
  };
}

type ControlRoute = DescribedRoute & {
  /** Answer the value itself as JSON, without the envelope (the OpenAPI document). */
  raw?: true;
  handle(ctx: Pick<RouteContext, 'body' | 'params' | 'query' | 'headers'>): unknown;
};

function controlRoutes({ state, engine, injector, log }: ControlDeps): ControlRoute[] {
  let openApi: Record<string, unknown> | undefined;
  const routes: ControlRoute[] = [
    {
      method: 'GET',
      path: '/sandbox/openapi.json',
      raw: true,
      handle: ({ headers }) => {
        // Built once, on first request: the route tables do not change at run time.
        openApi ??= buildOpenApiDocument(SANDBOX_ROUTES, routes);
        const host = headers.host;
        return host ? { ...openApi, servers: [{ url: `http://${host}` }] } : openApi;
      },
    },
    {
      method: 'GET',
      path: '/sandbox/markets/{symbol}',
      handle: ({ params }) => {
        const symbol = params.symbol!;
        checkSymbol('symbol', symbol, state.symbolKnown);
        return { symbol, ...state.market(symbol).book() };
      },
    },
    {
      method: 'POST',
      path: '/sandbox/markets/{symbol}/mid',
      body: true,
      handle: ({ params, body }) => {
        const symbol = params.symbol!;
        checkSymbol('symbol', symbol, state.symbolKnown);
        const price = Fields.body(body, ['price']).requiredNumber('price', { positive: true });
        const crossed = engine.setMid(symbol, price);
        log(
          `sandbox control: ${symbol} mid ${state.market(symbol).mid}, ${crossed.length} orders crossed`,
        );
        return { symbol, mid: state.market(symbol).mid, crossed: crossed.map(orderRecord) };
      },
    },
    {
      method: 'GET',
      path: '/sandbox/faults',
      handle: () => ({ config: faultJson(injector.config), injected: injector.injected }),
    },
    {
      method: 'POST',
      path: '/sandbox/faults',
      body: true,
      handle: ({ body }) => {
        injector.set(parseFaultConfig(body));
        log('sandbox control: faults on');
        return { config: faultJson(injector.config), injected: 0 };
      },
    },
    {
      method: 'DELETE',
      path: '/sandbox/faults',
      handle: () => {
        const injected = injector.injected;
        injector.set(null);
        log('sandbox control: faults off');
        return { config: null, injected };
      },
    },
    {
      method: 'GET',
      path: '/sandbox/accounts/{account_id}/orders',
      handle: ({ params }) => {
        const account = state.account(params.account_id!);
        if (!account)
          throw new ApiError(NOT_FOUND, `account_id: no account ${params.account_id}`, 404);
        return { rows: account.orders.map(orderRecord) };
      },
    },
  ];
  return routes;
}

/** The handler of every `/sandbox/…` request. */
export function createControl(deps: ControlDeps): Handler {
  const routes = controlRoutes(deps);
  // The router only matches (404, 405 with Allow); the control route then handles.
  const router = new Router(routes);
  return async (req) => {
    const now = deps.clock();
    try {
      const { route: control, params } = router.match(req.method, req.path);
      const query = Fields.query(new URLSearchParams(req.query), control.query ?? []);
      const text = req.body.toString('utf8');
      if (!control.body && text.trim() !== '') throw invalid('body', 'this endpoint takes no body');
      let body: unknown = {};
      if (control.body) {
        try {
          body = JSON.parse(text);
        } catch {
          throw invalid('body', 'is not valid JSON');
        }
      }
      const data = control.handle({ body, params, query, headers: req.headers });
      if (control.raw) {
        return { status: 200, headers: { ...JSON_HEADERS }, body: JSON.stringify(data) };
      }
      return successResponse(now, data);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(now, error);
      deps.log(
        `sandbox control: internal error on ${req.method} ${req.path}: ${(error as Error).stack}`,
      );
      return errorResponse(now, new ApiError(UNKNOWN_ERROR, 'unknown error'));
    }
  };
}
