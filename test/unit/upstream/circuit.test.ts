/**
 * The circuit per route (circuit.ts) and its layer, on an injected clock: no waiting for
 * cool-downs.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG, type Operation } from '../../../src/upstream/catalog.ts';
import { CircuitOpenError, Circuits } from '../../../src/upstream/circuit.ts';
import { verdictOf, withCircuit } from '../../../src/upstream/circuit-layer.ts';
import { CallAbortedError, DeadlineExceededError } from '../../../src/upstream/deadline.ts';
import {
  MalformedResponseError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
  UpstreamRejectedError,
} from '../../../src/upstream/errors.ts';
import type { Call } from '../../../src/upstream/pipeline.ts';
import { wasSent } from '../../../src/upstream/retry.ts';

const unavailable = new UnavailableError('accountInfo', 'server_error', 'HTTP 503');
const rejected = new UpstreamRejectedError('accountInfo', -1006, 'not found', 404);

const call = (op: Operation = CATALOG.accountInfo): Call => ({
  op,
  args: {},
  account: null,
  scope: { kind: 'global' },
  stats: { cache: 'bypass', budgetWaitMs: 0, attempts: 0 },
});

/** A circuit layer over a scripted upstream, on a clock the test moves. */
function setup(failures = 3, cooldownMs = 1_000) {
  let now = 0;
  const circuits = new Circuits({ failures, cooldownMs, probeMs: 200, now: () => now });
  let answer: () => Promise<unknown> = async () => 'ok';
  let sent = 0;
  const handler = withCircuit(circuits)(async () => {
    sent++;
    return answer();
  });
  return {
    circuits,
    handler,
    sent: () => sent,
    answer: (next: () => Promise<unknown>) => {
      answer = next;
    },
    advance: (ms: number) => {
      now += ms;
    },
    state: (route = 'accountInfo') => circuits.snapshot()[route],
  };
}

describe('verdictOf', () => {
  it('counts only "upstream unavailable" failures; answers prove the upstream is there', () => {
    expect(verdictOf(unavailable)).toBe('failure');
    expect(verdictOf(new UnavailableError('op', 'timeout', 'no answer'))).toBe('failure');
    expect(verdictOf(new UnavailableError('op', 'connection', 'ECONNREFUSED'))).toBe('failure');
    expect(verdictOf(new UnavailableError('op', 'connection', 'ECONNRESET'))).toBe('failure');
    expect(verdictOf(rejected)).toBe('success');
    expect(verdictOf(new UpstreamRejectedError('op', -1005, 'bad', 400))).toBe('success');
    expect(verdictOf(new UnauthorizedError('op', -1002, 'expired'))).toBe('success');
    expect(verdictOf(new MalformedResponseError('op', 200, 'not JSON'))).toBe('success');
  });

  it('says nothing of budget refusals, deadlines, aborts, fail-fasts and local errors', () => {
    expect(verdictOf(new RateLimitedError('op', 100, 'budget'))).toBe('neutral');
    expect(verdictOf(new RateLimitedError('op', 100, 'upstream'))).toBe('neutral');
    expect(verdictOf(new DeadlineExceededError('op', 800, 'attempt 1'))).toBe('neutral');
    expect(verdictOf(new CallAbortedError('op', 'attempt 1'))).toBe('neutral');
    expect(verdictOf(new CircuitOpenError('op', 100))).toBe('neutral');
    expect(verdictOf(new TypeError('no trading secret'))).toBe('neutral');
  });
});

describe('circuit per route', () => {
  it('opens after N consecutive unavailable attempts, then fails fast without sending', async () => {
    const c = setup(3);
    c.answer(() => Promise.reject(unavailable));
    for (let i = 0; i < 3; i++) await expect(c.handler(call())).rejects.toBe(unavailable);
    expect(c.state()).toMatchObject({ state: 'open', opened: 1 });
    expect(c.sent()).toBe(3);

    c.advance(400);
    const error = await c.handler(call()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CircuitOpenError);
    expect(error).toMatchObject({ kind: 'unavailable', reason: 'circuit_open', retryAfterMs: 600 });
    expect(wasSent(error as Error)).toBe(false);
    expect(c.sent()).toBe(3);
    expect(c.state()).toMatchObject({ state: 'open', failedFast: 1 });
  });

  it('is per route: another route still goes out', async () => {
    const c = setup(2);
    c.answer(() => Promise.reject(unavailable));
    for (let i = 0; i < 2; i++) await expect(c.handler(call())).rejects.toBe(unavailable);
    c.answer(async () => 'positions');
    await expect(c.handler(call(CATALOG.positions))).resolves.toBe('positions');
    expect(c.state('positions')?.state).toBe('closed');
    expect(c.state()?.state).toBe('open');
  });

  it('a success in between resets the count; 4xx answers never open it', async () => {
    const c = setup(3);
    for (let round = 0; round < 4; round++) {
      c.answer(() => Promise.reject(unavailable));
      for (let i = 0; i < 2; i++) await expect(c.handler(call())).rejects.toBe(unavailable);
      c.answer(() => Promise.reject(rejected));
      await expect(c.handler(call())).rejects.toBe(rejected);
    }
    for (let i = 0; i < 10; i++) await expect(c.handler(call())).rejects.toBe(rejected);
    expect(c.state()).toMatchObject({ state: 'closed', opened: 0, consecutiveFailures: 0 });
    expect(c.sent()).toBe(22);
  });

  it('half-open lets exactly one probe through, fails the others fast, closes on success', async () => {
    const c = setup(2, 1_000);
    c.answer(() => Promise.reject(unavailable));
    for (let i = 0; i < 2; i++) await expect(c.handler(call())).rejects.toBe(unavailable);
    c.advance(1_000);
    expect(c.state()).toMatchObject({ state: 'half_open', probing: false });

    let release: (value: string) => void = () => {};
    c.answer(() => new Promise((resolve) => (release = resolve)));
    const probe = c.handler(call());
    expect(c.state()).toMatchObject({ state: 'half_open', probing: true });
    c.advance(50);
    const others = await Promise.all([1, 2, 3].map(() => c.handler(call()).catch((e) => e)));
    for (const other of others) {
      expect(other).toBeInstanceOf(CircuitOpenError);
      // The hint: until the probe's bound (probeMs 200, 50 ms of it gone).
      expect(other).toMatchObject({ retryAfterMs: 150 });
    }
    expect(c.sent()).toBe(3);

    release('recovered');
    await expect(probe).resolves.toBe('recovered');
    expect(c.state()).toMatchObject({ state: 'closed', probing: false, consecutiveFailures: 0 });
    c.answer(async () => 'ok');
    await expect(c.handler(call())).resolves.toBe('ok');
    expect(c.sent()).toBe(4);
  });

  it('a failed probe opens it again for a whole cool-down', async () => {
    const c = setup(2, 1_000);
    c.answer(() => Promise.reject(unavailable));
    for (let i = 0; i < 2; i++) await expect(c.handler(call())).rejects.toBe(unavailable);
    c.advance(1_500);
    await expect(c.handler(call())).rejects.toBe(unavailable);
    expect(c.state()).toMatchObject({ state: 'open', opened: 2 });
    c.advance(999);
    await expect(c.handler(call())).rejects.toMatchObject({ retryAfterMs: 1 });
    expect(c.sent()).toBe(3);
    c.advance(1);
    c.answer(async () => 'ok');
    await expect(c.handler(call())).resolves.toBe('ok');
    expect(c.state()?.state).toBe('closed');
  });

  it('a probe that says nothing (budget refusal, abort) frees the slot for the next caller', async () => {
    const c = setup(1, 1_000);
    c.answer(() => Promise.reject(unavailable));
    await expect(c.handler(call())).rejects.toBe(unavailable);
    c.advance(1_000);
    const refusal = new RateLimitedError('accountInfo', 5_000, 'budget');
    c.answer(() => Promise.reject(refusal));
    await expect(c.handler(call())).rejects.toBe(refusal);
    expect(c.state()).toMatchObject({ state: 'half_open', probing: false });
    c.answer(async () => 'ok');
    await expect(c.handler(call())).resolves.toBe('ok');
    expect(c.state()?.state).toBe('closed');
  });

  it('0 failures turns the circuit off', async () => {
    const c = setup(0);
    c.answer(() => Promise.reject(unavailable));
    for (let i = 0; i < 20; i++) await expect(c.handler(call())).rejects.toBe(unavailable);
    expect(c.sent()).toBe(20);
    expect(c.circuits.snapshot()).toEqual({});
  });
});
