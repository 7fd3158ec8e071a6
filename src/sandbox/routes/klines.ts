/**
 * GET /v1/kline (signed; the latest candles, newest first) and GET /v1/tv/kline_history
 * (public; TradingView's body without the envelope: bars oldest first, times in seconds, at
 * most TV_KLINE_MAX counted back from `to`). The current candle is included; periods without
 * trades are flat at the mid (market/candles.ts).
 */
import { KLINE_HISTORY_QUERY, KLINE_QUERY } from '../../contract/fields-market.ts';
import { KLINE_LIMIT, TV_KLINE_MAX, type TvKlineHistory } from '../../contract/wire-market.ts';
import { invalid } from '../errors.ts';
import type { Candle } from '../market/candles.ts';
import type { Route } from '../router.ts';
import { checkSymbol } from '../validation.ts';
import { klineRow } from './market-rows.ts';

const SECOND = 1000;

function symbolOf(symbol: string, known: (s: string) => boolean): string {
  checkSymbol('symbol', symbol, known);
  return symbol;
}

function tvBody(candles: Candle[]): TvKlineHistory {
  return {
    s: candles.length > 0 ? 'ok' : 'no_data',
    o: candles.map((c) => c.open),
    c: candles.map((c) => c.close),
    h: candles.map((c) => c.high),
    l: candles.map((c) => c.low),
    v: candles.map((c) => c.volume),
    a: candles.map((c) => c.amount),
    t: candles.map((c) => c.start / SECOND),
  };
}

export const klineRoutes: Route[] = [
  {
    endpoint: 'GET /v1/kline',
    handle: ({ state, query, now }) => {
      const fields = query.of(KLINE_QUERY);
      const symbol = symbolOf(fields.read('symbol'), state.symbolKnown);
      const type = fields.read('type');
      const limit = fields.read('limit') ?? KLINE_LIMIT.default;
      const candles = state.feed.candles(symbol, type, { from: 0, to: now, max: limit });
      return { rows: candles.reverse().map((c) => klineRow(symbol, type, c)) };
    },
  },
  {
    endpoint: 'GET /v1/tv/kline_history',
    handle: ({ state, query, now }) => {
      const fields = query.of(KLINE_HISTORY_QUERY);
      const symbol = symbolOf(fields.read('symbol'), state.symbolKnown);
      const resolution = fields.read('resolution');
      const from = fields.read('from');
      const to = fields.read('to');
      if (from > to) throw invalid('from', 'must not be after to');
      const max = fields.read('limit') ?? TV_KLINE_MAX;
      // No bar after now: a `to` in the future ends at the current one.
      const range = { from: from * SECOND, to: Math.min(to * SECOND, now), max };
      const candles = state.feed.candles(symbol, resolution, range);
      return tvBody(candles.filter((c) => c.start >= range.from));
    },
  },
];
