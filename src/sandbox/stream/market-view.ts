/**
 * Provisional `MarketSource` over the current state (synthetic levels, the mid, the accounts'
 * fills), until the market model lands. Replaced by the model's adapter.
 */
import type { KlineTopicInterval } from '../../contract/wire-market-stream.ts';
import type { SandboxState } from '../state.ts';
import type { MarketSource, TradePrint } from './market-source.ts';

export function stateMarketSource(state: SandboxState): MarketSource {
  const prints = (symbol: string): TradePrint[] =>
    [...state.accounts.values()]
      .flatMap((a) => a.trades)
      .filter((t) => t.symbol === symbol)
      .sort((a, b) => b.time - a.time)
      .map((t) => ({
        symbol,
        side: t.side,
        price: t.price,
        quantity: t.quantity,
        timestamp: t.time,
      }));
  return {
    symbols: () => [...state.markets.keys()],
    book: (symbol, depth) => {
      const book = state.market(symbol).book();
      const pairs = (levels: typeof book.asks) =>
        levels.slice(0, depth).map((l): [number, number] => [l.price, l.quantity]);
      return { asks: pairs(book.asks), bids: pairs(book.bids) };
    },
    trades: (symbol, limit) => prints(symbol).slice(0, limit),
    markPrice: (symbol) => state.market(symbol).mid,
    kline: (symbol, interval: KlineTopicInterval, now) => {
      const mid = state.market(symbol).mid;
      return {
        symbol,
        type: interval,
        open: mid,
        close: mid,
        high: mid,
        low: mid,
        volume: 0,
        amount: 0,
        startTime: now - (now % 60_000),
        endTime: now - (now % 60_000) + 60_000,
      };
    },
    estFundingRate: (_symbol, now) => ({ fundingRate: 0.0001, fundingTs: now }),
    openInterest: () => 0,
    onBook: (listener) => {
      const offMid = state.events.on('mid', (e) => listener(e.symbol, false));
      const offOrder = state.events.on('order', (e) => listener(e.order.symbol, false));
      return () => {
        offMid();
        offOrder();
      };
    },
    onTrade: (listener) =>
      state.events.on('order', (e) => {
        if (!e.fill || e.fill.maker) return;
        listener({
          symbol: e.order.symbol,
          side: e.order.side,
          price: e.fill.price,
          quantity: e.fill.quantity,
          timestamp: e.timestamp,
        });
      }),
  };
}
