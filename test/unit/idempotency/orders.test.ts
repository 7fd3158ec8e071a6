/**
 * The placeOrder guard on the memory store with a scripted account (a plain object standing
 * for the upstream client): replay, mismatch, waits for a running placement, -1007
 * resolution, and the store failing. The integration suites repeat this over HTTP and Redis.
 */
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { CreateOrderParams, OrderCreated, OrderRecord } from '../../../src/contract/wire.ts';
import { canonicalJson, orderFingerprint } from '../../../src/idempotency/fingerprint.ts';
import { IDEMPOTENCY_KEY } from '../../../src/idempotency/keys.ts';
import { sameOrder } from '../../../src/idempotency/order-match.ts';
import { type OrderAccount, OrderIdempotency } from '../../../src/idempotency/orders.ts';
import { IdempotencyRecords } from '../../../src/idempotency/records.ts';
import { toErrorMember } from '../../../src/resolvers/result.ts';
import { UnavailableError, UpstreamRejectedError } from '../../../src/upstream/errors.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';
import type { Store } from '../../../src/upstream/stores/store.ts';

const params: CreateOrderParams = {
  symbol: 'PERP_ETH_USDC',
  order_type: 'LIMIT',
  side: 'BUY',
  order_price: 1_000,
  order_quantity: 0.1,
  client_order_id: 'c-1',
};

const record = (over: Partial<OrderRecord> = {}): OrderRecord =>
  ({
    order_id: 7,
    client_order_id: 'c-1',
    symbol: 'PERP_ETH_USDC',
    side: 'BUY',
    type: 'LIMIT',
    price: 1_000,
    quantity: 0.1,
    amount: null,
    visible_quantity: 0.1,
    reduce_only: false,
    order_tag: null,
    margin_mode: 'CROSS',
    ...over,
  }) as OrderRecord;

/** An upstream that places at most one order per client_order_id, as the real one does. */
function upstream() {
  const orders = new Map<string, OrderRecord>();
  let next: (() => Promise<void>) | undefined;
  let sends = 0;
  const account: OrderAccount = {
    accountId: '0xabc',
    async createOrder(p) {
      sends++;
      const gate = next;
      next = undefined;
      const id = String(p.client_order_id);
      if (orders.has(id)) throw new UpstreamRejectedError('createOrder', -1007, 'duplicate', 409);
      orders.set(
        id,
        record({
          order_id: orders.size + 1,
          client_order_id: id,
          price: p.order_price ?? null,
          quantity: p.order_quantity ?? null,
        }),
      );
      if (gate) await gate();
      const r = orders.get(id)!;
      return {
        order_id: r.order_id,
        client_order_id: id,
        order_type: r.type,
        order_price: r.price,
        order_quantity: r.quantity,
        error_message: 'none',
      } satisfies OrderCreated;
    },
    async orderByClientOrderId(id) {
      const found = orders.get(id);
      if (!found) throw new UpstreamRejectedError('orderByClientOrderId', -1006, 'not found', 400);
      return found;
    },
  };
  return {
    account,
    orders,
    sends: () => sends,
    /** The next send is processed, then `gate` decides its answer. */
    onNextSend(gate: () => Promise<void>) {
      next = gate;
    },
  };
}

function guard(store: Store = createMemoryStore(), leaseMs = 1_000) {
  return new OrderIdempotency({
    records: new IdempotencyRecords({ store }),
    leaseMs,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5))),
  });
}

describe('fingerprints and matching', () => {
  it('an order fingerprint ignores null fields and number spelling; any field change shows', () => {
    const base = orderFingerprint(params);
    expect(orderFingerprint({ ...params, order_price: 1e3 })).toBe(base);
    expect(orderFingerprint({ ...params, slippage: undefined, client_order_id: 'c-1' })).toBe(base);
    expect(orderFingerprint({ ...params, order_price: 1_000.5 })).not.toBe(base);
    expect(orderFingerprint({ ...params, reduce_only: true })).not.toBe(base);
  });

  it('canonical JSON sorts keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 1 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { e: 1, f: 2 }] }, b: 1 }),
    );
  });

  it('an order read back matches on the fields it carries', () => {
    expect(sameOrder(params, record())).toBe(true);
    expect(sameOrder(params, record({ price: 999 }))).toBe(false);
    expect(sameOrder(params, record({ side: 'SELL' }))).toBe(false);
    expect(
      sameOrder(
        { ...params, post_only_adjust: true, order_type: 'POST_ONLY' },
        record({ type: 'POST_ONLY', price: 999 }),
      ),
    ).toBe(true);
  });

  it('Idempotency-Key: 1 to 255 printable ASCII characters without spaces', () => {
    for (const ok of ['a', 'x'.repeat(255), '6f1d0c9e-4b0a-4c1e-9d7e-1f2a3b4c5d6e', '~!@#']) {
      expect(IDEMPOTENCY_KEY.test(ok)).toBe(true);
    }
    for (const bad of ['', 'x'.repeat(256), 'a b', 'tab\t', 'é', 'line\n']) {
      expect(IDEMPOTENCY_KEY.test(bad)).toBe(false);
    }
  });
});

describe('OrderIdempotency', () => {
  it('places once, replays the same fields, refuses other fields before sending', async () => {
    const u = upstream();
    const g = guard();
    const first = await g.place(u.account, params);
    expect(first).toMatchObject({ replayed: false, created: { order_id: 1 } });
    expect(await g.place(u.account, { ...params })).toEqual({ ...first, replayed: true });
    const mismatch = await g.place(u.account, { ...params, order_quantity: 0.2 }).catch((e) => e);
    expect(mismatch).toBeInstanceOf(GraphQLError);
    expect(mismatch.extensions).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    // A request error, not a union member.
    expect(() => toErrorMember(mismatch)).toThrow(/already used with other parameters/);
    expect(u.sends()).toBe(1);
  });

  it('concurrent repeats wait for the running placement and replay it', async () => {
    const u = upstream();
    const g = guard();
    let release!: () => void;
    u.onNextSend(() => new Promise<void>((resolve) => (release = resolve)));
    const first = g.place(u.account, params);
    const repeats = [g.place(u.account, params), g.place(u.account, params)];
    await expect.poll(() => u.sends()).toBe(1);
    release();
    const answers = await Promise.all([first, ...repeats]);
    expect(answers.map((a) => [a.created.order_id, a.replayed])).toEqual([
      [1, false],
      [1, true],
      [1, true],
    ]);
    expect(u.sends()).toBe(1);
  });

  it('a repeat of a placement that ended ambiguously answers unavailable; the next retry replays', async () => {
    const u = upstream();
    const g = guard();
    let fail!: (e: Error) => void;
    u.onNextSend(() => new Promise<void>((_, reject) => (fail = reject)));
    const first = g.place(u.account, params).catch((e) => e);
    const repeat = g.place(u.account, params).catch((e) => e);
    await expect.poll(() => u.sends()).toBe(1);
    fail(new UnavailableError('createOrder', 'timeout', 'no answer'));
    expect(await first).toBeInstanceOf(UnavailableError);
    expect(await repeat).toBeInstanceOf(UnavailableError);
    // The order exists upstream: the retry is refused as a duplicate, reads it back, replays.
    const retry = await g.place(u.account, params);
    expect(retry).toMatchObject({
      replayed: true,
      created: { order_id: 1, client_order_id: 'c-1' },
    });
    expect(u.orders.size).toBe(1);
  });

  it('a retry after an ambiguous end that places the order itself is not a replay', async () => {
    const u = upstream();
    const g = guard();
    // The first call's send never reached the upstream, but the call could not know that.
    const lost: OrderAccount = {
      ...u.account,
      createOrder: () => Promise.reject(new UnavailableError('createOrder', 'timeout', 'lost')),
    };
    await expect(g.place(lost, params)).rejects.toBeInstanceOf(UnavailableError);
    const retry = await g.place(u.account, params);
    expect(retry).toMatchObject({ replayed: false, created: { order_id: 1 } });
    // Its own answer from now on.
    expect(await g.place(u.account, params)).toEqual({ ...retry, replayed: true });
    expect([u.sends(), u.orders.size]).toEqual([1, 1]);
  });

  it('a repeat that cannot wait as long as the running lease is told IDEMPOTENCY_IN_PROGRESS', async () => {
    const u = upstream();
    const store = createMemoryStore();
    // The running placement holds a long lease (another replica's); this one waits 60 ms.
    const long = guard(store, 10_000);
    const short = guard(store, 60);
    let release!: () => void;
    u.onNextSend(() => new Promise<void>((resolve) => (release = resolve)));
    const first = long.place(u.account, params);
    await expect.poll(() => u.sends()).toBe(1);
    const repeat = await short.place(u.account, params).catch((e) => e);
    expect(repeat.extensions).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
    expect(repeat.extensions.retryAfterMs).toBeGreaterThan(0);
    release();
    await first;
    expect(await short.place(u.account, params)).toMatchObject({ replayed: true });
    expect(u.sends()).toBe(1);
  });

  it('an expired lease (its placement outlived it) is taken over; the upstream refuses a second order', async () => {
    const u = upstream();
    const g = guard(createMemoryStore(), 60);
    let release!: () => void;
    u.onNextSend(() => new Promise<void>((resolve) => (release = resolve)));
    const first = g.place(u.account, params);
    await expect.poll(() => u.sends()).toBe(1);
    const repeat = await g.place(u.account, params);
    expect(repeat).toMatchObject({ replayed: true, created: { order_id: 1 } });
    release();
    expect(await first).toMatchObject({ created: { order_id: 1 } });
    expect(u.orders.size).toBe(1);
  });

  it('with the store failing it still places one order: -1007 and the read-back', async () => {
    const u = upstream();
    const broken = createMemoryStore();
    broken.get = async () => {
      throw new Error('redis unavailable (reconnecting)');
    };
    const g = guard(broken);
    expect(await g.place(u.account, params)).toMatchObject({ replayed: false });
    expect(await g.place(u.account, params)).toMatchObject({
      replayed: true,
      created: { order_id: 1 },
    });
    const other = await g.place(u.account, { ...params, order_price: 990 }).catch((e) => e);
    expect(other.extensions).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    expect(u.orders.size).toBe(1);
  });

  it('without a clientOrderId there is no key: nothing is recorded, every call is sent', async () => {
    const u = upstream();
    const g = guard();
    const unkeyed = { ...params, client_order_id: null };
    expect(await g.place(u.account, unkeyed)).toMatchObject({ replayed: false });
    // The fake upstream keys by id; the real client would have generated a new one.
    await expect(g.place(u.account, unkeyed)).rejects.toBeInstanceOf(UpstreamRejectedError);
    expect(u.sends()).toBe(2);
  });
});
