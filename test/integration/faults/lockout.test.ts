// @module-tag redis
/**
 * Issue 23, item 4: the gateway must not lock itself out. Three `account` reads during a 503
 * outage, each retried, spent the 10-per-60 s `GET /v1/client/info` budget, and after the
 * upstream recovered `account` answered RATE_LIMITED for a minute. Real gateway, real
 * sandbox, faults switched over HTTP; the documented limits, unscaled.
 */
import { afterEach, expect, it } from 'vitest';
import { codes } from '../server/harness.ts';
import { type CircuitStack, INFO, startCircuitStack } from './circuit-stack.ts';
import { eventually } from './harness.ts';

const OUTAGE = { status5xx: { status: 503 }, match: { paths: [INFO] } };

let s: CircuitStack | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** A read before the outage, three during it, then the outage ends. */
async function outageOfThreeReads(stack: CircuitStack): Promise<void> {
  expect(codes(await stack.account())).toEqual([]);
  await stack.faults(OUTAGE);
  for (let i = 0; i < 3; i++) {
    expect(codes(await stack.account())).toEqual(['UPSTREAM_UNAVAILABLE']);
  }
  await stack.faults(null);
}

/** Retries took at most half of the window: the read before, 3 first attempts, 2 retries. */
const USED_BY_THE_OUTAGE = 6;

it('after the outage the next account read succeeds, not RATE_LIMITED (defaults)', async () => {
  // The default retries (2) and circuit (5 failures); only the cool-down is short.
  s = await startCircuitStack('lockout', {
    CACHE_ENABLED: 'false',
    UPSTREAM_CIRCUIT_COOLDOWN_MS: '300',
  });
  await outageOfThreeReads(s);
  const sentBefore = s.sandbox.requestCount({ path: INFO });
  // Until the cool-down ends the circuit fails reads fast; the first read after it is the
  // probe, and it finds budget.
  const answer = await eventually(
    async () => {
      const body = await s!.account();
      return codes(body)[0] === 'UPSTREAM_UNAVAILABLE' ? undefined : body;
    },
    5_000,
    'a read after the cool-down',
  );
  expect(codes(answer)).toEqual([]);
  expect(answer.data).toEqual({ account: { id: expect.any(String) } });
  expect(s.sandbox.requestCount({ path: INFO })).toBe(sentBefore + 1);
  expect(await s.budgetUsed()).toBe(USED_BY_THE_OUTAGE + 1);
  // And the reads after it.
  expect(codes(await s.account())).toEqual([]);
});

it('the retry rule alone keeps the first read after the outage its budget (no circuit)', async () => {
  s = await startCircuitStack('lockout-nocircuit', {
    CACHE_ENABLED: 'false',
    UPSTREAM_CIRCUIT_FAILURES: '0',
  });
  await outageOfThreeReads(s);
  const answer = await s.account();
  expect(codes(answer)).toEqual([]);
  expect(answer.data).toEqual({ account: { id: expect.any(String) } });
  expect(await s.budgetUsed()).toBe(USED_BY_THE_OUTAGE + 1);
});
