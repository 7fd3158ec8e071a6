// @module-tag redis-server
/**
 * Property: one key, one upstream effect, one answer. fast-check generates interleavings of
 * placeOrder repeats (single and concurrent, on two gateways sharing a Redis of the test's
 * own), sandbox faults that lose or delay answers after processing, and Redis kills and
 * restarts (records lost). After every step the upstream holds at most one order for the
 * key and every success names it; at the end, faults over and Redis back, a retry returns it.
 *
 * numRuns is kept small (each faulted placement takes up to the placement bound).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSandbox, type FaultConfig, type Sandbox } from '../../../src/sandbox/index.ts';
import { type RedisProcess, startRedisProcess } from '../resilience/redis-process.ts';
import {
  type GraphQLBody,
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  type TestCaller,
  uniquePrefix,
} from '../server/harness.ts';
import {
  clearFaults,
  PLACE,
  type PlaceAnswer,
  restingOrder,
  setFaults,
  upstreamOrders,
} from './harness.ts';

const RUNS = 12;
const CALLERS = RUNS + 4;
const MATCH = {
  methods: ['POST', 'GET'],
  paths: ['/v1/order', { pattern: '^/v1/client/order/' }],
} as unknown as FaultConfig['match'];
const FAULTS: FaultConfig[] = [
  { reset: 'after' },
  { status5xx: true, when: 'after' },
  { html: true, when: 'after' },
  { malformedJson: true, when: 'after' },
  { latencyMs: 400, when: 'after' },
];

type Step =
  | { kind: 'place'; gateway: 0 | 1; copies: number }
  | { kind: 'fault'; fault: number }
  | { kind: 'clear' }
  | { kind: 'kill-redis' }
  | { kind: 'start-redis' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      gateway: fc.constantFrom(0 as const, 1 as const),
      copies: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('fault' as const),
      fault: fc.integer({ min: 0, max: FAULTS.length - 1 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'kill-redis' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'start-redis' as const }) },
);

let redis: RedisProcess;
let redisUp = true;
let sandbox: Sandbox;
let gateways: [Running, Running];
const pool: TestCaller[] = Array.from({ length: CALLERS }, (_, i) =>
  makeCaller(`prop-${i}`, 'trader'),
);

beforeAll(async () => {
  redis = await startRedisProcess();
  sandbox = await createSandbox({ limits: { scale: 1_000 } });
  registerCallers(sandbox, pool);
  const prefix = uniquePrefix('idem-property');
  const start = () =>
    startGateway({
      prefix,
      upstreamUrl: sandbox.url,
      keystore: { principals: pool.map((c) => c.entry) },
      env: {
        REDIS_URL: redis.url,
        LOG_LEVEL: 'error',
        UPSTREAM_TIMEOUT_MS: '200',
        UPSTREAM_RETRY_MAX: '1',
        UPSTREAM_RETRY_BASE_MS: '10',
        UPSTREAM_RETRY_CAP_MS: '20',
        UPSTREAM_BUDGET_WAIT_MS: '0',
        UPSTREAM_LIMIT_SCALE: '1000',
        CACHE_ENABLED: 'false',
        GATEWAY_REPLICAS: '2',
        // A run's faults may open a route's circuit: short, so the final retry soon probes.
        UPSTREAM_CIRCUIT_COOLDOWN_MS: '100',
      },
    });
  gateways = [await start(), await start()];
}, 30_000);
afterAll(async () => {
  await Promise.all((gateways ?? []).map((g) => g?.close()));
  await sandbox?.close();
  await redis?.close();
});

async function place(gateway: Running, caller: TestCaller, input: object) {
  const { body } = (await gateway.gql(PLACE, { token: caller.token, variables: { input } })) as {
    body: GraphQLBody;
  };
  return body;
}

/**
 * A placement that an open circuit failed fast (nothing sent: "retry after N ms") is sent
 * again until the circuit lets it through, within a deadline.
 */
async function placeOnceProbed(gateway: Running, caller: TestCaller, input: object) {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const body = await place(gateway, caller, input);
    const answer = body.data?.placeOrder as PlaceAnswer | undefined;
    const failedFast = /retry after \d+ ms$/.test(answer?.message ?? '');
    if (!failedFast || performance.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a caller may be told: the order, "unavailable" or "in progress" — never anything else. */
function checkAnswer(body: GraphQLBody, orderId: number | undefined) {
  const codes = (body.errors ?? []).map((e) => e.extensions?.code);
  if (codes.length > 0) {
    expect(codes).toEqual(['IDEMPOTENCY_IN_PROGRESS']);
    return;
  }
  const answer = body.data?.placeOrder as PlaceAnswer;
  if (answer.__typename === 'UpstreamUnavailableError') return;
  expect(answer.__typename).toBe('PlaceOrderSuccess');
  expect(answer.receipt?.orderId).toBe(orderId);
}

it('one key, one upstream effect, one answer', { timeout: 120_000 }, async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 6 }), async (steps) => {
      const caller = pool[run++]!;
      const input = restingOrder(`prop-${run}`);
      const ordersNow = async () =>
        (await upstreamOrders(sandbox.url, caller.entry.accountId)).filter(
          (o) => o.client_order_id === input.clientOrderId,
        );
      try {
        for (const s of steps) {
          if (s.kind === 'fault')
            await setFaults(sandbox.url, { ...FAULTS[s.fault], match: MATCH });
          if (s.kind === 'clear') await clearFaults(sandbox.url);
          if (s.kind === 'kill-redis' && redisUp) {
            await redis.kill();
            redisUp = false;
          }
          if (s.kind === 'start-redis' && !redisUp) {
            await redis.start();
            redisUp = true;
          }
          if (s.kind === 'place') {
            const answers = await Promise.all(
              Array.from({ length: s.copies }, () => place(gateways[s.gateway], caller, input)),
            );
            const orders = await ordersNow();
            console.log(
              run,
              JSON.stringify(s),
              redisUp,
              JSON.stringify(answers.map((a) => a.data?.placeOrder ?? a.errors)),
            );
            expect(orders.length).toBeLessThanOrEqual(1);
            for (const body of answers) checkAnswer(body, orders[0]?.order_id);
          }
        }
        // Faults over, Redis back: the retry returns the one order (placing it if none was).
        await clearFaults(sandbox.url);
        if (!redisUp) {
          await redis.start();
          redisUp = true;
        }
        const final = await placeOnceProbed(gateways[(run % 2) as 0 | 1], caller, input);
        const orders = await ordersNow();
        expect(orders).toHaveLength(1);
        expect(final.errors).toBeUndefined();
        expect(final.data?.placeOrder).toMatchObject({
          __typename: 'PlaceOrderSuccess',
          receipt: { orderId: orders[0]!.order_id },
        });
      } finally {
        await clearFaults(sandbox.url);
      }
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
});
