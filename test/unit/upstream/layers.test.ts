/**
 * Each cross-cutting layer on its own, over a real memory store and a scripted next handler.
 */
import { describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '../../../src/contract/wire.ts';
import { withCache } from '../../../src/upstream/cache.ts';
import { type CacheEntry, cacheEntry } from '../../../src/upstream/cache-policy.ts';
import { CATALOG, type CallArgs, type Operation } from '../../../src/upstream/catalog.ts';
import {
  RateLimitedError,
  UnavailableError,
  UpstreamRejectedError,
} from '../../../src/upstream/errors.ts';
import { StoreHealth } from '../../../src/upstream/health.ts';
import {
  assertClientOrderId,
  generateClientOrderId,
  orderParams,
} from '../../../src/upstream/order-params.ts';
import { withOrders } from '../../../src/upstream/orders.ts';
import type { AccountContext, Call, Handler } from '../../../src/upstream/pipeline.ts';
import { WINDOW_MARGIN_MS, withBudget } from '../../../src/upstream/rate-limit.ts';
import { SingleFlight } from '../../../src/upstream/single-flight.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';
import type { Store } from '../../../src/upstream/stores/store.ts';
import { withTelemetry } from '../../../src/upstream/telemetry.ts';

const account = {
  accountId: '0xacc',
  scope: { kind: 'account', accountId: '0xacc' },
  signer: {} as AccountContext['signer'],
  orderSigner: {
    tradingKey: 'tk',
    sign: (params: Record<string, unknown>) => `sig(${Object.keys(params).sort().join(',')})`,
  } as unknown as AccountContext['orderSigner'],
} satisfies AccountContext;

const makeCall = (op: Operation, args: CallArgs = {}): Call => ({
  op,
  args,
  account,
  scope: account.scope,
  stats: { cache: 'bypass', budgetWaitMs: 0, attempts: 0 },
});

/** A store whose every operation fails, like Redis when it is down. */
const brokenStore = (): Store =>
  new Proxy({} as Store, {
    get: (_target, prop) =>
      prop === 'kind'
        ? 'redis'
        : () => Promise.reject(new Error('redis unavailable (reconnecting)')),
  });

describe('budget layer', () => {
  const setup = (store: Store = createMemoryStore(), waitMs = 0) => {
    let now = 1_000_000;
    const slept: number[] = [];
    const health = new StoreHealth();
    const layer = withBudget({
      store,
      fallback: createMemoryStore(),
      health,
      now: () => now,
      waitMs,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
      random: () => 0,
    });
    let calls = 0;
    const handler = layer(async () => ++calls);
    return {
      handler,
      slept,
      health,
      calls: () => calls,
      advance: (ms: number) => {
        now += ms;
      },
    };
  };

  it('refuses past the limit with the time until budget frees', async () => {
    const { handler, advance, calls } = setup();
    for (let i = 0; i < 10; i++) await handler(makeCall(CATALOG.accountInfo));
    advance(30_000);
    const error = await handler(makeCall(CATALOG.accountInfo)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ source: 'budget', retryAfterMs: 30_000 + WINDOW_MARGIN_MS });
    expect(calls()).toBe(10);
    advance(30_000 + WINDOW_MARGIN_MS);
    await handler(makeCall(CATALOG.accountInfo));
    expect(calls()).toBe(11);
  });

  it('waits for budget up to the bound and reports the wait', async () => {
    const { handler, slept } = setup(createMemoryStore(), 1_500);
    await handler(makeCall(CATALOG.updateOrderTagFeeConfig, { params: { enum_id: 'A' } }));
    const call = makeCall(CATALOG.updateOrderTagFeeConfig, { params: { enum_id: 'A' } });
    await handler(call);
    expect(slept).toEqual([1_000 + WINDOW_MARGIN_MS]);
    expect(call.stats.budgetWaitMs).toBeGreaterThanOrEqual(0);
  });

  it('blocks the key after an upstream 429, also for operations without a limit', async () => {
    const store = createMemoryStore();
    let now = 0;
    const layer = withBudget({
      store,
      fallback: createMemoryStore(),
      health: new StoreHealth(),
      now: () => now,
      waitMs: 0,
    });
    let sent = 0;
    const handler = layer(async (call) => {
      sent++;
      throw new RateLimitedError(call.op.name, 2_500, 'upstream');
    });
    await expect(
      handler(makeCall(CATALOG.setDefaultMarginMode, { body: {} })),
    ).rejects.toMatchObject({
      retryAfterMs: 2_500,
    });
    now = 1_000;
    await expect(
      handler(makeCall(CATALOG.setDefaultMarginMode, { body: {} })),
    ).rejects.toMatchObject({
      source: 'upstream',
      retryAfterMs: 1_500,
    });
    expect(sent).toBe(1);
  });

  it('scales the documented limits when configured to (benchmarks)', async () => {
    const layer = withBudget({
      store: createMemoryStore(),
      fallback: createMemoryStore(),
      health: new StoreHealth(),
      now: () => 0,
      waitMs: 0,
      limitScale: 0.3,
    });
    const handler = layer(async () => 'ok');
    const outcomes = [];
    for (let i = 0; i < 4; i++) {
      outcomes.push(await handler(makeCall(CATALOG.accountInfo)).catch(() => 'limited'));
    }
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'limited']);
  });

  it('falls back to a local limiter with the same limits when the store fails', async () => {
    const { handler, health, calls } = setup(brokenStore());
    for (let i = 0; i < 10; i++) await handler(makeCall(CATALOG.accountInfo));
    await expect(handler(makeCall(CATALOG.accountInfo))).rejects.toBeInstanceOf(RateLimitedError);
    expect(calls()).toBe(10);
    expect(health.snapshot()).toMatchObject({
      healthy: false,
      lastError: 'redis unavailable (reconnecting)',
    });
  });

  it("falls back to this replica's share of each limit (GATEWAY_REPLICAS), never to none", async () => {
    const share = async (replicas: number, storeFails: boolean) => {
      const layer = withBudget({
        store: storeFails ? brokenStore() : createMemoryStore(),
        fallback: createMemoryStore(),
        health: new StoreHealth(),
        now: () => 0,
        waitMs: 0,
        replicas,
      });
      const handler = layer(async () => 'ok');
      let allowed = 0;
      for (let i = 0; i < 12; i++) {
        if ((await handler(makeCall(CATALOG.accountInfo)).catch(() => 'limited')) === 'ok') {
          allowed++;
        }
      }
      return allowed;
    };
    // accountInfo: 10 per 60 s. With a healthy store the whole limit is shared on it.
    expect(await share(3, false)).toBe(10);
    expect(await share(1, true)).toBe(10);
    expect(await share(2, true)).toBe(5);
    expect(await share(3, true)).toBe(3);
    expect(await share(50, true)).toBe(1);
  });
});

describe('cache layer', () => {
  const cacheConfig = {
    enabled: true,
    accountTtlMs: 5_000,
    openOrderTtlMs: 1_000,
    finalOrderTtlMs: 60_000,
    referralTtlMs: 5_000,
  };
  const setup = (store: Store = createMemoryStore()) => {
    let now = 0;
    let calls = 0;
    const health = new StoreHealth();
    let release: (() => void) | undefined;
    const flights = new SingleFlight();
    const next: Handler = async (call) => {
      calls++;
      if (call.op.name === 'referralAdminInfo' && release === undefined) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      return { account_id: '0xacc', rows: [], n: calls };
    };
    const handler = withCache({ store, health, config: cacheConfig, flights, now: () => now })(
      next,
    );
    return {
      handler,
      health,
      calls: () => calls,
      release: () => release?.(),
      advance: (ms: number) => {
        now += ms;
      },
    };
  };

  it('hits until the TTL passes', async () => {
    const { handler, calls, advance } = setup();
    const first = makeCall(CATALOG.accountInfo);
    await handler(first);
    const second = makeCall(CATALOG.accountInfo);
    expect(await handler(second)).toMatchObject({ n: 1 });
    expect([first.stats.cache, second.stats.cache]).toEqual(['miss', 'hit']);
    advance(5_001);
    expect(await handler(makeCall(CATALOG.accountInfo))).toMatchObject({ n: 2 });
    expect(calls()).toBe(2);
  });

  it('does not write back a read that a mutation invalidated while it was in flight', async () => {
    const { handler, calls, release } = setup();
    const read = handler(makeCall(CATALOG.referralAdminInfo, { query: {} }));
    await vi.waitFor(() => expect(calls()).toBe(1)); // the read is at the upstream
    await handler(makeCall(CATALOG.createReferralCode, { body: {} }));
    release();
    await read;
    await handler(makeCall(CATALOG.referralAdminInfo, { query: {} }));
    expect(calls()).toBe(3); // read, mutation, fresh read (the stale one was not cached)
  });

  it('treats a failing store as a miss and reports it', async () => {
    const { handler, calls, health } = setup(brokenStore());
    await handler(makeCall(CATALOG.accountInfo));
    await handler(makeCall(CATALOG.accountInfo));
    expect(calls()).toBe(2);
    expect(health.healthy).toBe(false);
  });

  it('decodes a stored text once: hits share one frozen value until the text changes', async () => {
    const store = createMemoryStore();
    const { handler, calls } = setup(store);
    await handler(makeCall(CATALOG.accountInfo)); // miss: written to the store
    const a = await handler(makeCall(CATALOG.accountInfo));
    const b = await handler(makeCall(CATALOG.accountInfo));
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen((a as { rows: unknown[] }).rows)).toBe(true);
    // Another replica rewrites the entry: the new text is decoded, not the remembered value.
    const entry = cacheEntry(CATALOG.accountInfo, account.scope, {}) as CacheEntry;
    await store.hset(
      entry.key,
      entry.field,
      JSON.stringify({ e: 1_000, v: { n: 'other' } }),
      1_000,
    );
    expect(await handler(makeCall(CATALOG.accountInfo))).toEqual({ n: 'other' });
    // Deleted (a mutation on another replica): a miss.
    await store.del([entry.key]);
    expect(await handler(makeCall(CATALOG.accountInfo))).toMatchObject({ n: 2 });
    expect(calls()).toBe(2);
  });
});

describe('orders layer', () => {
  const record = (id: string): OrderRecord =>
    ({
      order_id: 7,
      client_order_id: id,
      type: 'LIMIT',
      price: 10,
      quantity: 1,
      status: 'NEW',
    }) as OrderRecord;
  const policy = { max: 2, baseMs: 1, capMs: 1 };
  const ambiguous = () => new UnavailableError('createOrder', 'timeout', 'no response');
  const notFound = () => new UpstreamRejectedError('orderByClientOrderId', -1006, 'no order', 400);

  const run = async (
    sends: Array<() => unknown>,
    reads: Array<(id: string) => OrderRecord>,
    params: object = {
      symbol: 'PERP_X_USDC',
      order_type: 'LIMIT',
      side: 'BUY',
      client_order_id: 'c1',
    },
  ) => {
    const bodies: unknown[] = [];
    let readCount = 0;
    const layer = withOrders({
      policy,
      sleep: async () => {},
      readBack: async (_call, id) => {
        const read = reads[readCount++];
        if (!read) throw new Error('unexpected read');
        return read(id);
      },
    });
    const handler = layer(async (call) => {
      bodies.push(call.args.body);
      expect(call.tradingKey).toBe('tk');
      const send = sends[bodies.length - 1];
      if (!send) throw new Error('unexpected send');
      return send();
    });
    const result = await handler(makeCall(CATALOG.createOrder, { body: params })).catch(
      (e: unknown) => e,
    );
    return { result, bodies, reads: readCount };
  };

  it('signs once and sends the order with its signature', async () => {
    const { result, bodies } = await run([() => ({ order_id: 1 })], []);
    expect(result).toEqual({ order_id: 1 });
    expect(bodies).toEqual([
      {
        symbol: 'PERP_X_USDC',
        order_type: 'LIMIT',
        side: 'BUY',
        client_order_id: 'c1',
        signature: 'sig(client_order_id,order_type,side,symbol)',
      },
    ]);
  });

  it('returns the order read back after an ambiguous failure, without re-sending', async () => {
    const { result, bodies, reads } = await run(
      [
        () => {
          throw ambiguous();
        },
      ],
      [record],
    );
    expect(result).toMatchObject({ order_id: 7, client_order_id: 'c1', order_type: 'LIMIT' });
    expect([bodies.length, reads]).toEqual([1, 1]);
  });

  it('re-sends the same body when the read-back finds nothing, and stops at a duplicate', async () => {
    const { result, bodies } = await run(
      [
        () => {
          throw ambiguous();
        },
        () => {
          throw new UpstreamRejectedError('createOrder', -1007, 'duplicate', 409);
        },
      ],
      [
        () => {
          throw notFound();
        },
        record,
      ],
    );
    expect(result).toMatchObject({ order_id: 7 });
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('gives up as unavailable when the read-back fails, never re-sending blind', async () => {
    const { result, bodies } = await run(
      [
        () => {
          throw ambiguous();
        },
      ],
      [
        () => {
          throw new UnavailableError('orderByClientOrderId', 'connection', 'reset');
        },
      ],
    );
    expect(result).toBeInstanceOf(UnavailableError);
    expect((result as Error).message).toMatch(
      /order state unknown \(client_order_id c1\); not resent/,
    );
    expect(bodies).toHaveLength(1);
  });

  it('passes a rejection through without a read-back', async () => {
    const { result, reads } = await run(
      [
        () => {
          throw new UpstreamRejectedError('createOrder', -1101, 'insufficient margin', 400);
        },
      ],
      [],
    );
    expect(result).toMatchObject({ upstreamCode: -1101 });
    expect(reads).toBe(0);
  });

  it('treats a duplicate of a first send as the caller’s error', async () => {
    const { result, reads } = await run(
      [
        () => {
          throw new UpstreamRejectedError('createOrder', -1007, 'duplicate', 409);
        },
      ],
      [],
    );
    expect(result).toMatchObject({ upstreamCode: -1007 });
    expect(reads).toBe(0);
  });

  it('generates ids obeying the 36-character rule and drops null parameters', () => {
    const ids = Array.from({ length: 50 }, generateClientOrderId);
    for (const id of ids) expect(() => assertClientOrderId(id)).not.toThrow();
    expect(ids.every((id) => id.length === 36 && id[0] !== '-')).toBe(true);
    expect(new Set(ids).size).toBe(50);
    const params = orderParams({
      symbol: 'PERP_X_USDC',
      order_type: 'MARKET',
      side: 'SELL',
      client_order_id: null,
      reduce_only: undefined,
    });
    expect(Object.keys(params).sort()).toEqual(['client_order_id', 'order_type', 'side', 'symbol']);
    expect(() => assertClientOrderId('-x')).toThrow(RangeError);
    expect(() => assertClientOrderId('a'.repeat(37))).toThrow(RangeError);
    expect(() => assertClientOrderId('')).toThrow(RangeError);
    expect(() => assertClientOrderId('a b')).toThrow(RangeError);
    expect(() => assertClientOrderId('a-'.repeat(18))).not.toThrow();
  });
});

describe('telemetry layer', () => {
  it('reports each call once, and a throwing listener changes nothing', async () => {
    const events: unknown[] = [];
    const ok = withTelemetry((event) => events.push(event))(async (call) => {
      call.stats.attempts = 2;
      return 'data';
    });
    expect(await ok(makeCall(CATALOG.accountInfo))).toBe('data');
    const failing = withTelemetry(() => {
      throw new Error('metrics down');
    })(async () => {
      throw new UpstreamRejectedError('accountInfo', -1005, 'bad', 400);
    });
    await expect(failing(makeCall(CATALOG.accountInfo))).rejects.toBeInstanceOf(
      UpstreamRejectedError,
    );
    expect(events).toEqual([
      {
        operation: 'accountInfo',
        outcome: 'ok',
        durationMs: expect.any(Number),
        cache: 'bypass',
        budgetWaitMs: 0,
        attempts: 2,
      },
    ]);
  });
});
