/**
 * `Order.fills` batching (src/resolvers/order-fills.ts) against a fake account: the fills of
 * every order come from one walk of GET /v1/trades, one call per page of 500, whatever the
 * number of orders; an order the walk cannot account for in full is read alone.
 */
import { describe, expect, it } from 'vitest';
import type { TradeRow } from '../../../src/contract/wire-history.ts';
import type { OrderFillsKey } from '../../../src/models/trade.ts';
import { readOrderFills } from '../../../src/resolvers/order-fills.ts';
import type { AccountApi } from '../../../src/upstream/api.ts';

const trade = (id: number, orderId: number, time: number, quantity = 1): TradeRow => ({
  id,
  symbol: 'PERP_ETH_USDC',
  fee: 0.1,
  fee_asset: 'USDC',
  side: 'BUY',
  order_id: orderId,
  executed_price: 3000,
  executed_quantity: quantity,
  executed_timestamp: time,
  is_maker: id % 2,
  realized_pnl: id / 10,
  match_id: id,
});

/** GET /v1/trades as the sandbox serves it (newest first, the latest 500 of the window). */
function account(trades: TradeRow[], hidden: TradeRow[] = []) {
  const calls: string[] = [];
  const api = {
    accountId: '0xacc',
    async trades(q: { start_t?: number; end_t?: number; page?: number; size?: number }) {
      calls.push(`trades end_t=${q.end_t} page=${q.page}`);
      const size = q.size ?? 25;
      const window = trades
        .filter(
          (t) =>
            (q.start_t === undefined || t.executed_timestamp >= q.start_t) &&
            (q.end_t === undefined || t.executed_timestamp <= q.end_t),
        )
        .sort((a, b) => b.executed_timestamp - a.executed_timestamp || b.id - a.id)
        .slice(0, 500);
      const page = q.page ?? 1;
      return {
        meta: { total: window.length, records_per_page: size, current_page: page },
        rows: window.slice((page - 1) * size, page * size),
      };
    },
    async orderTrades(orderId: number) {
      calls.push(`orderTrades ${orderId}`);
      return { rows: [...trades, ...hidden].filter((t) => t.order_id === orderId) };
    },
  } as unknown as AccountApi;
  return { api, calls };
}

/** Order `n` (1-based) created at n·1000, filled `fills` times over the next ms. */
const orderKey = (n: number, fills: number): OrderFillsKey => ({
  orderId: n,
  symbol: 'PERP_ETH_USDC',
  createdTime: n * 1_000,
  updatedTime: n * 1_000 + fills,
  executedQuantity: fills,
});

describe('readOrderFills', () => {
  it('50 orders, 600 fills: two reads of 500, each order its own fills in execution order', async () => {
    const orders = Array.from({ length: 50 }, (_, i) => orderKey(i + 1, 12));
    let id = 0;
    const trades = orders.flatMap((o) =>
      Array.from({ length: 12 }, (_, k) => trade(++id, o.orderId, o.createdTime + k)),
    );
    const { api, calls } = account(trades);
    const fills = await readOrderFills(api, orders);
    expect(calls).toEqual([
      `trades end_t=${50 * 1_000 + 12} page=1`,
      expect.stringMatching(/^trades end_t=\d+ page=1$/),
    ]);
    expect(fills.map((f) => f.length)).toEqual(Array(50).fill(12));
    expect(fills[0]?.map((f) => f.tradeId)).toEqual(
      Array.from({ length: 12 }, (_, k) => String(k + 1)),
    );
    expect(fills[0]?.[0]).toMatchObject({ isMaker: true, realizedPnl: 0.1, feeAsset: 'USDC' });
  });

  it('no read for orders without fills; an order whose fills the list lacks is read alone', async () => {
    const orders = [orderKey(1, 0), orderKey(2, 2), orderKey(3, 0), orderKey(4, 1)];
    const listed = [trade(1, 2, 2_000), trade(2, 2, 2_001)];
    const { api, calls } = account(listed, [trade(3, 4, 4_000)]);
    const fills = await readOrderFills(api, orders);
    expect(calls).toEqual(['trades end_t=4001 page=1', 'orderTrades 4']);
    expect(fills.map((f) => f.map((x) => x.tradeId))).toEqual([[], ['1', '2'], [], ['3']]);
    const none = account([]);
    expect(await readOrderFills(none.api, [orderKey(1, 0)])).toEqual([[]]);
    expect(none.calls).toEqual([]);
  });
});
