/**
 * The REST rows of the market-data endpoints (contract/wire-market.ts), built from the market
 * model (market/feed.ts) on each read.
 */
import type {
  FundingRateRow,
  FuturesInfo,
  KlineRow,
  KlineType,
  MarketTradeRow,
  SymbolInfo,
} from '../../contract/wire-market.ts';
import type { Candle } from '../market/candles.ts';
import type { MarketFeed } from '../market/feed.ts';
import type { PublicTrade } from '../market/trade-tape.ts';

export function symbolInfoRow(feed: MarketFeed, symbol: string): SymbolInfo {
  const { rules: r, config, createdAt } = feed.market(symbol);
  return {
    symbol,
    quote_min: r.quoteMin,
    quote_max: r.quoteMax,
    quote_tick: r.quoteTick,
    base_min: r.baseMin,
    base_max: r.baseMax,
    base_tick: r.baseTick,
    min_notional: r.minNotional,
    price_range: r.priceRange,
    price_scope: r.priceScope,
    std_liquidation_fee: r.stdLiquidationFee,
    liquidator_fee: r.liquidatorFee,
    claim_insurance_fund_discount: r.claimInsuranceFundDiscount,
    funding_period: r.fundingPeriod,
    cap_funding: r.capFunding,
    floor_funding: r.floorFunding,
    cap_ir: r.capIr,
    floor_ir: r.floorIr,
    interest_rate: r.interestRate,
    imr_factor: config.imrFactor,
    base_mmr: r.baseMmr,
    base_imr: r.baseImr,
    status: r.status,
    created_time: createdAt,
    updated_time: createdAt,
  };
}

export function futuresRow(feed: MarketFeed, symbol: string): FuturesInfo {
  const funding = feed.funding(symbol);
  const day = feed.day(symbol);
  return {
    symbol,
    index_price: feed.index(symbol),
    mark_price: feed.mark(symbol),
    sum_unitary_funding: funding.sumUnitaryFunding,
    est_funding_rate: funding.rate,
    last_funding_rate: funding.lastRate,
    next_funding_time: funding.nextFundingTime,
    open_interest: feed.openInterest(symbol),
    '24h_open': day.open,
    '24h_close': day.close,
    '24h_high': day.high,
    '24h_low': day.low,
    '24h_amount': day.amount,
    '24h_volume': day.volume,
  };
}

export function fundingRow(feed: MarketFeed, symbol: string): FundingRateRow {
  const f = feed.funding(symbol);
  return {
    symbol,
    est_funding_rate: f.rate,
    est_funding_rate_timestamp: f.timestamp,
    last_funding_rate: f.lastRate,
    last_funding_rate_timestamp: f.lastRateTime,
    next_funding_time: f.nextFundingTime,
    sum_unitary_funding: f.sumUnitaryFunding,
  };
}

export const tradeRow = (t: PublicTrade): MarketTradeRow => ({
  symbol: t.symbol,
  side: t.side,
  executed_price: t.price,
  executed_quantity: t.quantity,
  executed_timestamp: t.timestamp,
});

export const klineRow = (symbol: string, type: KlineType, c: Candle): KlineRow => ({
  symbol,
  type,
  open: c.open,
  close: c.close,
  low: c.low,
  high: c.high,
  volume: c.volume,
  amount: c.amount,
  start_timestamp: c.start,
  end_timestamp: c.end,
});
