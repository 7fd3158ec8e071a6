/**
 * The fault suite's stack: a sandbox whose faults the test switches, and a real gateway in
 * front of it over HTTP (port 0, Redis under a unique prefix), configured with a short
 * upstream timeout so that every bound below stays small. Each test takes callers of its own,
 * so order counts, budgets and blocks never leak between tests.
 */
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import {
  callerPool,
  codes,
  type GraphQLBody,
  type Running,
  registerCallers,
  startGateway,
  type TestCaller,
  uniquePrefix,
} from '../server/harness.ts';

export { codes, type GraphQLBody };

/** The gateway's upstream settings in this suite. */
export const TIMEOUT_MS = 300;
export const RETRY_MAX = 1;
export const RETRY_CAP_MS = 40;
/** Slack for scheduling on a busy machine: what separates "bounded" from "hung". */
export const MARGIN_MS = 1_000;

/** Longest a read may take: every attempt times out, every backoff is the cap. */
export const READ_BOUND_MS = (RETRY_MAX + 1) * (TIMEOUT_MS + RETRY_CAP_MS);
/**
 * Longest a placeOrder may take: each send times out, then its read-back takes a whole read;
 * a send is repeated at most RETRY_MAX times (only after a read-back found nothing).
 */
export const ORDER_BOUND_MS = (RETRY_MAX + 1) * (TIMEOUT_MS + RETRY_CAP_MS + READ_BOUND_MS);

export const ACCOUNT = '{ account { id } }';
export const ORDER_BY_ID = `query($id: String!) { order(clientOrderId: $id) { clientOrderId status } }`;
export const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    __typename
    ... on PlaceOrderSuccess { receipt { clientOrderId orderId } }
    ... on Error { code message }
    ... on RateLimitedError { retryAfterMs }
  }
}`;
export const orderInput = (clientOrderId?: string) => ({
  symbol: 'PERP_ETH_USDC',
  orderType: 'LIMIT',
  side: 'BUY',
  orderPrice: 2_000,
  orderQuantity: 0.1,
  ...(clientOrderId ? { clientOrderId } : {}),
});

export interface Timed<T> {
  result: T;
  elapsedMs: number;
}

export interface FaultStack {
  sandbox: Sandbox;
  gw: Running;
  /** A caller of its own (registered in the sandbox and the gateway's keystore). */
  caller(): TestCaller;
  /** A GraphQL request as `caller`, timed from send to parsed answer. */
  gql(
    caller: TestCaller,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<Timed<{ status: number; body: GraphQLBody }>>;
  /** Whether the gateway process still serves: liveness and a query that needs no upstream. */
  serving(): Promise<boolean>;
  close(): Promise<void>;
}

export async function startFaultStack(name: string, callers = 40): Promise<FaultStack> {
  // Limits raised: this suite exercises the fault layer's 429s, not the sandbox's own.
  const sandbox = await createSandbox({ limits: { scale: 1_000 } });
  const pool = callerPool('fault', callers);
  registerCallers(sandbox, pool.all);
  const gw = await startGateway({
    prefix: uniquePrefix(name),
    upstreamUrl: sandbox.url,
    keystore: { principals: pool.all.map((c) => c.entry) },
    env: {
      LOG_LEVEL: 'warn',
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
      UPSTREAM_RETRY_MAX: String(RETRY_MAX),
      UPSTREAM_RETRY_BASE_MS: '20',
      UPSTREAM_RETRY_CAP_MS: String(RETRY_CAP_MS),
      // A blocked budget fails at once (RATE_LIMITED) instead of waiting.
      UPSTREAM_BUDGET_WAIT_MS: '0',
      UPSTREAM_LIMIT_SCALE: '1000',
      // Every read reaches the upstream, so every read meets the fault.
      CACHE_ENABLED: 'false',
      // Fault modes run back to back on shared routes: a circuit (circuit.test.ts) would open
      // on one test's failures and fail the next one's calls fast.
      UPSTREAM_CIRCUIT_FAILURES: '0',
    },
  });
  return {
    sandbox,
    gw,
    caller: pool.next,
    async gql(caller, query, variables) {
      const started = performance.now();
      const result = await gw.gql(query, {
        token: caller.token,
        ...(variables ? { variables } : {}),
      });
      return { result, elapsedMs: performance.now() - started };
    },
    async serving() {
      const health = await fetch(`${gw.origin}/health`);
      await health.arrayBuffer();
      const { body } = await gw.gql('{ __typename }', { token: pool.all[0]!.token });
      return health.status === 200 && body.data?.__typename === 'Query';
    },
    async close() {
      await gw.close();
      await sandbox.close();
    },
  };
}

/** Polls `attempt` until it returns a value, or fails after `timeoutMs` with the last one. */
export async function eventually<T>(
  attempt: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (let delay = 10; ; delay = Math.min(delay * 2, 100)) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
