/**
 * POST /v1/order/cancel_all_after over real HTTP: the body's rule (0, or 5,000 to 900,000 ms),
 * the answer, restarting and stopping the switch, and what it cancels when it fires: every
 * pending order and algo order of the account (with the usual events), nothing of another's.
 * The control `POST /sandbox/cancel-all-after/speed` makes a 5,000 ms switch fire in 50 ms.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlgoChanged, OrderChanged } from '../../../src/sandbox/events.ts';
import type { SandboxClient } from '../../helpers/sandbox-client.ts';
import { algo, readAlgo, stop } from './algo.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { fresh, place, read, resting } from './lifecycle.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

const arm = (c: SandboxClient, body: unknown) => c.post('/v1/order/cancel_all_after', body);

async function control(method: string, path: string, body?: unknown) {
  const res = await fetch(`${f.sandbox.url}/sandbox${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

const status = async (c: SandboxClient) =>
  (await control('GET', `/accounts/${c.account.accountId}/cancel-all-after`)).body.data;

describe('POST /v1/order/cancel_all_after', () => {
  it('arms: answers when it fires (ms, as a string); 0 turns it off', async () => {
    const c = fresh(f);
    const r = await arm(c, { trigger_after: 5_000 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ expected_trigger_time: String(f.clock.now + 5_000) });
    expect(await status(c)).toEqual({
      armed: true,
      trigger_after: 5_000,
      expected_trigger_time: f.clock.now + 5_000,
    });
    const again = await arm(c, { trigger_after: 900_000 });
    expect(again.body.data.expected_trigger_time).toBe(String(f.clock.now + 900_000));
    const off = await arm(c, { trigger_after: 0 });
    expect(off.body.data).toEqual({ expected_trigger_time: '0' });
    expect(await status(c)).toEqual({ armed: false, trigger_after: 0, expected_trigger_time: 0 });
  });

  it('refuses a delay outside 0 or 5,000..900,000 (-1005) and unknown fields (-1004)', async () => {
    const c = fresh(f);
    const cases: [unknown, number, RegExp][] = [
      [{}, -1005, /trigger_after: is required/],
      [{ trigger_after: 4_999 }, -1005, /trigger_after: must be 0 or from 5000 to 900000/],
      [{ trigger_after: 1 }, -1005, /must be 0 or from 5000 to 900000/],
      [{ trigger_after: 900_001 }, -1005, /must be 0 or from 5000 to 900000/],
      [{ trigger_after: -5_000 }, -1005, /must be 0 or from 5000 to 900000/],
      [{ trigger_after: 6_000.5 }, -1005, /trigger_after: must be an integer/],
      [{ trigger_after: '6000' }, -1005, /trigger_after: must be an integer/],
      [{ trigger_after: 6_000, symbol: 'PERP_ETH_USDC' }, -1004, /symbol: unknown parameter/],
    ];
    for (const [body, code, message] of cases) {
      const r = await arm(c, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
      expect(r.body.message).toMatch(message);
    }
    expect((await status(c)).armed).toBe(false);
  });
});

describe('when the switch fires', () => {
  it("cancels the account's orders and algo orders with their events, and nothing else", async () => {
    const speed = await control('POST', '/cancel-all-after/speed', { speed: 100 });
    expect(speed.body.data).toEqual({ speed: 100 });
    const [c, other] = [fresh(f), fresh(f)];
    const orders = [
      await place(c, resting()),
      await place(c, resting({ side: 'SELL', order_price: 3100 })),
    ];
    const stopId = await algo(c, stop('BUY', 3200));
    const kept = await place(other, resting());
    const events: (OrderChanged | AlgoChanged)[] = [];
    const offs = [
      f.sandbox.events.on('order', (e) => events.push(e)),
      f.sandbox.events.on('algo', (e) => events.push(e)),
    ];
    try {
      const r = await arm(c, { trigger_after: 5_000 });
      // 5,000 ms at speed 100: it fires 50 ms from now, and says so.
      expect(r.body.data).toEqual({ expected_trigger_time: String(f.clock.now + 50) });
      await vi.waitFor(async () => expect((await read(c, orders[1]!)).status).toBe('CANCELLED'), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      for (const off of offs) off();
    }
    expect((await read(c, orders[0]!)).status).toBe('CANCELLED');
    expect((await readAlgo(c, stopId)).algo_status).toBe('CANCELLED');
    expect((await read(other, kept)).status).toBe('NEW');
    const mine = events.filter((e) => e.accountId === c.account.accountId);
    expect(
      mine.filter((e): e is OrderChanged => 'kind' in e).map((e) => [e.order.order_id, e.reason]),
    ).toEqual(orders.map((id) => [id, 'cancelled by cancel_all_after']));
    expect(mine.some((e) => 'report' in e && e.report[0]?.status === 'CANCELLED')).toBe(true);
    expect((await status(c)).armed).toBe(false);
  });

  it('a call within the delay restarts it: the account outlives a witness armed alongside', async () => {
    await control('POST', '/cancel-all-after/speed', { speed: 10 });
    const [c, witness] = [fresh(f), fresh(f)];
    const order = await place(c, resting());
    const witnessOrder = await place(witness, resting());
    await arm(c, { trigger_after: 5_000 });
    // Restarted before it fired (500 ms): 900,000 ms at speed 10 is 90 s away. The witness,
    // armed after, fires after the first timer of the account would have.
    await arm(c, { trigger_after: 900_000 });
    await arm(witness, { trigger_after: 5_000 });
    await vi.waitFor(
      async () => expect((await read(witness, witnessOrder)).status).toBe('CANCELLED'),
      { timeout: 5_000, interval: 20 },
    );
    expect((await read(c, order)).status).toBe('NEW');
    expect((await status(c)).trigger_after).toBe(900_000);
    await arm(c, { trigger_after: 0 });
  });

  it('the speed control takes 1 to 1000', async () => {
    for (const speed of [0, 1_001, 'fast']) {
      const r = await control('POST', '/cancel-all-after/speed', { speed });
      expect(r.status, String(speed)).toBe(400);
      expect(r.body.message).toMatch(/^speed: /);
    }
    expect((await control('POST', '/cancel-all-after/speed', { speed: 1 })).body.data.speed).toBe(
      1,
    );
  });
});
