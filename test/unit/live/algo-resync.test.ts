/**
 * The algo half of a resync over an in-memory upstream (the reads' logic; the real sockets and
 * sandbox are in test/integration/streams/algo-resync*.test.ts): what it reads, what it emits
 * and what it leaves out, and the ledger that decides.
 */
import { describe, expect, it } from 'vitest';
import type {
  AlgoOrderRow,
  AlgoStatus,
  ListAlgoOrdersQuery,
} from '../../../src/contract/wire-algo.ts';
import { type AlgoOrderModel, algoOrderFromRest } from '../../../src/models/algo-order.ts';
import { AlgoLedger } from '../../../src/upstream/stream/algo-ledger.ts';
import {
  ALGO_LOOKUPS_MAX,
  type AlgoResyncDeps,
  resyncAlgoOrders,
  seedAlgoLedger,
} from '../../../src/upstream/stream/algo-resync.ts';

const FINAL: AlgoStatus[] = ['FILLED', 'CANCELLED', 'REJECTED'];

function row(id: number, over: Partial<AlgoOrderRow> = {}): AlgoOrderRow {
  return {
    algo_order_id: id,
    client_order_id: null,
    root_algo_order_id: id,
    parent_algo_order_id: 0,
    parent_algo_type: null,
    symbol: 'PERP_ETH_USDC',
    algo_type: 'STOP',
    side: 'SELL',
    type: 'MARKET',
    quantity: 0.5,
    price: null,
    trigger_price: 2900,
    trigger_price_type: 'MARK_PRICE',
    algo_status: 'NEW',
    root_algo_status: 'NEW',
    root_algo_order_status: 'NEW',
    is_triggered: false,
    is_activated: true,
    reduce_only: false,
    visible_quantity: 0.5,
    order_tag: null,
    margin_mode: 'CROSS',
    fee_asset: 'USDC',
    executed_quantity: 0,
    total_executed_quantity: 0,
    average_executed_price: null,
    total_fee: 0,
    realized_pnl: 0,
    trigger_time: null,
    activated_price: null,
    callback_rate: null,
    callback_value: null,
    extreme_price: null,
    created_time: 1_000,
    updated_time: 1_000,
    child_orders: [],
    ...over,
  };
}

/** An upstream holding `rows`, answering the list's filters the way the sandbox does. */
function upstream(rows: AlgoOrderRow[]) {
  const lists: ListAlgoOrdersQuery[] = [];
  const lookups: number[] = [];
  const open = (r: AlgoOrderRow): boolean =>
    !FINAL.includes(r.algo_status) || r.child_orders.some(open);
  const reads: AlgoResyncDeps['reads'] = {
    async algoOrders(q) {
      lists.push(q);
      const hits = rows
        .filter((r) => q.status !== 'INCOMPLETE' || open(r))
        .filter((r) => q.start_t === undefined || r.created_time >= q.start_t)
        .sort((a, b) => b.created_time - a.created_time);
      const from = (q.page - 1) * q.size;
      return {
        meta: { total: hits.length, records_per_page: q.size, current_page: q.page },
        rows: hits.slice(from, from + q.size),
      };
    },
    async algoOrder(id) {
      lookups.push(id);
      return rows.find((r) => r.algo_order_id === id);
    },
  };
  return { rows, reads, lists, lookups };
}

function harness(rows: AlgoOrderRow[], bounds = { maxPages: 10, pageSize: 500 }) {
  const up = upstream(rows);
  const emitted: AlgoOrderModel[] = [];
  const deps: AlgoResyncDeps = {
    reads: up.reads,
    ledger: new AlgoLedger(),
    emit: (o) => emitted.push(o),
    bounds,
  };
  return { ...up, deps, emitted, ids: () => emitted.map((o) => [o.algoOrderId, o.status]) };
}

const set = (rows: AlgoOrderRow[], id: number, over: Partial<AlgoOrderRow>) => {
  const i = rows.findIndex((r) => r.algo_order_id === id);
  rows[i] = { ...rows[i]!, ...over };
};

describe('resyncAlgoOrders', () => {
  it('emits what ended, changed or was created in the gap, oldest change first, once', async () => {
    // 1 and 2 were open when the stream came up (created long before the gap).
    const h = harness([row(1), row(2), row(3, { algo_status: 'CANCELLED', updated_time: 500 })]);
    await seedAlgoLedger(h.deps);
    expect(h.deps.ledger.openIds()).toEqual([1, 2]);
    // The gap begins at 10_000: 1 triggers and fills, 4 is placed, 2 does not move.
    set(h.rows, 1, {
      algo_status: 'FILLED',
      is_triggered: true,
      total_executed_quantity: 0.5,
      updated_time: 10_200,
    });
    h.rows.push(row(4, { created_time: 10_100, updated_time: 10_100 }));
    const first = await resyncAlgoOrders(h.deps, 10_000);
    expect(first).toEqual({ emitted: 2, truncated: false });
    expect(h.ids()).toEqual([
      [4, 'NEW'],
      [1, 'FILLED'],
    ]);
    expect(h.emitted.every((o) => o.source === 'resync')).toBe(true);
    expect(h.emitted[1]).toMatchObject({ isTriggered: true, executedQuantity: 0.5 });
    // 1 was in neither list (final, created before the gap): looked up by id.
    expect(h.lookups).toEqual([1]);
    // The seed's read, then the gap's two.
    expect(h.lists).toEqual([
      { status: 'INCOMPLETE', page: 1, size: 500 },
      { status: 'INCOMPLETE', page: 1, size: 500 },
      { start_t: 10_000, page: 1, size: 500 },
    ]);
    // Nothing moved since: a second resync emits nothing and looks nothing up.
    expect(await resyncAlgoOrders(h.deps, 10_300)).toEqual({ emitted: 0, truncated: false });
    expect(h.lookups).toEqual([1]);
  });

  it('takes a tree it never saw as known, and emits it only if it changed in the gap', async () => {
    const h = harness([row(1, { updated_time: 9_000 }), row(2, { updated_time: 10_500 })]);
    expect(await resyncAlgoOrders(h.deps, 10_000)).toEqual({ emitted: 1, truncated: false });
    expect(h.ids()).toEqual([[2, 'NEW']]);
    expect(h.deps.ledger.openIds()).toEqual([1, 2]);
  });

  it('forgets a tree the upstream no longer knows, and bounds its lookups', async () => {
    const count = ALGO_LOOKUPS_MAX + 2;
    const rows = Array.from({ length: count }, (_, i) => row(i + 1));
    const h = harness(rows);
    await seedAlgoLedger(h.deps);
    // Every one ends before the gap's reads; the first one is gone from the upstream.
    for (const r of rows) set(h.rows, r.algo_order_id, { algo_status: 'CANCELLED' });
    h.rows.shift();
    const read = await resyncAlgoOrders(h.deps, 10_000);
    expect(read).toEqual({ emitted: ALGO_LOOKUPS_MAX - 1, truncated: true });
    expect(h.lookups).toHaveLength(ALGO_LOOKUPS_MAX);
    expect(h.deps.ledger.knows(1)).toBe(false);
    // The two left are looked up at the next resync.
    expect(await resyncAlgoOrders(h.deps, 10_000)).toEqual({ emitted: 2, truncated: false });
    expect(h.deps.ledger.openIds()).toEqual([]);
  });

  it('stops at the page cap and says the read was truncated', async () => {
    const rows = Array.from({ length: 5 }, (_, i) =>
      row(i + 1, { created_time: 10_000 + i, updated_time: 10_000 + i }),
    );
    const h = harness(rows, { maxPages: 2, pageSize: 2 });
    const read = await resyncAlgoOrders(h.deps, 10_000);
    expect(read.truncated).toBe(true);
    // Newest created first: the oldest one is past the cap.
    expect(h.ids().map(([id]) => id)).toEqual([2, 3, 4, 5]);
  });
});

describe('AlgoLedger', () => {
  const model = (over: Partial<AlgoOrderRow> = {}) => algoOrderFromRest(row(7, over));

  it('tells a tree changed by any node, not by its timestamps', () => {
    const ledger = new AlgoLedger();
    const legs = (sl: number) => [
      row(8, { parent_algo_order_id: 7, root_algo_order_id: 7, trigger_price: 3100 }),
      row(9, { parent_algo_order_id: 7, root_algo_order_id: 7, trigger_price: sl }),
    ];
    ledger.record(model({ child_orders: legs(2800) }), false);
    expect(ledger.changed(model({ child_orders: legs(2800), updated_time: 5_000 }))).toBe(false);
    expect(ledger.changed(model({ child_orders: legs(2850) }))).toBe(true);
    expect(ledger.changed(model({ child_orders: legs(2800), quantity: 1 }))).toBe(true);
  });

  it('drops pushes a resync overtook, and only those', () => {
    const ledger = new AlgoLedger();
    const placed = model({ updated_time: 1_000 });
    const filled = model({ algo_status: 'FILLED', is_triggered: true, updated_time: 2_000 });
    // Pushed states are never overtaken.
    ledger.record(placed, false);
    expect(ledger.overtaken(placed)).toBe(false);
    // A resync delivered FILLED: the NEW push queued behind it is old news, as is FILLED again.
    ledger.record(filled, true);
    expect(ledger.overtaken(placed)).toBe(true);
    expect(ledger.overtaken(filled)).toBe(true);
    // An open tree: a later change is news, an earlier one is not.
    ledger.record(model({ updated_time: 2_000 }), true);
    expect(ledger.overtaken(model({ trigger_price: 2950, updated_time: 2_500 }))).toBe(false);
    expect(ledger.overtaken(model({ trigger_price: 2950, updated_time: 1_500 }))).toBe(true);
  });

  it('forgets the least recently changed tree past its bound', () => {
    const ledger = new AlgoLedger(2);
    for (const id of [1, 2, 3]) ledger.record(algoOrderFromRest(row(id)), false);
    expect(ledger.size).toBe(2);
    expect(ledger.knows(1)).toBe(false);
    expect(ledger.openIds()).toEqual([2, 3]);
  });
});
