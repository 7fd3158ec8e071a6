/**
 * One executor, proven (issue 23): every README and docs/api.md example, every GraphiQL tab,
 * every query and mutation of operations/ and generated queries run through the production
 * path (HTTP → the gateway's yoga and every plugin) and through graphql-js's own `execute`
 * with the gateway's schema, context and upstream client (reference.ts), in two identical
 * worlds (twins.ts) under the same upstream faults, and must answer the same JSON.
 *
 * Normalized, because they legitimately differ: a UUID (the client order id the gateway
 * generates for an order placed without one) and the order of `errors` (the spec leaves it
 * open; graphql-js lists errors as resolvers fail, in upstream timing). `data` is compared as
 * text too, so field and list order count. Queries and mutations only: subscriptions stream.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../../src/schema/index.ts';
import { queryArbitrary } from '../../helpers/query-arbitrary.ts';
import { type Caller, documentSteps, remember, resolveVariables, type Step } from './documents.ts';
import { FAULTS, FLAKY, pool, setupSteps } from './generated-cases.ts';
import { type Operation, referenceExecute } from './reference.ts';
import { startTwins, type Twins } from './twins.ts';

let twins: Twins;
beforeAll(async () => {
  twins = await startTwins();
});
afterAll(() => twins?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function normalize(body: unknown): { data: string; rest: unknown } {
  const clean = JSON.parse(JSON.stringify(body), (_key, value) =>
    typeof value === 'string' && UUID.test(value) ? '<uuid>' : value,
  ) as { data?: unknown; errors?: unknown[]; [key: string]: unknown };
  const { data, errors, ...rest } = clean;
  const sorted = errors
    ?.map((e) => JSON.stringify(e))
    .sort()
    .map((e) => JSON.parse(e));
  return { data: JSON.stringify(data), rest: { ...rest, errors: sorted } };
}

interface Compared {
  /** The production answer as it came. */
  answer: { data?: unknown; errors?: unknown };
  prod: ReturnType<typeof normalize>;
  ref: ReturnType<typeof normalize>;
  same: boolean;
}

/** Runs one operation on both sides, at one sandbox time. */
async function both(op: Operation): Promise<Compared> {
  twins.tick();
  const { token, ...payload } = op;
  const response = await twins.prod.post(payload, token ? { token } : {});
  const answer = (await response.json()) as { data?: unknown; errors?: unknown };
  const [prod, ref] = [normalize(answer), normalize(await referenceExecute(twins.ref.gateway, op))];
  const same = prod.data === ref.data && JSON.stringify(prod.rest) === JSON.stringify(ref.rest);
  return { answer, prod, ref, same };
}

const tokenOf = (caller: Caller) =>
  caller === 'anonymous' ? undefined : twins.tokens[caller === 'admin' ? 'admin' : 'trader'];

/** Whether an answer has no errors: the comparison covered a full answer. */
const clean = (answer: { errors?: unknown }) => answer.errors === undefined;

async function runSteps(steps: Step[], seen: Map<string, unknown>) {
  const differing: { label: string; prod: unknown; ref: unknown }[] = [];
  const failed: string[] = [];
  for (const step of steps) {
    const variables = resolveVariables(step, seen);
    const token = tokenOf(step.caller);
    const { answer, prod, ref, same } = await both({
      query: step.query,
      variables,
      ...(step.operationName ? { operationName: step.operationName } : {}),
      ...(token ? { token } : {}),
    });
    if (!same) differing.push({ label: step.label, prod, ref });
    if (!clean(answer)) failed.push(step.label);
    remember(answer.data, seen);
  }
  return { differing, failed };
}

describe('one executor: production path and graphql-js execute answer the same JSON', () => {
  it('for every README and docs/api.md example, GraphiQL tab and operations/ document', async () => {
    const steps = documentSteps();
    expect(steps.length).toBeGreaterThan(30);
    const { differing, failed } = await runSteps(steps, new Map());
    expect(differing).toEqual([]);
    // Only the two dashboards ask for a missing order on purpose; everything else answers whole.
    expect(failed).toEqual(['docs/api.md Dashboard', 'operations/trading TradingDashboard']);
  });

  it('for the list of issue 23: a repeated id and a missing one keep their places', async () => {
    const token = twins.tokens.trader;
    const place = `mutation { placeOrder(input: { symbol: "PERP_ETH_USDC", orderType: LIMIT,
      side: BUY, orderPrice: 2000, orderQuantity: 1, clientOrderId: "a" }) { __typename } }`;
    expect((await both({ query: place, token })).same).toBe(true);
    const query = '{ orders(clientOrderIds: ["a", "a", "missing"]) { clientOrderId } }';
    const { answer, prod, ref, same } = await both({ query, token });
    expect(prod).toEqual(ref);
    expect(same).toBe(true);
    expect(answer).toMatchObject({
      data: { orders: [{ clientOrderId: 'a' }, { clientOrderId: 'a' }, null] },
      errors: [{ path: ['orders', 2], extensions: { code: 'NOT_FOUND' } }],
    });
  });

  it('for faults inside a list and under a non-null field', async () => {
    const token = twins.tokens.trader;
    const cases = [
      {
        fault: { status5xx: true, match: { paths: [FLAKY] } },
        query: '{ orders(clientOrderIds: ["flaky", "missing", "flaky"]) { clientOrderId } }',
        shape: { data: { orders: [null, null, null] } },
      },
      {
        // feeRates is [MarketFeeRates!]!: its error makes the whole account null.
        fault: { html: { status: 502 }, match: { paths: ['/v1/client/info'] } },
        query: '{ account { id feeRates { kind } } strategyVaultNonce }',
        shape: { data: { account: null, strategyVaultNonce: expect.any(Number) } },
      },
      {
        fault: { reset: 'before', match: { paths: ['/v1/orders'] } },
        query:
          '{ a: account { orders(first: 2) { totalCount edges { node { clientOrderId } } } } }',
        shape: { data: { a: { orders: null } } },
      },
    ];
    for (const { fault, query, shape } of cases) {
      await twins.faults(fault);
      try {
        const { answer, prod, ref } = await both({ query, token });
        expect(prod, query).toEqual(ref);
        expect(answer, query).toMatchObject(shape);
        expect(answer.errors, query).toContainEqual(
          expect.objectContaining({ extensions: { code: 'UPSTREAM_UNAVAILABLE' } }),
        );
      } finally {
        await twins.faults(null);
      }
    }
  });

  it('for generated queries, under upstream faults', { timeout: 120_000 }, async () => {
    expect(await runSteps(setupSteps(), new Map())).toEqual({ differing: [], failed: [] });
    const seen: Seen = { whole: 0, upstreamDown: 0, inList: 0 };
    const arbitrary = fc.record({
      caller: fc.constantFrom<Caller>('trader', 'trader', 'trader', 'admin', 'anonymous'),
      fault: fc.constantFrom(...FAULTS),
      generated: queryArbitrary(schema, pool(twins.traderAccountId)),
    });
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ caller, fault, generated }) => {
        await twins.faults(fault);
        try {
          const token = tokenOf(caller);
          const { answer, prod, ref, same } = await both({
            ...generated,
            ...(token ? { token } : {}),
          });
          count(answer, seen);
          if (!same) expect({ caller, fault, prod }).toEqual({ caller, fault, prod: ref });
        } finally {
          await twins.faults(null);
        }
      }),
      { numRuns: 150 },
    );
    // The cases cover what they are for: whole answers, the faults, errors inside lists.
    expect(seen.whole).toBeGreaterThan(15);
    expect(seen.upstreamDown).toBeGreaterThan(0);
    expect(seen.inList).toBeGreaterThan(0);
  });
});

type Seen = Record<'whole' | 'upstreamDown' | 'inList', number>;
type ErrorJson = { path?: (string | number)[]; extensions?: { code?: string } };

/** Counts whole answers, upstream failures and errors at a list index. */
function count(answer: Compared['answer'], seen: Seen) {
  const errors = (answer.errors ?? []) as ErrorJson[];
  if (clean(answer)) seen.whole++;
  if (errors.some((e) => e.extensions?.code === 'UPSTREAM_UNAVAILABLE')) seen.upstreamDown++;
  if (errors.some((e) => e.path?.some((p) => typeof p === 'number'))) seen.inList++;
}
