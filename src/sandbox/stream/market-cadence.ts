/**
 * How often the public market topics push (market-algo-risk-facts.md §2). The defaults are the
 * facts'; tests pass shorter ones through `createSandbox({ stream: { market } })`.
 */
export interface MarketCadence {
  /** `{symbol}@orderbook` (depth 100). @default 1_000 */
  orderbookMs: number;
  /** `{symbol}@orderbookupdate`: order-driven changes coalesce to one push per this. @default 200 */
  orderbookUpdateMs: number;
  /** `{symbol}@bbo`: on change, at most once per this. @default 10 */
  bboMs: number;
  /** `bbos`. @default 1_000 */
  bbosMs: number;
  /** `{symbol}@markprice` and `markprices`. @default 1_000 */
  markPriceMs: number;
  /** `{symbol}@kline_{interval}`. @default 1_000 */
  klineMs: number;
  /** `{symbol}@estfundingrate`. @default 15_000 */
  estFundingRateMs: number;
  /** `{symbol}@openinterest`: checked this often, pushed when it changed. @default 1_000 */
  openInterestMs: number;
  /** `{symbol}@openinterest`: pushed at least this often, changed or not. @default 10_000 */
  openInterestForceMs: number;
}

export const DEFAULT_MARKET_CADENCE: MarketCadence = {
  orderbookMs: 1_000,
  orderbookUpdateMs: 200,
  bboMs: 10,
  bbosMs: 1_000,
  markPriceMs: 1_000,
  klineMs: 1_000,
  estFundingRateMs: 15_000,
  openInterestMs: 1_000,
  openInterestForceMs: 10_000,
};

/** Depth of `{symbol}@orderbook` and of the update chain (its levels per side). */
export const STREAM_BOOK_DEPTH = 100;
/** Default and largest `limit` of the one-shot `request` trade. */
export const REQUEST_TRADES_DEFAULT = 50;
export const REQUEST_TRADES_MAX = 500;

/** The cadence with `given` over the defaults; each value must be a positive number of ms. */
export function marketCadence(given: Partial<MarketCadence> = {}): MarketCadence {
  const cadence = { ...DEFAULT_MARKET_CADENCE, ...given };
  for (const [name, ms] of Object.entries(cadence)) {
    if (!Number.isFinite(ms) || ms <= 0) {
      throw new RangeError(`stream.market.${name}: must be a positive number of milliseconds`);
    }
  }
  return cadence;
}
