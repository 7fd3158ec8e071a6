/**
 * The market queries (`markets`, `market`, `orderBook`, `marketTrades`, `klines`) and the
 * per-request `MarketReads` they and the order checks share (market-reads.ts). A symbol the
 * upstream does not list is refused before its book, trades or candles are asked for.
 */
import type { KlineType } from '../contract/wire-market.ts';
import {
  type KlineModel,
  type MarketFunding,
  type MarketPrices,
  type MarketRulesModel,
  type MarketTradeModel,
  type OrderBookModel,
  toMarketRules,
} from '../models/market.ts';
import {
  type GatewayContext,
  gqlError,
  type InputIssue,
  inputIssuesError,
  orThrowCoded,
} from '../schema/types.ts';
import { type MarketReads, restMarketReads } from './market-reads.ts';

const perRequest = new WeakMap<object, MarketReads>();

/**
 * The request's market reads, made on first use: the mark from the replica's live
 * `markprices` when it is fresh (prices are live), else the REST read's (a second's cache).
 */
export function readsOf(ctx: GatewayContext): MarketReads {
  let reads = perRequest.get(ctx);
  if (!reads) {
    const rest = restMarketReads(ctx.upstream, ctx.account);
    const marks = ctx.live?.hub.marks;
    reads = marks
      ? { ...rest, markPrice: async (s) => marks.mark(s) ?? (await rest.markPrice(s)) }
      : rest;
    perRequest.set(ctx, reads);
  }
  return reads;
}

/** The input issue of a symbol the upstream does not list, at `path` (`['input', 'symbol']`). */
export function unknownSymbol(path: (string | number)[], symbol: string): InputIssue {
  const message = `${JSON.stringify(symbol)} is not a symbol the upstream lists`;
  return { field: path.join('.'), path, rule: 'unknownSymbol', message };
}

async function knownSymbol(ctx: GatewayContext, symbol: string): Promise<void> {
  if (!(await readsOf(ctx).rules()).has(symbol)) {
    throw inputIssuesError([unknownSymbol(['symbol'], symbol)]);
  }
}

export function markets(ctx: GatewayContext): Promise<MarketRulesModel[]> {
  return orThrowCoded(async () => {
    const rules = [...(await readsOf(ctx).rules()).values()];
    return rules.sort((a, b) => (a.symbol < b.symbol ? -1 : 1)).map(toMarketRules);
  });
}

/** null when the upstream does not list the symbol. */
export function market(ctx: GatewayContext, symbol: string): Promise<MarketRulesModel | null> {
  return orThrowCoded(async () => {
    const info = (await readsOf(ctx).rules()).get(symbol);
    return info ? toMarketRules(info) : null;
  });
}

/** A symbol's row of one of the tables; UPSTREAM_UNAVAILABLE when the upstream left it out. */
async function rowOf<T>(table: Promise<ReadonlyMap<string, T>>, symbol: string, what: string) {
  const row = (await table).get(symbol);
  if (row === undefined) {
    throw gqlError('UPSTREAM_UNAVAILABLE', `The upstream sent no ${what} for ${symbol}`);
  }
  return row;
}

export const pricesOf = (ctx: GatewayContext, symbol: string): Promise<MarketPrices> =>
  orThrowCoded(() => rowOf(readsOf(ctx).prices(), symbol, 'prices'));

export const fundingOf = (ctx: GatewayContext, symbol: string): Promise<MarketFunding> =>
  orThrowCoded(() => rowOf(readsOf(ctx).funding(), symbol, 'funding rate'));

export const markPriceOf = (ctx: GatewayContext, symbol: string): Promise<number> =>
  orThrowCoded(async () => {
    const mark = await readsOf(ctx).markPrice(symbol);
    if (mark === undefined) {
      throw gqlError('UPSTREAM_UNAVAILABLE', `The upstream sent no mark price for ${symbol}`);
    }
    return mark;
  });

export function orderBook(
  ctx: GatewayContext,
  symbol: string,
  depth: number,
): Promise<OrderBookModel> {
  return orThrowCoded(async () => {
    await knownSymbol(ctx, symbol);
    return readsOf(ctx).orderBook(symbol, depth);
  });
}

export function marketTrades(
  ctx: GatewayContext,
  symbol: string,
  first: number,
): Promise<MarketTradeModel[]> {
  return orThrowCoded(async () => {
    await knownSymbol(ctx, symbol);
    return readsOf(ctx).trades(symbol, first);
  });
}

export function klines(
  ctx: GatewayContext,
  args: { symbol: string; interval: KlineType; first: number },
): Promise<KlineModel[]> {
  return orThrowCoded(async () => {
    await knownSymbol(ctx, args.symbol);
    return readsOf(ctx).klines(args.symbol, args.interval, args.first);
  });
}
