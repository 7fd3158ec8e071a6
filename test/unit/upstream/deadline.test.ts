/**
 * The operation deadline in each layer, over scripted next handlers and an injected clock:
 * what is not begun past the deadline, what an abort ends, and what a placement cut short
 * reports. No assertion on elapsed time.
 */
import { describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '../../../src/contract/wire.ts';
import { withCache } from '../../../src/upstream/cache.ts';
import { CATALOG, type CallArgs, type Operation } from '../../../src/upstream/catalog.ts';
import {
  CallAbortedError,
  Deadline,
  DeadlineExceededError,
  SharedAbort,
} from '../../../src/upstream/deadline.ts';
import { UnavailableError, UpstreamRejectedError } from '../../../src/upstream/errors.ts';
import { StoreHealth } from '../../../src/upstream/health.ts';
import { withOrders } from '../../../src/upstream/orders.ts';
import type { AccountContext, Call, Handler } from '../../../src/upstream/pipeline.ts';
import {
  MAX_WAIT_JITTER_MS,
  WINDOW_MARGIN_MS,
  withBudget,
} from '../../../src/upstream/rate-limit.ts';
import { markUnsent, wasSent, withRetry } from '../../../src/upstream/retry.ts';
import { SingleFlight } from '../../../src/upstream/single-flight.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';

const account = {
  accountId: '0xacc',
  scope: { kind: 'account', accountId: '0xacc' },
  signer: {} as AccountContext['signer'],
  orderSigner: {
    tradingKey: 'tk',
    sign: () => 'sig',
  } as unknown as AccountContext['orderSigner'],
} satisfies AccountContext;

/** A clock the test moves by hand. */
const manualClock = () => {
  let t = 0;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
};

const makeCall = (op: Operation, deadline: Deadline | undefined, args: CallArgs = {}): Call => ({
  op,
  args,
  account,
  scope: account.scope,
  stats: { cache: 'bypass', budgetWaitMs: 0, attempts: 0 },
  ...(deadline ? { deadline } : {}),
});

const serverError = (op = 'accountInfo') => new UnavailableError(op, 'server_error', 'HTTP 502');

describe('Deadline', () => {
  it('bounds each attempt by the time left and says when the deadline did', () => {
    const clock = manualClock();
    const deadline = new Deadline(1_000, { now: clock.now });
    expect(deadline.attemptTimeout(300)).toEqual({ timeoutMs: 300, byDeadline: false });
    clock.advance(800);
    expect(deadline.attemptTimeout(300)).toEqual({ timeoutMs: 200, byDeadline: true });
    clock.advance(200);
    expect(() => deadline.check('accountInfo', 'attempt 2')).toThrowError(
      /deadline of 1000 ms hit at attempt 2/,
    );
  });

  it('refuses a wait that cannot end before the deadline, naming the stage', () => {
    const clock = manualClock();
    const deadline = new Deadline(500, { now: clock.now });
    expect(() => deadline.checkWait('accountInfo', 'budget wait', 499)).not.toThrow();
    const error = (() => {
      try {
        deadline.checkWait('accountInfo', 'budget wait', 500);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect(error).toMatchObject({ stage: 'budget wait', deadlineMs: 500, reason: 'timeout' });
    expect((error as Error).message).toContain('a 500 ms wait would pass it');
  });

  it('follows a ponyfilled caller signal with a native one; an abort beats the clock', () => {
    const listeners: Array<() => void> = [];
    const foreign = {
      aborted: false,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    } as unknown as AbortSignal;
    const deadline = new Deadline(60_000, { signal: foreign });
    expect(deadline.signal).toBeInstanceOf(AbortSignal);
    expect(deadline.aborted).toBe(false);
    for (const listener of listeners) listener();
    expect(deadline.aborted).toBe(true);
    expect(() => deadline.check('accountInfo', 'budget wait')).toThrow(CallAbortedError);
  });

  it('lets one caller of shared work stop waiting while the work goes on for the others', async () => {
    const a = new AbortController();
    const b = new AbortController();
    const shared = new SharedAbort();
    shared.join(a.signal);
    shared.join(b.signal);
    let finish: (value: string) => void = () => {};
    const work = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const first = new Deadline(60_000, { signal: a.signal }).race(work, 'x', 'coalesced read');
    const second = new Deadline(60_000, { signal: b.signal }).race(work, 'x', 'coalesced read');
    a.abort();
    await expect(first).rejects.toBeInstanceOf(CallAbortedError);
    expect(shared.signal.aborted).toBe(false);
    finish('data');
    await expect(second).resolves.toBe('data');
    b.abort();
    expect(shared.signal.aborted).toBe(true);
  });

  it('lets its callers go when the shared work ends: a later abort aborts nothing', () => {
    const a = new AbortController();
    const shared = new SharedAbort();
    shared.join(a.signal);
    shared.end();
    shared.join(new AbortController().signal);
    a.abort();
    expect(shared.signal.aborted).toBe(false);
  });
});

describe('retry layer under a deadline', () => {
  const policy = { max: 3, baseMs: 100, capMs: 100 };

  it('does not begin a backoff that would pass the deadline; the failure is the cause', async () => {
    const clock = manualClock();
    const deadline = new Deadline(150, { now: clock.now });
    const slept: number[] = [];
    const failure = serverError();
    const handler = withRetry({
      policy,
      random: () => 1,
      sleep: async (ms) => {
        slept.push(ms);
        clock.advance(ms);
      },
    })(async (call) => {
      call.stats.attempts++;
      clock.advance(30);
      throw failure;
    });
    const call = makeCall(CATALOG.accountInfo, deadline);
    const error = await handler(call).catch((e: unknown) => e);
    // 0 → 30 fails, backoff 100 (ends at 130 < 150), 130 → 160 fails: no time for another.
    expect(slept).toEqual([100]);
    expect(call.stats.attempts).toBe(2);
    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect(error).toMatchObject({ stage: 'backoff before attempt 3', cause: failure });
  });

  it('never retries a deadline hit or an abort', async () => {
    for (const ended of [
      new DeadlineExceededError('accountInfo', 500, 'attempt 1'),
      new CallAbortedError('accountInfo', 'attempt 1'),
    ]) {
      let sends = 0;
      const handler = withRetry({ policy, sleep: async () => {} })(async () => {
        sends++;
        throw ended;
      });
      await expect(handler(makeCall(CATALOG.accountInfo, new Deadline(60_000)))).rejects.toBe(
        ended,
      );
      expect(sends).toBe(1);
    }
  });

  it('ends a backoff when the caller goes away, and sends nothing more', async () => {
    const controller = new AbortController();
    let sends = 0;
    // Real sleep: a 10-minute backoff that only the abort can end.
    const handler = withRetry({ policy: { max: 3, baseMs: 600_000, capMs: 600_000 } })(async () => {
      sends++;
      queueMicrotask(() => controller.abort());
      throw serverError();
    });
    const call = makeCall(
      CATALOG.accountInfo,
      new Deadline(3_600_000, { signal: controller.signal }),
    );
    const error = await handler(call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallAbortedError);
    expect(sends).toBe(1);
  });
});

describe('budget layer under a deadline', () => {
  const setup = (waitMs: number, random = () => 0) => {
    const clock = manualClock();
    const slept: number[] = [];
    let sent = 0;
    const handler = withBudget({
      store: createMemoryStore(),
      fallback: createMemoryStore(),
      health: new StoreHealth(),
      now: clock.now,
      waitMs,
      random,
      sleep: async (ms) => {
        slept.push(ms);
        clock.advance(ms);
      },
    })(async () => ++sent);
    return { clock, slept, handler, sent: () => sent };
  };
  // updateOrderTagFeeConfig: 1 per second (per enum), so the second call must wait.
  const feeCall = (deadline?: Deadline) =>
    makeCall(CATALOG.updateOrderTagFeeConfig, deadline, { params: { enum_id: 'A' } });

  it('fails at once, as never sent, when the wait for budget would pass the deadline', async () => {
    const { clock, slept, handler, sent } = setup(5_000);
    await handler(feeCall());
    const error = await handler(feeCall(new Deadline(800, { now: clock.now }))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect(error).toMatchObject({ stage: 'budget wait', deadlineMs: 800 });
    expect(wasSent(error as Error)).toBe(false);
    expect(slept).toEqual([]);
    expect(sent()).toBe(1);
  });

  it('waits when the deadline leaves time, with a jitter of at most a quarter, within waitMs', async () => {
    const wait = 1_000 + WINDOW_MARGIN_MS;
    const { slept, handler } = setup(5_000, () => 1);
    await handler(feeCall());
    await handler(feeCall(new Deadline(60_000)));
    expect(slept).toEqual([wait + Math.min(MAX_WAIT_JITTER_MS, wait / 4)]);

    // The jitter never takes a wait past waitMs.
    const bounded = setup(wait + 10, () => 1);
    await bounded.handler(feeCall());
    await bounded.handler(feeCall());
    expect(bounded.slept).toEqual([wait + 10]);
  });

  it('spreads waiters refused at the same moment', async () => {
    const draws = [0, 0.5, 1];
    const { slept, handler } = setup(5_000, () => draws.shift() ?? 0);
    await handler(feeCall());
    // Three waiters each draw their own jitter (they queue, the store decides who goes).
    const waiters = [feeCall(), feeCall(), feeCall()].map((c) => handler(c).catch(() => 'limited'));
    await Promise.all(waiters);
    expect(new Set(slept.slice(0, 3)).size).toBe(3);
  });
});

describe('orders layer under a deadline', () => {
  const record = (id: string) =>
    ({
      order_id: 7,
      client_order_id: id,
      type: 'LIMIT',
      price: 10,
      quantity: 1,
      status: 'NEW',
    }) as OrderRecord;
  const params = { symbol: 'PERP_X_USDC', order_type: 'LIMIT', side: 'BUY', client_order_id: 'c1' };

  const run = async (send: () => unknown, deadline: Deadline, read?: () => unknown) => {
    let sends = 0;
    let reads = 0;
    const slept: number[] = [];
    const handler = withOrders({
      policy: { max: 2, baseMs: 100, capMs: 100 },
      random: () => 1,
      sleep: async (ms) => {
        slept.push(ms);
      },
      readBack: async (_call, id) => {
        reads++;
        return (read ?? (() => record(id)))() as OrderRecord;
      },
    })(async () => {
      sends++;
      return send();
    });
    const result = await handler(makeCall(CATALOG.createOrder, deadline, { body: params })).catch(
      (e: unknown) => e,
    );
    return { result, sends, reads, slept };
  };

  it('reports a send cut by the deadline as state unknown: no read-back, no resend', async () => {
    const { result, sends, reads } = await run(() => {
      throw new DeadlineExceededError('createOrder', 800, 'attempt 1');
    }, new Deadline(800));
    expect(result).toBeInstanceOf(DeadlineExceededError);
    expect((result as Error).message).toMatch(
      /deadline of 800 ms hit at attempt 1; order state unknown \(client_order_id c1\); not resent/,
    );
    expect([sends, reads]).toEqual([1, 0]);
  });

  it('passes a deadline hit before sending through as it is (nothing was placed)', async () => {
    const unsent = markUnsent(new DeadlineExceededError('createOrder', 800, 'budget wait'));
    const { result, sends, reads } = await run(() => {
      throw unsent;
    }, new Deadline(800));
    expect(result).toBe(unsent);
    expect([sends, reads]).toEqual([1, 0]);
  });

  it('does not begin the read-back backoff past the deadline: state unknown at read-back', async () => {
    const clock = manualClock();
    const deadline = new Deadline(800, { now: clock.now });
    const { result, sends, reads, slept } = await run(() => {
      clock.advance(750);
      throw serverError('createOrder');
    }, deadline);
    expect(result).toBeInstanceOf(DeadlineExceededError);
    expect(result).toMatchObject({ stage: 'read-back' });
    expect((result as Error).message).toMatch(
      /order state unknown \(client_order_id c1\); not resent/,
    );
    expect([sends, reads, slept.length]).toEqual([1, 0, 0]);
  });

  it('reports a read-back cut by the deadline as state unknown, and never resends', async () => {
    const { result, sends, reads } = await run(
      () => {
        throw serverError('createOrder');
      },
      new Deadline(60_000),
      () => {
        throw new DeadlineExceededError('orderByClientOrderId', 800, 'attempt 1');
      },
    );
    expect(result).toMatchObject({ stage: 'read-back', deadlineMs: 800 });
    expect([sends, reads]).toEqual([1, 1]);
  });

  it('still returns the order read back in time', async () => {
    const { result, sends, reads } = await run(() => {
      throw serverError('createOrder');
    }, new Deadline(60_000));
    expect(result).toMatchObject({ order_id: 7, client_order_id: 'c1' });
    expect([sends, reads]).toEqual([1, 1]);
  });

  it('still passes a rejection through (not ambiguous)', async () => {
    const { result } = await run(() => {
      throw new UpstreamRejectedError('createOrder', -1101, 'insufficient margin', 400);
    }, new Deadline(60_000));
    expect(result).toMatchObject({ upstreamCode: -1101 });
  });
});

describe('cache layer: coalesced reads under deadlines', () => {
  const config = {
    enabled: false,
    accountTtlMs: 5_000,
    openOrderTtlMs: 1_000,
    finalOrderTtlMs: 60_000,
    referralTtlMs: 5_000,
  };

  it('aborts the shared read only when every caller waiting on it has gone away', async () => {
    const seen: AbortSignal[] = [];
    let release: (value: unknown) => void = () => {};
    // Like the sender: a read in flight fails as soon as its signal aborts.
    const next: Handler = (call) => {
      const { signal } = call.deadline as Deadline;
      seen.push(signal);
      return new Promise((resolve, reject) => {
        release = resolve;
        signal.addEventListener('abort', () =>
          reject(new CallAbortedError(call.op.name, 'attempt 1')),
        );
      });
    };
    const handler = withCache({
      store: createMemoryStore(),
      health: new StoreHealth(),
      config,
      flights: new SingleFlight(),
      now: () => 0,
    })(next);
    const leader = new AbortController();
    const follower = new AbortController();
    const first = handler(
      makeCall(CATALOG.accountInfo, new Deadline(60_000, { signal: leader.signal })),
    );
    const second = handler(
      makeCall(CATALOG.accountInfo, new Deadline(60_000, { signal: follower.signal })),
    );
    await vi.waitFor(() => expect(seen).toHaveLength(1)); // one upstream read for both
    leader.abort();
    await expect(first).rejects.toMatchObject({ stage: 'coalesced read' });
    expect(seen[0]!.aborted).toBe(false);
    follower.abort();
    expect(seen[0]!.aborted).toBe(true);
    // The last one out gets the read's own failure, naming where it stopped.
    await expect(second).rejects.toMatchObject({ stage: 'attempt 1' });
    await expect(second).rejects.toBeInstanceOf(CallAbortedError);
    release({});
  });

  it('holds a follower no longer than its own, nearer deadline', async () => {
    let release: (value: unknown) => void = () => {};
    const handler = withCache({
      store: createMemoryStore(),
      health: new StoreHealth(),
      config,
      flights: new SingleFlight(),
      now: () => 0,
    })(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    const first = handler(makeCall(CATALOG.accountInfo, new Deadline(60_000)));
    const second = handler(makeCall(CATALOG.accountInfo, new Deadline(20)));
    await expect(second).rejects.toMatchObject({ stage: 'coalesced read', deadlineMs: 20 });
    release({ account_id: '0xacc' });
    await expect(first).resolves.toEqual({ account_id: '0xacc' });
  });

  it('gives a follower the shared result when the leader left', async () => {
    let release: (value: unknown) => void = () => {};
    const next: Handler = () =>
      new Promise((resolve) => {
        release = resolve;
      });
    const handler = withCache({
      store: createMemoryStore(),
      health: new StoreHealth(),
      config,
      flights: new SingleFlight(),
      now: () => 0,
    })(next);
    const leader = new AbortController();
    const first = handler(
      makeCall(CATALOG.accountInfo, new Deadline(60_000, { signal: leader.signal })),
    );
    const second = handler(makeCall(CATALOG.accountInfo, new Deadline(60_000)));
    leader.abort();
    await expect(first).rejects.toBeInstanceOf(CallAbortedError);
    release({ account_id: '0xacc' });
    await expect(second).resolves.toEqual({ account_id: '0xacc' });
  });
});
