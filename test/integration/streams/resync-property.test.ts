/**
 * Property: after every reconnect of an account's private stream, each order whose state
 * changed while the stream was down is emitted exactly once, with its final state and source
 * `resync`, and no other order is. Random lifecycles (place, partial fill, fill, cancel, edit)
 * of random orders with random gaps, against the real sandbox (in-process, port 0, its
 * WebSocket streams) and the real stream hub over the upstream client (memory store). The
 * oracle is the sandbox's own record of the account's orders when the gap opens and closes.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../src/contract/wire.ts';
import { generateDemoAccount } from '../../../src/sandbox/demo.ts';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { createUpstreamClient, type UpstreamClient } from '../../../src/upstream/client.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';
import type { AccountStreamEvent, OrderUpdateModel } from '../../../src/upstream/stream/index.ts';
import { StreamHub, wsBaseOf } from '../../../src/upstream/stream/index.ts';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { testConfig } from '../upstream/harness.ts';

const ETH = 'PERP_ETH_USDC';
const MID = 3000;
/** ask0 and bid0 at the mid of 3,000 (levels 0.1 apart, 10 ETH at the first). */
const ASK0 = 3000.1;
const BID0 = 2999.9;

let sandbox: Sandbox;
let client: UpstreamClient;
let hub: StreamHub;

beforeAll(async () => {
  sandbox = await createSandbox({ limits: false });
  client = createUpstreamClient({
    baseUrl: sandbox.url,
    store: createMemoryStore(),
    // Resync reads wait for the upstream budget rather than fail.
    config: testConfig({ budgetWaitMs: 2_000 }),
  });
  hub = new StreamHub({
    wsBase: wsBaseOf(sandbox.url),
    forAccount: (c) => client.forAccount(c),
    invalidate: (id, groups) => client.invalidate(id, groups),
    graceMs: 20,
    backoff: { baseMs: 5, capMs: 20 },
  });
});
afterAll(async () => {
  hub.close();
  await client.close();
  await sandbox.close();
});

type Step =
  | { kind: 'place'; side: 'BUY' | 'SELL'; level: number }
  | { kind: 'partial' | 'fill' | 'cancel'; target: number }
  | { kind: 'edit'; target: number; level: number; quantity: number };

const level = fc.integer({ min: 0, max: 49 });
const target = fc.nat();
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      level,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constantFrom('partial', 'fill', 'cancel'), target }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      target,
      level,
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
);
/** A run: steps with the stream up, then steps in a gap (possibly none), a few times over. */
const lifecycle = fc.array(
  fc.record({
    up: fc.array(step, { maxLength: 5 }),
    gap: fc.array(step, { maxLength: 6 }),
  }),
  { minLength: 1, maxLength: 3 },
);

/** Resting prices well away from the mid: buys 2,900–2,949, sells 3,051–3,100. */
const restingPrice = (side: 'BUY' | 'SELL', at: number) => (side === 'BUY' ? 2900 + at : 3100 - at);

const control = async (method: string, path: string, body?: unknown) => {
  const r = await fetch(`${sandbox.url}/sandbox${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(r.status).toBe(200);
  return (await r.json()).data;
};

const recordsOf = async (accountId: string): Promise<Map<number, OrderRecord>> => {
  const { rows } = (await control('GET', `/accounts/${accountId}/orders`)) as {
    rows: OrderRecord[];
  };
  return new Map(rows.map((r) => [r.order_id, r]));
};

const stateOf = (o: OrderRecord | OrderUpdateModel) =>
  'order_id' in o
    ? {
        status: o.status,
        executed: o.total_executed_quantity,
        price: o.price,
        quantity: o.quantity,
      }
    : { status: o.status, executed: o.executedQuantity, price: o.price, quantity: o.quantity };

/** One run: a fresh account, its stream's events, and the steps applied to the sandbox. */
class Run {
  readonly events: AccountStreamEvent[] = [];
  readonly trader: SandboxClient;
  readonly accountId: string;
  readonly release: () => void;
  readonly placed: { orderId: number; side: 'BUY' | 'SELL' }[] = [];
  gaps = 0;
  private before: Map<number, OrderRecord> | undefined;
  private sequence = 0;

  constructor() {
    const { credentials, seed } = generateDemoAccount('demo', 'trader');
    sandbox.registerAccount(seed);
    this.accountId = credentials.accountId;
    this.trader = new SandboxClient(sandbox.url, credentials);
    this.release = hub.watchAccount(credentials, (e) => this.events.push(e));
  }

  get inGap(): boolean {
    return this.before !== undefined;
  }

  orders(from = 0): OrderUpdateModel[] {
    return this.events.slice(from).flatMap((e) => (e.type === 'order' ? [e.order] : []));
  }

  async step(s: Step): Promise<void> {
    if (s.kind === 'place') {
      const r = await this.trader.order({
        symbol: ETH,
        order_type: 'LIMIT',
        side: s.side,
        order_price: restingPrice(s.side, s.level),
        order_quantity: 1,
        client_order_id: `p${++this.sequence}`,
      });
      expect(r.status).toBe(200);
      this.placed.push({ orderId: r.body.data.order_id, side: s.side });
      return;
    }
    const order = this.placed[s.target % Math.max(1, this.placed.length)];
    if (!order) return;
    const record = (await recordsOf(this.accountId)).get(order.orderId)!;
    // Steps on an order that went final are refused by the sandbox: no change, as upstream.
    const edit = (price: number, quantity: number) =>
      this.trader.put(
        '/v1/order',
        this.trader.signed({
          order_id: order.orderId,
          symbol: ETH,
          side: order.side,
          order_type: 'LIMIT',
          order_price: price,
          order_quantity: quantity,
        }),
      );
    if (s.kind === 'cancel') {
      await this.trader.cancel('/v1/order', { order_id: String(order.orderId), symbol: ETH });
    } else if (s.kind === 'edit') {
      await edit(restingPrice(order.side, s.level), s.quantity);
    } else if (s.kind === 'partial') {
      // Priced at the first level (10 ETH) for 15: 10 fill at once, 5 rest.
      await edit(order.side === 'BUY' ? ASK0 : BID0, 15);
    } else if (
      record.price !== null &&
      (record.status === 'NEW' || record.status === 'PARTIAL_FILLED')
    ) {
      // Moves the book through the order's price (it fills as maker), then back.
      const through = order.side === 'BUY' ? record.price - 0.1 : record.price + 0.1;
      await control('POST', `/markets/${ETH}/mid`, { price: through });
      await control('POST', `/markets/${ETH}/mid`, { price: MID });
    }
  }

  /** Every order's last event matches the sandbox: nothing pushed is still on its way. */
  async settled(): Promise<void> {
    await expect
      .poll(
        async () => {
          const last = new Map(this.orders().map((o) => [o.orderId, stateOf(o)]));
          return [...(await recordsOf(this.accountId)).values()].every(
            (r) => JSON.stringify(last.get(r.order_id)) === JSON.stringify(stateOf(r)),
          );
        },
        { timeout: 5_000, interval: 10 },
      )
      .toBe(true);
  }

  async openGap(): Promise<void> {
    await this.settled();
    this.before = await recordsOf(this.accountId);
    await control('POST', '/connections/drop', { refuse: true });
    await expect.poll(() => hub.accountReady(this.accountId), { interval: 5 }).toBe(false);
  }

  /** Reconnects and checks what the resync emitted against the sandbox's records. */
  async closeGap(): Promise<void> {
    const before = this.before!;
    const after = await recordsOf(this.accountId);
    const from = this.events.length;
    const resyncs = hub.resyncs(this.accountId);
    this.before = undefined;
    await control('POST', '/connections/accept');
    await expect
      .poll(() => hub.resyncs(this.accountId), { timeout: 5_000, interval: 5 })
      .toBe(resyncs + 1);
    const emitted = this.orders(from);
    this.gaps++;
    expect(emitted.every((o) => o.source === 'resync')).toBe(true);
    const changed = [...after.values()].filter(
      (r) =>
        JSON.stringify(stateOf(r)) !==
        JSON.stringify(before.has(r.order_id) ? stateOf(before.get(r.order_id)!) : null),
    );
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect(emitted.map((o) => ({ id: o.orderId, ...stateOf(o) })).sort(byId)).toEqual(
      changed.map((r) => ({ id: r.order_id, ...stateOf(r) })).sort(byId),
    );
  }
}

describe('resync after random gaps in random order lifecycles', () => {
  it('emits each order changed in a gap once, with its final state, and no other', async () => {
    let gaps = 0;
    await fc.assert(
      fc.asyncProperty(lifecycle, async (segments) => {
        const run = new Run();
        try {
          await expect.poll(() => hub.accountReady(run.accountId), { interval: 5 }).toBe(true);
          for (const segment of segments) {
            for (const s of segment.up) await run.step(s);
            await run.openGap();
            for (const s of segment.gap) await run.step(s);
            await run.closeGap();
          }
          gaps += run.gaps;
        } finally {
          run.release();
          await control('POST', '/connections/accept');
          await control('POST', `/markets/${ETH}/mid`, { price: MID });
        }
      }),
      { numRuns: 15 },
    );
    // Every run reconnected at least once, and each reconnect was checked.
    expect(gaps).toBeGreaterThanOrEqual(15);
  });
});
