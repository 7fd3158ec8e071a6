/**
 * GET /v1/trades (the account's fills, newest first: "only the latest 500 entries", read as
 * the latest 500 matching the query, so an earlier `end_t` reaches older fills) and
 * GET /v1/order/{order_id}/trades (one order's fills in the order they happened, no meta).
 * `start_t`/`end_t` bound the executed time. Private, not order-signed.
 */
import { TRADES_QUERY } from '../../contract/fields-history.ts';
import { HISTORY_SIZE_MAX } from '../../contract/wire-history.ts';
import { invalid, notFound } from '../errors.ts';
import { inWindow, newestFirst, pageOf, windowOf } from '../history/lists.ts';
import { tradeRow } from '../history/trade-rows.ts';
import type { Route } from '../router.ts';
import { checkSymbol } from '../validation.ts';

/** "only the latest 500 entries" [OA]. */
export const TRADES_SERVED = HISTORY_SIZE_MAX;

export const tradeRoutes: Route[] = [
  {
    endpoint: 'GET /v1/trades',
    handle: ({ state, account, query }) => {
      const q = query.of(TRADES_QUERY);
      const symbol = q.read('symbol');
      if (symbol !== undefined) checkSymbol('symbol', symbol, state.symbolKnown);
      const window = windowOf(q.read('start_t'), q.read('end_t'));
      const matching = account!.trades.filter(
        (t) => (symbol === undefined || t.symbol === symbol) && inWindow(t.time, window),
      );
      const latest = newestFirst(
        matching,
        (t) => t.time,
        (t) => t.tradeId,
      ).slice(0, TRADES_SERVED);
      const page = pageOf(latest, q.read('page'), q.read('size'));
      return { ...page, rows: page.rows.map(tradeRow) };
    },
  },
  {
    endpoint: 'GET /v1/order/{order_id}/trades',
    handle: ({ state, account, params }) => {
      const text = params.order_id!;
      const id = Number(text);
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id <= 0) {
        throw invalid('order_id', 'must be a positive integer');
      }
      const order = state.orders.get(id);
      if (!order || order.account !== account) {
        throw notFound(`order_id: no order ${text} for this account`);
      }
      return { rows: account.trades.filter((t) => t.orderId === id).map(tradeRow) };
    },
  },
];
