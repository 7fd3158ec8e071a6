/**
 * Where the risk figures' inputs come from (docs/risk.md, "Where the inputs come from"): the
 * symbols' base rates (GET /v1/public/info, shared cache), the account's imr factors (GET
 * /v1/client/info, held a minute: account-factors.ts), the USDC holding (GET
 * /v1/client/holding) and the marks now (the replica's live marks, else GET
 * /v1/public/futures). The same gathering serves the queries and the positionUpdates stream.
 */
import type { Holding } from '../contract/wire.ts';
import type { SymbolInfo } from '../contract/wire-market.ts';
import type { RiskInputs } from '../models/position-risk.ts';
import { imrFactorFor, type MarginRule } from '../risk/margin-rates.ts';
import type { Factors } from './account-factors.ts';

/** The collateral token: the only one the risk counts (docs/risk.md). */
export const COLLATERAL_TOKEN = 'USDC';

/** What the inputs are read from; each read may fail (the caller says what then). */
export interface RiskSources {
  rules(): Promise<ReadonlyMap<string, SymbolInfo>>;
  factors(): Promise<Factors>;
  holdings(): Promise<readonly Holding[]>;
  /** The mark now; undefined: none known (the row's own is used). */
  markPrice(symbol: string): Promise<number | undefined>;
}

/** Base rates from the symbols' rules, the size factor the account's (else the public one). */
export function marginRules(
  infos: ReadonlyMap<string, SymbolInfo>,
  factors: Factors,
): Map<string, MarginRule> {
  const rules = new Map<string, MarginRule>();
  for (const [symbol, info] of infos) {
    rules.set(symbol, {
      baseImr: info.base_imr,
      baseMmr: info.base_mmr,
      imrFactor: imrFactorFor(symbol, factors, info.imr_factor),
    });
  }
  return rules;
}

/** The USDC row's holding and pending short (0 without one). */
export function usdcOf(holdings: readonly Holding[]): {
  usdcHolding: number;
  pendingShort: number;
} {
  const usdc = holdings.find((h) => h.token === COLLATERAL_TOKEN);
  return { usdcHolding: usdc?.holding ?? 0, pendingShort: usdc?.pending_short ?? 0 };
}

/** The marks of `symbols` now, those known. */
export async function marksOf(
  sources: Pick<RiskSources, 'markPrice'>,
  symbols: Iterable<string>,
): Promise<Map<string, number>> {
  const marks = new Map<string, number>();
  await Promise.all(
    [...new Set(symbols)].map(async (symbol) => {
      const mark = await sources.markPrice(symbol);
      if (mark !== undefined) marks.set(symbol, mark);
    }),
  );
  return marks;
}

/** Every input of the figures of an account holding `symbols`, read at once. */
export async function riskInputs(
  sources: RiskSources,
  symbols: Iterable<string>,
): Promise<RiskInputs> {
  const [infos, factors, holdings, markPrices] = await Promise.all([
    sources.rules(),
    sources.factors(),
    sources.holdings(),
    marksOf(sources, symbols),
  ]);
  return { markPrices, rules: marginRules(infos, factors), ...usdcOf(holdings) };
}
