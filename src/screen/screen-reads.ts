/**
 * A screen's first state, read by REST once (through the gateway's upstream client and its
 * shared cache): the account's open orders and working algo orders of the symbol, positions,
 * balances and margin factor; the symbol's rules, funding and mark. Everything after comes
 * from the streams.
 */
import { ORDER_PAGE_SIZE_MAX } from '../contract/constants.ts';
import type { SymbolInfo } from '../contract/wire-market.ts';
import { type AlgoOrderModel, algoOrderFromRest } from '../models/algo-order.ts';
import { balanceFromRest, positionFromRest } from '../models/portfolio.ts';
import { imrFactorFor, type MarginRule } from '../risk/margin-rates.ts';
import type { AccountApi, PublicApi } from '../upstream/api.ts';
import type { AccountSnapshot } from './account-view.ts';
import { type FundingState, fundingFromRest } from './funding.ts';
import { screenOrderFromRest } from './screen-orders.ts';

/** Pages of algo orders read at most (each ORDER_PAGE_SIZE_MAX rows). */
const ALGO_PAGES = 2;

export type MarketReadsApi = Pick<PublicApi, 'symbolInfos' | 'fundingRates' | 'futuresInfos'>;

/** What the screen reads of the symbol. */
export interface MarketSnapshot {
  rule: MarginRule;
  funding: FundingState | undefined;
  /** The mark by REST, until the live one arrives. */
  mark: number | undefined;
}

/** The symbol's working algo orders, roots with their legs. */
export async function readAlgoOrders(account: AccountApi, symbol: string) {
  const roots: AlgoOrderModel[] = [];
  for (let page = 1; page <= ALGO_PAGES; page++) {
    const size = ORDER_PAGE_SIZE_MAX;
    const list = await account.listAlgoOrders({ symbol, status: 'INCOMPLETE', page, size });
    roots.push(...list.rows.map(algoOrderFromRest));
    if (list.rows.length < size || page * size >= list.meta.total) break;
  }
  return roots;
}

export async function readAccount(account: AccountApi, symbol: string): Promise<AccountSnapshot> {
  const size = ORDER_PAGE_SIZE_MAX;
  const [orders, algoOrders, positions, holdings] = await Promise.all([
    account.listOrders({ symbol, status: 'INCOMPLETE', page: 1, size }),
    readAlgoOrders(account, symbol),
    account.positions(),
    account.holdings({}),
  ]);
  return {
    orders: orders.rows.map(screenOrderFromRest),
    algoOrders,
    positions: positions.rows.map(positionFromRest),
    balances: holdings.holding.map(balanceFromRest),
  };
}

/** The account's own margin factor of the symbol; the public one when it cannot be read. */
async function imrFactor(account: AccountApi, info: SymbolInfo): Promise<number> {
  const factors = await account.accountInfo().then(
    (a) => a.imr_factor,
    () => undefined,
  );
  return imrFactorFor(info.symbol, factors, info.imr_factor);
}

/** undefined when the upstream does not list the symbol. */
export async function readMarket(
  market: MarketReadsApi,
  account: AccountApi,
  symbol: string,
): Promise<MarketSnapshot | undefined> {
  const [infos, funding, prices] = await Promise.all([
    market.symbolInfos(),
    market.fundingRates(),
    market.futuresInfos(),
  ]);
  const info = infos.rows.find((r) => r.symbol === symbol);
  if (!info) return undefined;
  const row = funding.rows.find((r) => r.symbol === symbol);
  return {
    rule: {
      baseImr: info.base_imr,
      baseMmr: info.base_mmr,
      imrFactor: await imrFactor(account, info),
    },
    funding: row && fundingFromRest(row, info.funding_period),
    mark: prices.rows.find((r) => r.symbol === symbol)?.mark_price,
  };
}
