// @module-tag redis
/**
 * "No operation outlives its deadline under any sandbox fault mode": a read (`account`) and a
 * placeOrder through the real gateway over HTTP, for every fault mode of the sandbox, with a
 * short operation deadline (UPSTREAM_DEADLINE_MS) and an attempt timeout far longer than it,
 * so that only the deadline can bound the answer. Each fault adds latency, so that the
 * gateway's retries, backoffs and read-backs would outlive the deadline were it not kept.
 *
 * The answer time is a bound with a generous margin (deadline + 1.5 s for a busy machine),
 * not a benchmark; where the deadline is what ends the operation, the error says so.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type FaultConfig, type Sandbox } from '../../../src/sandbox/index.ts';
import {
  callerPool,
  type GraphQLBody,
  type Running,
  registerCallers,
  startGateway,
  type TestCaller,
  uniquePrefix,
} from '../server/harness.ts';
import { ACCOUNT, orderInput, PLACE } from './harness.ts';

const DEADLINE_MS = 800;
/** Scheduling slack on a shared 2-core machine: what separates "bounded" from "hung". */
const MARGIN_MS = 1_500;
/** Per attempt: far past the deadline, so the deadline is what cuts an attempt short. */
const TIMEOUT_MS = 10_000;

let sandbox: Sandbox;
let gw: Running;
const pool = callerPool('deadline', 30);
const caller = pool.next;

beforeAll(async () => {
  sandbox = await createSandbox({ limits: { scale: 1_000 } });
  registerCallers(sandbox, pool.all);
  gw = await startGateway({
    prefix: uniquePrefix('faults-deadline'),
    upstreamUrl: sandbox.url,
    keystore: { principals: pool.all.map((c) => c.entry) },
    env: {
      LOG_LEVEL: 'warn',
      UPSTREAM_DEADLINE_MS: String(DEADLINE_MS),
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
      UPSTREAM_RETRY_MAX: '5',
      UPSTREAM_RETRY_BASE_MS: '100',
      UPSTREAM_RETRY_CAP_MS: '200',
      // Longer than the deadline: only the deadline can refuse a budget wait.
      UPSTREAM_BUDGET_WAIT_MS: '15000',
      UPSTREAM_LIMIT_SCALE: '1000',
      CACHE_ENABLED: 'false',
      // Every mode must meet the deadline, not a circuit its predecessors opened
      // (circuits: circuit.test.ts).
      UPSTREAM_CIRCUIT_FAILURES: '0',
    },
  });
});
afterAll(async () => {
  await gw?.close();
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.setFaults(null);
});

async function timed(c: TestCaller, query: string, variables?: Record<string, unknown>) {
  const started = performance.now();
  const { status, body } = await gw.gql(query, {
    token: c.token,
    ...(variables ? { variables } : {}),
  });
  return { status, body, elapsedMs: performance.now() - started };
}

const DEADLINE_HIT = new RegExp(`deadline of ${DEADLINE_MS} ms hit at `);

interface Mode {
  name: string;
  faults: FaultConfig;
  /** Whether the deadline is what ends the read (`maybe`: its own outcome may come first). */
  readHitsDeadline: true | 'maybe';
  placeHitsDeadline: true | 'maybe';
}

// Every mode of src/sandbox/faults.ts, on every path (the read-back of an order included).
const MODES: Mode[] = [
  {
    name: 'latency before processing',
    faults: { latencyMs: 3_000 },
    readHitsDeadline: true,
    placeHitsDeadline: true,
  },
  {
    name: 'latency after processing',
    faults: { latencyMs: 3_000, when: 'after' },
    readHitsDeadline: true,
    placeHitsDeadline: true,
  },
  {
    name: '5xx (JSON -1000)',
    faults: { status5xx: true, latencyMs: 300 },
    readHitsDeadline: true,
    placeHitsDeadline: true,
  },
  {
    name: 'HTML 502 page',
    faults: { html: true, latencyMs: 300 },
    readHitsDeadline: true,
    placeHitsDeadline: true,
  },
  {
    name: 'reset before processing',
    faults: { reset: 'before', latencyMs: 300 },
    readHitsDeadline: true,
    placeHitsDeadline: true,
  },
  {
    name: 'reset after processing',
    faults: { reset: 'after', latencyMs: 300 },
    readHitsDeadline: true,
    placeHitsDeadline: true,
  },
  // A garbled 200 is not retried: the read fails on its own (unless a loaded machine makes
  // that one attempt outlast the deadline); the order is read back (ambiguous), and that
  // read-back meets the deadline.
  {
    name: 'malformed JSON',
    faults: { malformedJson: true, latencyMs: 300 },
    readHitsDeadline: 'maybe',
    placeHitsDeadline: 'maybe',
  },
  // An upstream 429 is answered at once as RATE_LIMITED (never retried).
  {
    name: '429 burst',
    faults: { rateLimitBurst: { retryAfterSec: 2 }, latencyMs: 300 },
    readHitsDeadline: 'maybe',
    placeHitsDeadline: 'maybe',
  },
  // Re-signed once in server time: done within the deadline, or cut by it.
  {
    name: 'clock skew (10 min ahead)',
    faults: { clockSkewMs: 600_000, latencyMs: 300 },
    readHitsDeadline: 'maybe',
    placeHitsDeadline: 'maybe',
  },
];

function expectDeadline(message: string | undefined, hits: true | 'maybe') {
  if (hits === true) expect(message).toMatch(DEADLINE_HIT);
}

describe.each(MODES)('$name', (mode) => {
  it('a read answers within the deadline', async () => {
    sandbox.setFaults(mode.faults);
    const { status, body, elapsedMs } = await timed(caller(), ACCOUNT);
    expect(status).toBe(200);
    expect(elapsedMs).toBeLessThan(DEADLINE_MS + MARGIN_MS);
    const [error] = (body as GraphQLBody).errors ?? [];
    if (error === undefined) {
      expect(mode.readHitsDeadline).not.toBe(true);
      return;
    }
    expect(['UPSTREAM_UNAVAILABLE', 'RATE_LIMITED']).toContain(error.extensions?.code);
    expectDeadline(error.message, mode.readHitsDeadline);
    if (DEADLINE_HIT.test(error.message)) {
      expect(error.extensions).toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        deadlineMs: DEADLINE_MS,
      });
    }
  });

  it('a placeOrder answers within the deadline and leaves at most one order', async () => {
    const c = caller();
    sandbox.setFaults(mode.faults);
    const { status, body, elapsedMs } = await timed(c, PLACE, { input: orderInput() });
    expect(status).toBe(200);
    expect(elapsedMs).toBeLessThan(DEADLINE_MS + MARGIN_MS);
    expect(body.errors).toBeUndefined();
    const placed = body.data?.placeOrder as { __typename: string; code?: string; message?: string };
    if (placed.__typename !== 'PlaceOrderSuccess') {
      expect(['UpstreamUnavailableError', 'RateLimitedError']).toContain(placed.__typename);
      expectDeadline(placed.message, mode.placeHitsDeadline);
      // Cut short after the send may have left: the caller is told to look the order up.
      if (placed.message && DEADLINE_HIT.test(placed.message)) {
        expect(placed.message).toMatch(
          /(order state unknown \(client_order_id [0-9a-f-]{36}\); not resent)|(budget wait)/,
        );
      }
    } else {
      expect(mode.placeHitsDeadline).not.toBe(true);
    }
    // Never a blind resend: at most one order, however the fault played out.
    expect(sandbox.orders(c.entry.accountId).length).toBeLessThanOrEqual(1);
  });
});

describe('budget waits', () => {
  it('a wait for budget that cannot end before the deadline is not begun', async () => {
    const c = caller();
    // One upstream 429 with Retry-After 10 s blocks this account's key for 10 s: a wait that
    // fits UPSTREAM_BUDGET_WAIT_MS (whatever the machine's load) but never the deadline.
    sandbox.setFaults({ rateLimitBurst: { retryAfterSec: 10 }, count: 1 });
    const first = await timed(c, ACCOUNT);
    expect(first.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    sandbox.setFaults(null);
    const before = sandbox.requestCount({ path: '/v1/client/info', accountId: c.entry.accountId });
    const second = await timed(c, ACCOUNT);
    expect(second.elapsedMs).toBeLessThan(DEADLINE_MS + MARGIN_MS);
    expect(second.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(
        /deadline of 800 ms hit at budget wait; a \d+ ms wait would pass it/,
      ),
      extensions: { code: 'UPSTREAM_UNAVAILABLE', deadlineMs: DEADLINE_MS },
    });
    expect(sandbox.requestCount({ path: '/v1/client/info', accountId: c.entry.accountId })).toBe(
      before,
    );
  });
});
