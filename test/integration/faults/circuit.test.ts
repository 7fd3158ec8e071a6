// @module-tag redis
/**
 * The circuit per upstream route (src/upstream/circuit.ts) through the real gateway over
 * HTTP: it opens after N "unavailable" attempts and then sends nothing and spends no budget,
 * answering UPSTREAM_UNAVAILABLE with retryAfterMs; half-open lets one probe through and
 * closes on its success; 4xx answers never open it. Faults over the sandbox's control port.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { codes } from '../server/harness.ts';
import { type CircuitStack, INFO, startCircuitStack } from './circuit-stack.ts';
import { eventually } from './harness.ts';

const OUTAGE = { status5xx: { status: 503 }, match: { paths: [INFO] } };
const STATE = 'svc_upstream_circuit_state{operation="accountInfo"}';
const FAIL_FAST = 'svc_upstream_circuit_fail_fast_total{operation="accountInfo"}';
const SET_MARGIN = `mutation($input: SetDefaultMarginModeInput!) {
  setDefaultMarginMode(input: $input) { __typename ... on Error { code message } }
}`;
const ORDER = 'query($id: String!) { order(clientOrderId: $id) { status } }';
const OPENED = 'svc_upstream_circuit_opened_total{operation="accountInfo"}';

/** One attempt per read (no retries) and no cache: every read is one upstream request. */
const ONE_ATTEMPT = {
  CACHE_ENABLED: 'false',
  UPSTREAM_RETRY_MAX: '0',
  UPSTREAM_CIRCUIT_FAILURES: '3',
};

let s: CircuitStack | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** Three reads in a 503 outage: the circuit of `accountInfo` opens. */
async function openIt(stack: CircuitStack): Promise<void> {
  await stack.faults(OUTAGE);
  for (let i = 0; i < 3; i++) {
    expect(codes(await stack.account())).toEqual(['UPSTREAM_UNAVAILABLE']);
  }
  expect(stack.sandbox.requestCount({ path: INFO })).toBe(3);
}

describe('the circuit of a route', () => {
  it('opens after N failures, then sends nothing, spends no budget and says when to retry', async () => {
    s = await startCircuitStack('circuit-open', {
      ...ONE_ATTEMPT,
      UPSTREAM_CIRCUIT_COOLDOWN_MS: '60000',
    });
    await openIt(s);
    expect(await s.metric(STATE)).toBe(2);
    expect(await s.metric(OPENED)).toBe(1);
    const spent = await s.budgetUsed();

    // More reads than the route's whole budget (10 per 60 s): all failed fast.
    for (let i = 0; i < 12; i++) {
      const body = await s.account();
      expect(codes(body)).toEqual(['UPSTREAM_UNAVAILABLE']);
      const retryAfterMs = body.errors?.[0]?.extensions?.retryAfterMs;
      expect(retryAfterMs).toBeGreaterThan(0);
      expect(retryAfterMs).toBeLessThanOrEqual(60_000);
      expect(body.errors?.[0]?.message).toMatch(
        /^The upstream service is unavailable; retry after \d+ ms$/,
      );
    }
    expect(s.sandbox.requestCount({ path: INFO })).toBe(3);
    expect(await s.budgetUsed()).toBe(spent);
    expect(await s.metric(FAIL_FAST)).toBe(12);
    expect(s.gw.gateway.upstream.health().circuits.accountInfo).toMatchObject({ state: 'open' });

    // Another route of the same account still goes out.
    const positions = await s.query('{ account { positions { __typename } } }');
    expect(codes(positions)).toEqual([]);
    expect(s.sandbox.requestCount({ path: '/v1/positions' })).toBe(1);
  });

  it('half-open lets exactly one probe through, fails the others fast, closes on success', async () => {
    s = await startCircuitStack('circuit-probe', {
      ...ONE_ATTEMPT,
      UPSTREAM_CIRCUIT_COOLDOWN_MS: '300',
    });
    await openIt(s);
    // The upstream recovers, slowly: the probe stays out long enough to be overtaken.
    await s.faults({ latencyMs: 1_500, match: { paths: [INFO] } });
    const stack = s;
    await eventually(
      async () =>
        stack.gw.gateway.upstream.health().circuits.accountInfo?.state === 'half_open' || undefined,
      5_000,
      'the cool-down to end',
    );
    const probe = s.account();
    await eventually(
      async () => stack.gw.gateway.upstream.health().circuits.accountInfo?.probing || undefined,
      5_000,
      'the probe to go out',
    );
    // Another account's reads (the same account's would join the probe's read in flight).
    const others = await Promise.all([1, 2, 3].map(() => stack.account(true)));
    for (const body of others) {
      expect(codes(body)).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(body.errors?.[0]?.extensions?.retryAfterMs).toBeGreaterThan(0);
    }

    const probed = await probe;
    expect(codes(probed)).toEqual([]);
    expect(probed.data).toEqual({ account: { id: expect.any(String) } });
    expect(s.sandbox.requestCount({ path: INFO })).toBe(4);
    expect(s.gw.gateway.upstream.health().circuits.accountInfo).toMatchObject({ state: 'closed' });
    expect(await s.metric(STATE)).toBe(0);

    await s.faults(null);
    expect(codes(await s.account())).toEqual([]);
    expect(s.sandbox.requestCount({ path: INFO })).toBe(5);
  });

  it('a keyed mutation failed fast is not stored: its Idempotency-Key runs again', async () => {
    s = await startCircuitStack('circuit-keyed', {
      UPSTREAM_CIRCUIT_FAILURES: '1',
      UPSTREAM_CIRCUIT_COOLDOWN_MS: '300',
    });
    const margin = { input: { symbol: 'PERP_ETH_USDC', defaultMarginMode: 'CROSS' } };
    const path = '/v1/client/margin_mode';
    await s.faults({ status5xx: { status: 503 }, match: { paths: [path] } });
    // Sent, answered 503 (the upstream may have acted): stored, and the circuit opens.
    const sent = await s.keyed(SET_MARGIN, margin, 'key-sent');
    expect(sent.body.data?.setDefaultMarginMode).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    // Failed fast: nothing was sent.
    const fast = await s.keyed(SET_MARGIN, margin, 'key-fast');
    expect(fast.body.data?.setDefaultMarginMode).toMatchObject({
      __typename: 'UpstreamUnavailableError',
      message: expect.stringMatching(/retry after \d+ ms$/),
    });
    expect(s.sandbox.requestCount({ path })).toBe(1);

    await s.faults(null);
    const stack = s;
    await eventually(
      async () =>
        stack.gw.gateway.upstream.health().circuits.setDefaultMarginMode?.state === 'half_open' ||
        undefined,
      5_000,
      'the cool-down to end',
    );
    const again = await s.keyed(SET_MARGIN, margin, 'key-fast');
    expect(again.replayed).toBe(false);
    expect(again.body.data?.setDefaultMarginMode).toEqual({
      __typename: 'SetDefaultMarginModeSuccess',
    });
    expect(s.sandbox.requestCount({ path })).toBe(2);
    // The key whose request was sent keeps saying what it said.
    const replay = await s.keyed(SET_MARGIN, margin, 'key-sent');
    expect(replay.replayed).toBe(true);
    expect(replay.body.data?.setDefaultMarginMode).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('4xx answers never open it', async () => {
    s = await startCircuitStack('circuit-4xx', {
      ...ONE_ATTEMPT,
      UPSTREAM_CIRCUIT_COOLDOWN_MS: '60000',
    });
    // An order that does not exist: the upstream answers -1006 (404) every time.
    for (let i = 0; i < 6; i++) {
      expect(codes(await s.query(ORDER, { id: `missing-${i}` }))).toEqual(['NOT_FOUND']);
    }
    expect(s.sandbox.requestCount({ path: /^\/v1\/client\/order\/missing-/ })).toBe(6);
    expect(s.gw.gateway.upstream.health().circuits.orderByClientOrderId).toMatchObject({
      state: 'closed',
      opened: 0,
    });
  });
});
