/**
 * The request scenarios: what is requested, from which server, and what a good answer looks
 * like. GraphQL operations go to every server exactly as a client sends them: POST, JSON,
 * bearer token. Each describes its load as a `LoadSpec` (plain data, for the load generator's
 * process).
 */
import {
  ACCOUNT_QUERY,
  DASHBOARD_IDS,
  DASHBOARD_QUERY,
  orderInput,
  PLACE_ORDER_MUTATION,
} from './documents.ts';
import type { LoadDriver } from './load-driver.ts';
import type { LoadSpec } from './load-spec.ts';
import type { RunningChild } from './processes.ts';
import type { ScenarioName } from './report.ts';

export { ACCOUNT_QUERY };

export type ServerName =
  | 'ceiling'
  | 'httpCall'
  | 'ceilingCall'
  | 'ceilingCallTuned'
  | 'sandbox'
  | 'gatewayCached'
  | 'gatewayUncached'
  | 'peer'
  | 'peerCached'
  | 'mercurius'
  | 'hive'
  | 'hiveCached';

/**
 * One sandbox account and the bearer token that names it at the gateway and at the peers.
 * Connection i of a load run acts as trader i (mod their number): a gateway serves many users,
 * and one user's concurrent identical reads would be merged by the gateway's single-flight
 * (on even with the cache off), so scenario 4 would not call the sandbox for every request.
 */
export interface Trader {
  token: string;
  accountId: string;
  secret: string;
  tradingSecret: string;
}

export interface BenchContext {
  servers: Partial<Record<ServerName, RunningChild>>;
  traders: Trader[];
  /** The load generator (its own process). */
  load: LoadDriver;
}

export interface Scenario {
  name: ScenarioName;
  server: ServerName;
  spec(ctx: BenchContext): LoadSpec;
  /** Unmeasured preparation (runs once, after the server is up). */
  setup?(ctx: BenchContext): Promise<void>;
  /**
   * Requests the warm-up answers at least, in more rounds of the warm-up when its seconds do
   * not reach them (not in a smoke run; measure.ts). V8 compiles a path's code over its first
   * few thousand requests, on threads whose CPU the server's figure includes: a slow scenario
   * is still compiling after seconds that warm a fast one. @default none (seconds only)
   */
  warmupRequests?: number;
}

const graphqlHeaders = (trader: Trader): Record<string, string> => ({
  'content-type': 'application/json',
  authorization: `Bearer ${trader.token}`,
});

function url(ctx: BenchContext, server: ServerName): string {
  const child = ctx.servers[server];
  if (!child) throw new Error(`server ${server} is not running`);
  return child.info.url;
}

function graphql(
  ctx: BenchContext,
  server: ServerName,
  path: string,
  query: string,
  variables?: Record<string, unknown>,
): LoadSpec {
  return {
    url: url(ctx, server),
    method: 'POST',
    path,
    headers: ctx.traders.map(graphqlHeaders),
    body: JSON.stringify(variables ? { query, variables } : { query }),
    check: { kind: 'graphql' },
  };
}

/** Sends one GraphQL operation as `trader` and fails unless it succeeds. */
export async function graphqlOnce(
  ctx: BenchContext,
  server: ServerName,
  trader: Trader,
  query: string,
  variables?: Record<string, unknown>,
): Promise<unknown> {
  const response = await fetch(`${url(ctx, server)}/graphql`, {
    method: 'POST',
    headers: graphqlHeaders(trader),
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  const success =
    text.startsWith('{"data"') &&
    !text.includes('"errors"') &&
    (query !== PLACE_ORDER_MUTATION || text.includes('"__typename":"PlaceOrderSuccess"'));
  if (!response.ok || !success)
    throw new Error(`${server}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** The `account` query at `server` (the gateway's and every peer's scenario). */
const account = (name: ScenarioName, server: ServerName, path = '/graphql'): Scenario => ({
  name,
  server,
  spec: (ctx) => graphql(ctx, server, path, ACCOUNT_QUERY),
});

/** `{ accountId }` answered after one signed upstream call (the floors 2b, 2b′, 2c). */
const accountIdFloor = (name: ScenarioName, server: ServerName): Scenario => ({
  name,
  server,
  spec: (ctx) => ({
    ...graphql(ctx, server, '/graphql', '{ accountId }'),
    check: { kind: 'matches', pattern: '^\\{"data":\\{"accountId":"[^"]+"\\}\\}$' },
  }),
});

export const SCENARIO_LIST: Scenario[] = [
  {
    name: 'ceiling',
    server: 'ceiling',
    spec: (ctx) => ({
      ...graphql(ctx, 'ceiling', '/graphql', '{ hello }'),
      check: { kind: 'equals', text: '{"data":{"hello":"world"}}' },
    }),
  },
  {
    name: 'restFloor',
    server: 'sandbox',
    // Signed per request, as any client must (fresh timestamp), by the load generator before
    // autocannon starts the clock: the signing cost is not inside the floor's latency.
    spec: (ctx) => ({
      url: url(ctx, 'sandbox'),
      method: 'GET',
      path: '/v1/client/info',
      headers: [],
      perRequest: {
        kind: 'signed',
        traders: ctx.traders.map(({ accountId, secret }) => ({ accountId, secret })),
      },
      check: { kind: 'includes', text: '"success":true' },
    }),
  },
  accountIdFloor('httpCallFloor', 'httpCall'),
  accountIdFloor('ceilingCall', 'ceilingCall'),
  accountIdFloor('ceilingCallTuned', 'ceilingCallTuned'),
  account('accountCached', 'gatewayCached'),
  account('accountUncached', 'gatewayUncached'),
  {
    name: 'dashboard',
    server: 'gatewayCached',
    setup: async (ctx) => {
      // Every trader gets the same five client order ids (they are per account upstream).
      await Promise.all(
        ctx.traders.map(async (trader) => {
          for (const id of DASHBOARD_IDS) {
            await graphqlOnce(ctx, 'gatewayCached', trader, PLACE_ORDER_MUTATION, {
              input: orderInput(id),
            });
          }
        }),
      );
    },
    spec: (ctx) =>
      graphql(ctx, 'gatewayCached', '/graphql', DASHBOARD_QUERY, { ids: DASHBOARD_IDS }),
  },
  {
    name: 'placeOrder',
    server: 'gatewayCached',
    // ~250 orders/s, bound by the sandbox's independent order check (≈ 3.5 ms of its CPU): six
    // seconds are ~1,500 orders, and the gateway's CPU per order then read about twice its
    // warm figure (docs/performance.md § Scenarios).
    warmupRequests: 5_000,
    spec: (ctx) => ({
      ...graphql(ctx, 'gatewayCached', '/graphql', PLACE_ORDER_MUTATION),
      // A new client_order_id per order: the upstream rejects a reused one.
      perRequest: { kind: 'placeOrder', run: Date.now().toString(36) },
      check: { kind: 'placeOrder' },
    }),
  },
  account('peerAccount', 'peer', '/'),
  account('peerCached', 'peerCached', '/'),
  account('mercuriusAccount', 'mercurius'),
  account('hiveAccount', 'hive', '/'),
  account('hiveCached', 'hiveCached', '/'),
];

/**
 * The order in which a slice measures the scenarios: the two sides of each paired figure
 * next to each other (2b′, 4 and the uncached peers; 1, 3 and the cached peers), the
 * sandbox-heavy scenarios last. Every other slice runs it backwards, so on average each side
 * of a pair runs as early as the other.
 */
export const MEASURE_ORDER: ScenarioName[] = [
  'ceilingCallTuned',
  'accountUncached',
  'peerAccount',
  'mercuriusAccount',
  'hiveAccount',
  'httpCallFloor',
  'ceilingCall',
  'restFloor',
  'ceiling',
  'accountCached',
  'peerCached',
  'hiveCached',
  'dashboard',
  'placeOrder',
];
