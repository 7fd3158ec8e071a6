/** OpenAPI descriptions of the market-data rows (contract/endpoints-market.ts). */
import { KLINE_TYPES, SYMBOL_STATUSES } from '../contract/wire-market.ts';
import { int, list, millis, num, obj, oneOf, type RouteDoc, symbol } from './openapi-schemas.ts';

const symbolInfo = obj(
  {
    symbol,
    quote_min: num(),
    quote_max: num(),
    quote_tick: num(),
    base_min: num(),
    base_max: num(),
    base_tick: num(),
    min_notional: num(),
    price_range: num(),
    price_scope: num(),
    std_liquidation_fee: num(),
    liquidator_fee: num(),
    claim_insurance_fund_discount: num(),
    funding_period: int({ enum: [1, 4, 8], description: 'hours' }),
    cap_funding: num(),
    floor_funding: num(),
    interest_rate: num(),
    base_mmr: num(),
    base_imr: num(),
    created_time: millis(),
    updated_time: millis(),
  },
  {
    cap_ir: num(),
    floor_ir: num(),
    imr_factor: num(),
    status: oneOf(SYMBOL_STATUSES),
  },
);

const futuresInfo = obj({
  symbol,
  index_price: num(),
  mark_price: num(),
  sum_unitary_funding: num(),
  est_funding_rate: num(),
  last_funding_rate: num(),
  next_funding_time: millis(),
  open_interest: num(),
  '24h_open': num(),
  '24h_close': num(),
  '24h_high': num(),
  '24h_low': num(),
  '24h_amount': num(),
  '24h_volume': num(),
});

const level = obj({ price: num(), quantity: num() });

const fundingRate = obj({
  symbol,
  est_funding_rate: num(),
  est_funding_rate_timestamp: millis(),
  last_funding_rate: num(),
  last_funding_rate_timestamp: millis(),
  next_funding_time: millis(),
  sum_unitary_funding: num(),
});

const kline = obj({
  symbol,
  type: oneOf(KLINE_TYPES),
  open: num(),
  close: num(),
  low: num(),
  high: num(),
  volume: num(),
  amount: num(),
  start_timestamp: millis(),
  end_timestamp: millis(),
});

const rows = (row: ReturnType<typeof obj>) => obj({ rows: list(row) });

export const MARKET_DOCS = {
  'GET /v1/public/info': {
    operationId: 'symbolInfos',
    summary: 'Every symbol and its order rules',
    data: rows(symbolInfo),
  },
  'GET /v1/public/info/{symbol}': {
    operationId: 'symbolInfo',
    summary: "One symbol's order rules",
    data: symbolInfo,
  },
  'GET /v1/public/futures': {
    operationId: 'futuresInfos',
    summary: 'Mark, index, funding, open interest and 24 h figures of every symbol',
    data: rows(futuresInfo),
  },
  'GET /v1/public/futures/{symbol}': {
    operationId: 'futuresInfo',
    summary: "One symbol's mark, index, funding, open interest and 24 h figures",
    data: futuresInfo,
  },
  'GET /v1/public/market_trades': {
    operationId: 'marketTrades',
    summary: 'The latest public trades of a symbol, newest first',
    data: rows(
      obj({
        symbol,
        side: oneOf(['BUY', 'SELL']),
        executed_price: num(),
        executed_quantity: num(),
        executed_timestamp: millis(),
      }),
    ),
  },
  'GET /v1/orderbook/{symbol}': {
    operationId: 'orderBook',
    summary: 'Order book snapshot: asks ascending, bids descending',
    data: obj({ asks: list(level), bids: list(level), timestamp: millis() }),
  },
  'GET /v1/kline': {
    operationId: 'klines',
    summary: 'Candles of a symbol, newest first',
    data: rows(kline),
  },
  'GET /v1/tv/kline_history': {
    operationId: 'klineHistory',
    summary: 'Candles in TradingView form (no envelope; times in seconds)',
    raw: obj({
      s: oneOf(['ok', 'no_data']),
      o: list(num()),
      c: list(num()),
      h: list(num()),
      l: list(num()),
      v: list(num()),
      a: list(num()),
      t: list(int({ description: 'bar start, seconds' })),
    }),
  },
  'GET /v1/public/funding_rate/{symbol}': {
    operationId: 'fundingRate',
    summary: "A symbol's estimated and last funding rate",
    data: fundingRate,
  },
  'GET /v1/public/funding_rates': {
    operationId: 'fundingRates',
    summary: 'Estimated and last funding rate of every symbol',
    data: rows(fundingRate),
  },
} satisfies Record<string, RouteDoc>;
