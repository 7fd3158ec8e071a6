/**
 * The lifecycle rules of the layers, each on its own over a scripted next handler: a batch is
 * never re-sent (items are read back after an ambiguous failure), a batch also spends
 * create-order's 429 block, and only reads are re-sent once they may have left.
 */
import { describe, expect, it } from 'vitest';
import type { BatchOrderResult, OrderRecord } from '../../../src/contract/wire.ts';
import { CATALOG, type CallArgs, type Operation } from '../../../src/upstream/catalog.ts';
import {
  RateLimitedError,
  UnavailableError,
  UpstreamRejectedError,
} from '../../../src/upstream/errors.ts';
import { StoreHealth } from '../../../src/upstream/health.ts';
import { limitKey } from '../../../src/upstream/keys.ts';
import { withOrders } from '../../../src/upstream/orders.ts';
import type { AccountContext, Call } from '../../../src/upstream/pipeline.ts';
import { withBudget } from '../../../src/upstream/rate-limit.ts';
import { retryDecision } from '../../../src/upstream/retry-policy.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';

const account = {
  accountId: '0xacc',
  scope: { kind: 'account', accountId: '0xacc' },
  signer: {} as AccountContext['signer'],
  orderSigner: {
    tradingKey: 'tk',
    sign: (params: Record<string, unknown>) => `sig(${params.client_order_id ?? ''})`,
    signNormalized: (normalized: string) => `sig[${normalized}]`,
  } as unknown as AccountContext['orderSigner'],
} satisfies AccountContext;

const makeCall = (op: Operation, args: CallArgs = {}): Call => ({
  op,
  args,
  account,
  scope: account.scope,
  stats: { cache: 'bypass', budgetWaitMs: 0, attempts: 0 },
});

const item = (id: string) => ({
  symbol: 'PERP_ETH_USDC',
  order_type: 'LIMIT' as const,
  side: 'BUY' as const,
  order_price: 2900,
  order_quantity: 1,
  client_order_id: id,
});
const record = (id: string, orderId: number) =>
  ({
    order_id: orderId,
    client_order_id: id,
    type: 'LIMIT',
    price: 2900,
    quantity: 1,
    amount: null,
    status: 'NEW',
  }) as OrderRecord;
const ambiguous = () => new UnavailableError('batchCreateOrders', 'timeout', 'no response');
const notFound = () => new UpstreamRejectedError('orderByClientOrderId', -1006, 'no order', 400);

function batchLayer(reads: Record<string, () => OrderRecord>, send: () => unknown) {
  const sent: unknown[] = [];
  const read: string[] = [];
  const handler = withOrders({
    policy: { max: 3, baseMs: 1, capMs: 1 },
    sleep: async () => {},
    readBack: async (_call, id) => {
      read.push(id);
      const answer = reads[id];
      if (!answer) throw notFound();
      return answer();
    },
  })(async (call) => {
    sent.push(call.args.body);
    return send();
  });
  const run = (ids: string[]) =>
    handler(makeCall(CATALOG.batchCreateOrders, { body: { orders: ids.map(item) } })).catch(
      (e: unknown) => e,
    );
  return { run, sent, read };
}

describe('batch placement', () => {
  it('signs every item over its own fields and sends the batch once', async () => {
    const { run, sent } = batchLayer({}, () => ({ rows: [] }));
    await run(['a', 'b']);
    expect(sent).toEqual([
      {
        orders: [
          { ...item('a'), signature: 'sig(a)' },
          { ...item('b'), signature: 'sig(b)' },
        ],
      },
    ]);
  });

  it('after an ambiguous failure reads every item back and answers from what it found', async () => {
    const { run, sent, read } = batchLayer({ a: () => record('a', 1) }, () => {
      throw ambiguous();
    });
    const result = (await run(['a', 'b'])) as BatchOrderResult;
    expect(sent).toHaveLength(1);
    expect(read.sort()).toEqual(['a', 'b']);
    expect(result.rows.map((r) => [r.success, r.client_order_id, r.order_id])).toEqual([
      [true, 'a', 1],
      [false, 'b', null],
    ]);
  });

  it('when no item was placed, the failure stands and nothing is re-sent', async () => {
    const { run, sent } = batchLayer({}, () => {
      throw ambiguous();
    });
    expect(await run(['a', 'b'])).toBeInstanceOf(UnavailableError);
    expect(sent).toHaveLength(1);
  });

  it('when an item cannot be read back, it is unavailable, never re-sent blind', async () => {
    const { run, sent } = batchLayer(
      {
        a: () => record('a', 1),
        b: () => {
          throw new UnavailableError('orderByClientOrderId', 'connection', 'reset');
        },
      },
      () => {
        throw ambiguous();
      },
    );
    const error = await run(['a', 'b']);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toMatch(/client_order_id b.*not resent/);
    expect(sent).toHaveLength(1);
  });

  it('a rejection of the whole batch passes through without a read-back', async () => {
    const { run, read } = batchLayer({}, () => {
      throw new UpstreamRejectedError('batchCreateOrders', -1005, 'orders: bad', 400);
    });
    expect(await run(['a'])).toMatchObject({ upstreamCode: -1005 });
    expect(read).toEqual([]);
  });
});

describe('query-signed and body-signed operations', () => {
  it('a cancel sends its normalized query with the signature, no body, no client_order_id', async () => {
    const seen: Call[] = [];
    const handler = withOrders({
      policy: { max: 0, baseMs: 1, capMs: 1 },
      readBack: async () => {
        throw new Error('no read-back');
      },
    })(async (call) => {
      seen.push(call);
      return { status: 'CANCEL_SENT' };
    });
    await handler(
      makeCall(
        CATALOG.cancelOrder,
        CATALOG.cancelOrder.request!({ symbol: 'PERP_X_USDC', order_id: 7 }),
      ),
    );
    expect(seen[0]!.args).toEqual({
      rawQuery: 'order_id=7&symbol=PERP_X_USDC&signature=sig[order_id=7&symbol=PERP_X_USDC]',
    });
    expect(seen[0]!.tradingKey).toBe('tk');
  });

  it('an account without a trading secret fails before any I/O', async () => {
    const handler = withOrders({
      policy: { max: 0, baseMs: 1, capMs: 1 },
      readBack: async () => record('x', 1),
    })(async () => 'sent');
    const call = {
      ...makeCall(CATALOG.cancelAllOrders, { query: {} }),
      account: { ...account, orderSigner: undefined },
    };
    await expect(handler(call)).rejects.toThrow(/no trading secret/);
  });
});

describe('batch budget', () => {
  it('waits out create-order’s upstream 429 block too', async () => {
    const store = createMemoryStore();
    const now = 10_000;
    await store.block(limitKey(account.scope, 'createOrder'), now + 2_000, now);
    let sent = 0;
    const handler = withBudget({
      store,
      fallback: createMemoryStore(),
      health: new StoreHealth(),
      now: () => now,
      waitMs: 0,
    })(async () => ++sent);
    const error = await handler(
      makeCall(CATALOG.batchCreateOrders, { body: { orders: [item('a'), item('b')] } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ operation: 'createOrder', retryAfterMs: 2_000 });
    expect(sent).toBe(0);
  });
});

describe('retry by idempotency kind', () => {
  const error = new UnavailableError('x', 'timeout', 'no response');
  const policy = { max: 2, baseMs: 1, capMs: 1 };
  it.each(Object.values(CATALOG).map((op) => [op.name, op] as const))(
    '%s: re-sent after it may have left only when it is a read',
    (_name, op) => {
      const sent = retryDecision(
        { idempotency: op.idempotency, attempt: 1, error, sent: true },
        policy,
      );
      const unsent = retryDecision(
        { idempotency: op.idempotency, attempt: 1, error, sent: false },
        policy,
      );
      expect(sent.retry).toBe(op.idempotency === 'read');
      expect(unsent.retry).toBe(true);
    },
  );
});
