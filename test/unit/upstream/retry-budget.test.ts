/**
 * Retries never starve the budget (retry.ts, rate-limit.ts): the retry, circuit and budget
 * layers composed over a real memory store, a scripted upstream and a clock the test moves.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG, type Operation } from '../../../src/upstream/catalog.ts';
import { CircuitOpenError, Circuits } from '../../../src/upstream/circuit.ts';
import { withCircuit } from '../../../src/upstream/circuit-layer.ts';
import { UnavailableError } from '../../../src/upstream/errors.ts';
import { StoreHealth } from '../../../src/upstream/health.ts';
import { type Call, compose } from '../../../src/upstream/pipeline.ts';
import { withBudget } from '../../../src/upstream/rate-limit.ts';
import { markUnsent, withRetry } from '../../../src/upstream/retry.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';

const call = (op: Operation): Call => ({
  op,
  args: {},
  account: null,
  scope: { kind: 'account', accountId: '0xacc' },
  stats: { cache: 'bypass', budgetWaitMs: 0, attempts: 0 },
});

const HTTP_503 = (op: string) => new UnavailableError(op, 'server_error', 'HTTP 503');
/** Nothing left the host: any operation may be retried. */
const REFUSED = (op: string) =>
  markUnsent(new UnavailableError(op, 'connection', 'could not connect (ECONNREFUSED)'));

/** retry (2 retries) → circuit → budget (no wait) → an upstream the test takes down. */
function stack(circuitFailures: number) {
  let now = 1_000_000;
  let down: ((op: string) => Error) | undefined;
  const sent: Array<'first' | 'retry'> = [];
  const upstream = async (c: Call) => {
    sent.push(c.spare ? 'retry' : 'first');
    if (down) throw down(c.op.name);
    return 'ok';
  };
  const handler = compose(
    [
      withRetry({ policy: { max: 2, baseMs: 1, capMs: 1 }, sleep: async () => {} }),
      withCircuit(new Circuits({ failures: circuitFailures, cooldownMs: 1_000, now: () => now })),
      withBudget({
        store: createMemoryStore(),
        fallback: createMemoryStore(),
        health: new StoreHealth(),
        now: () => now,
        waitMs: 0,
      }),
    ],
    upstream,
  );
  return {
    read: (op: Operation = CATALOG.accountInfo) => handler(call(op)),
    sent,
    outage: (on: boolean, error = HTTP_503) => {
      down = on ? error : undefined;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** The issue: one read, then three during a 503 outage, then the outage ends. */
async function issueScenario(s: ReturnType<typeof stack>) {
  await expect(s.read()).resolves.toBe('ok');
  s.outage(true);
  for (let i = 0; i < 3; i++) {
    await expect(s.read()).rejects.toBeInstanceOf(UnavailableError);
  }
  s.outage(false);
}

describe('retries keep half of the budget', () => {
  it('the first read after the outage is not refused (no circuit: the reserve alone)', async () => {
    const s = stack(0);
    await issueScenario(s);
    // 10 per 60 s: retries only while fewer than 5 were used, so the outage took 5, not 9.
    expect(s.sent).toEqual(['first', 'first', 'retry', 'retry', 'first', 'first']);
    s.advance(10);
    await expect(s.read()).resolves.toBe('ok');
    // Callers' own reads still have the rest of the window.
    for (let i = 0; i < 3; i++) await expect(s.read()).resolves.toBe('ok');
  });

  it('a refused retry answers the failure it retried, not RATE_LIMITED', async () => {
    const s = stack(0);
    for (let i = 0; i < 5; i++) await s.read();
    s.outage(true);
    const error = await s.read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error).toMatchObject({ reason: 'server_error' });
    expect(s.sent.slice(5)).toEqual(['first']);
  });

  it('a route allowing 1 per window is never retried', async () => {
    const s = stack(0);
    s.outage(true, REFUSED);
    const once = CATALOG.updateOrderTagFeeConfig;
    await expect(s.read(once)).rejects.toMatchObject({ reason: 'connection' });
    expect(s.sent).toEqual(['first']);
    // A route of 10 per second is, while its window is less than half used.
    await expect(s.read(CATALOG.holdings)).rejects.toMatchObject({ reason: 'connection' });
    expect(s.sent).toEqual(['first', 'first', 'retry', 'retry']);
  });

  it('routes without a documented limit retry as before', async () => {
    const s = stack(0);
    s.outage(true);
    await expect(s.read(CATALOG.orderByClientOrderId)).rejects.toBeInstanceOf(UnavailableError);
    expect(s.sent).toEqual(['first', 'retry', 'retry']);
  });

  it('with the circuit: the outage costs at most its threshold, the probe gets through', async () => {
    const s = stack(3);
    await issueScenario(s);
    // Read 1: three attempts open the circuit; reads 2 and 3 fail fast, sending nothing.
    expect(s.sent).toEqual(['first', 'first', 'retry', 'retry']);
    await expect(s.read()).rejects.toBeInstanceOf(CircuitOpenError);
    s.advance(1_000);
    await expect(s.read()).resolves.toBe('ok');
    expect(s.sent).toHaveLength(5);
  });
});
