/**
 * The algo-order and TP/SL suites' helpers: a real gateway (HTTP and graphql-ws, real Redis)
 * in front of the sandbox over HTTP and WebSocket, GraphQL over fetch as one caller, positions
 * opened with placeOrder and the mark moved through the sandbox's control endpoint.
 */
import { expect } from 'vitest';
import { callerPool, type TestCaller } from '../server/harness.ts';
import { type LiveHarness, type Result, startLive } from '../streams/gateway-harness.ts';

export const ETH = 'PERP_ETH_USDC';

export interface AlgoHarness {
  live: LiveHarness;
  /** A trader of its own for each test (no slots or positions shared). */
  trader(): TestCaller;
  /** One GraphQL request as `caller`, over HTTP. */
  gql(
    caller: TestCaller,
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
    operationName?: string,
  ): Promise<Result & { headers: Headers }>;
  /** Upstream requests of `caller`'s account so far, by method and path. */
  upstream(caller: TestCaller, method: string, path: string | RegExp): number;
  /** Moves the mid (and so the mark) with POST /sandbox/markets/{symbol}/mid. */
  moveMid(price: number, symbol?: string): Promise<void>;
  /** Opens (or adds to) a position with a MARKET order through placeOrder; + long, − short. */
  open(caller: TestCaller, quantity: number, symbol?: string): Promise<void>;
  close(): Promise<void>;
}

const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) { __typename ... on Error { code message } }
}`;

/**
 * The gateway's upstream budgets scaled up (POST /v1/algo/order is 1 per second): the slot
 * tests place a dozen TP/SLs. The sandbox enforces no limits here.
 */
export async function startAlgo(
  traders = 12,
  env: Record<string, string> = {},
): Promise<AlgoHarness> {
  const pool = callerPool('algo', traders);
  const live = await startLive({ extra: pool.all, env: { UPSTREAM_LIMIT_SCALE: '50', ...env } });
  const replica = live.replicas[0]!;
  const harness: AlgoHarness = {
    live,
    trader: () => pool.next(),
    async gql(caller, query, variables = {}, headers = {}, operationName = undefined) {
      const response = await fetch(replica.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${caller.token}`,
          ...headers,
        },
        body: JSON.stringify({ query, variables, operationName }),
      });
      return { ...((await response.json()) as Result), headers: response.headers };
    },
    upstream: (caller, method, path) =>
      live.sandbox.requestCount({ method, path, accountId: caller.entry.accountId }),
    async moveMid(price, symbol = ETH) {
      const response = await fetch(`${live.sandbox.url}/sandbox/markets/${symbol}/mid`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ price }),
      });
      expect(response.status).toBe(200);
    },
    async open(caller, quantity, symbol = ETH) {
      const input = {
        symbol,
        orderType: 'MARKET',
        side: quantity > 0 ? 'BUY' : 'SELL',
        orderQuantity: Math.abs(quantity),
      };
      const r = await harness.gql(caller, PLACE, { input });
      expect(r.data?.placeOrder?.__typename, JSON.stringify(r)).toBe('PlaceOrderSuccess');
    },
    close: () => live.close(),
  };
  return harness;
}
