/**
 * The real stack in-process for GraphQL integration tests: the sandbox over real HTTP on an
 * ephemeral port, the real upstream client (memory store) and a minimal yoga app over the
 * schema. The caller's role is chosen per operation; principals use the sandbox's demo keys.
 */
import { createYoga } from 'graphql-yoga';
import type { Principal, Role } from '../../src/auth/principal.ts';
import { createGatewayContext } from '../../src/resolvers/context.ts';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { schema } from '../../src/schema/index.ts';
import { createUpstreamClient, type UpstreamClient } from '../../src/upstream/client.ts';
import { createMemoryStore } from '../../src/upstream/stores/index.ts';

export type Caller = 'anonymous' | 'trader' | 'admin';

export interface GraphQLErrorJson {
  message: string;
  path?: (string | number)[];
  extensions?: Record<string, unknown> & { code?: string };
}

export interface GraphQLResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: GraphQLErrorJson[];
}

export interface Harness {
  sandbox: Sandbox;
  upstream: UpstreamClient;
  principals: { trader: Principal; admin: Principal };
  /** Executes one operation as `caller` (or any principal) through yoga (in-process fetch). */
  exec<T = Record<string, unknown>>(
    caller: Caller | Principal,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLResult<T>>;
  /** Sandbox requests since the last `resetRequestLog()` (or start). */
  upstreamCalls(filter?: Parameters<Sandbox['requestCount']>[0]): number;
  /** Moves the shared clock (sandbox and client) forward. */
  advance(ms: number): void;
  /** The shared clock's time, ms (for a direct sandbox client's signatures). */
  now(): number;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Sandbox limits (`false`: off). @default { scale: 1 } */
  limits?: { scale?: number } | false;
  /** Client cache. @default true */
  cache?: boolean;
  /** The sandbox's time per withdrawal status (real time). @default 1000 */
  withdrawalStepMs?: number;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  // One manual clock for both sides: rate-limit windows move only when a test says so.
  let now = Date.now();
  const clock = () => now;
  const sandbox = await createSandbox({
    clock,
    limits: options.limits ?? { scale: 1 },
    withdrawalStepMs: options.withdrawalStepMs,
  });
  const demo = sandbox.demo;
  if (!demo) throw new Error('sandbox started without demo accounts');
  const upstream = createUpstreamClient({
    baseUrl: sandbox.url,
    now: clock,
    store: createMemoryStore({ now: clock }),
    config: {
      timeoutMs: 5_000,
      retry: { max: 0, baseMs: 10, capMs: 50 },
      budgetWaitMs: 0,
      recvWindowMs: undefined,
      cache: {
        enabled: options.cache ?? true,
        accountTtlMs: 5_000,
        openOrderTtlMs: 1_000,
        finalOrderTtlMs: 60_000,
        referralTtlMs: 5_000,
      },
    },
  });
  const principal = (label: string, role: Role, c: typeof demo.trader): Principal => ({
    label,
    role,
    developer: false,
    credentials: { accountId: c.accountId, secret: c.secret, tradingSecret: c.tradingSecret },
  });
  const principals = {
    trader: principal('trader', 'trader', demo.trader),
    admin: principal('admin', 'broker_admin', demo.admin),
  };
  const byHeader = new Map<string, Principal>([
    ['trader', principals.trader],
    ['admin', principals.admin],
  ]);
  const yoga = createYoga({
    schema,
    logging: false,
    graphiql: false,
    context: ({ request }) => {
      const caller = request.headers.get('x-test-caller') ?? 'anonymous';
      return createGatewayContext(byHeader.get(caller) ?? null, upstream);
    },
  });

  return {
    sandbox,
    upstream,
    principals,
    async exec(caller, query, variables) {
      let header = typeof caller === 'string' ? caller : `principal:${caller.label}`;
      if (typeof caller !== 'string') byHeader.set(header, caller);
      if (caller === 'anonymous') header = 'anonymous';
      const response = await yoga.fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test-caller': header },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as GraphQLResult<never>;
    },
    upstreamCalls: (filter) => sandbox.requestCount(filter),
    advance(ms) {
      now += ms;
    },
    now: clock,
    async close() {
      await upstream.close();
      await sandbox.close();
    },
  };
}

/** The codes of a result's errors, in order. */
export const errorCodes = (result: GraphQLResult<unknown>): (string | undefined)[] =>
  (result.errors ?? []).map((e) => e.extensions?.code);

/** A mutation result's selection that reads its `InputError` member in full. */
export const INPUT_ERROR =
  '__typename ... on InputError { code message field rule upstreamCode issues { field rule message } }';

export interface InputErrorJson {
  __typename: 'InputError';
  code: string;
  message: string;
  field: string | null;
  rule: string;
  upstreamCode: number;
  issues: { field: string; rule: string; message: string }[];
}

/**
 * The `InputError` member a mutation answered with (its root field `name`, or the first root
 * field that is one); undefined when there is none. A mutation's input failure is never in
 * `errors`: the result has none.
 */
export function inputError(
  result: GraphQLResult<unknown>,
  name?: string,
): InputErrorJson | undefined {
  const data = (result.data ?? {}) as Record<string, { __typename?: string } | null>;
  const values = name === undefined ? Object.values(data) : [data[name]];
  return values.find((v) => v?.__typename === 'InputError') as InputErrorJson | undefined;
}
