/**
 * One symbol's market: its rules and funding (a query, read again when the funding time
 * passes), its live mark (every symbol's, from `markPrices`) and the symbol list.
 */
import { useSubscription } from '@urql/preact';
import { useEffect, useMemo } from 'preact/hooks';
import {
  MarkPriceUpdatesDocument,
  ScreenMarketDocument,
  ScreenSymbolsDocument,
  type ScreenSymbolsQuery,
} from '../../../operations/generated/graphql.ts';
import { useSnapshot } from './use-snapshot.ts';

export type SymbolInfo = ScreenSymbolsQuery['markets'][number];

/** Every listed symbol with its price tick and quantity step, by symbol. */
export function useSymbols(): ReadonlyMap<string, SymbolInfo> {
  const [{ data }] = useSnapshot(ScreenSymbolsDocument);
  return useMemo(() => new Map((data?.markets ?? []).map((m) => [m.symbol, m])), [data]);
}

export function useMarket(symbol: string, now: number) {
  const [{ data, error }, reexecute] = useSnapshot(ScreenMarketDocument, { symbol });
  const next = data?.market?.nextFundingTime;
  const due = next !== undefined && now >= next;
  useEffect(() => {
    if (due) reexecute({ requestPolicy: 'network-only' });
  }, [due, reexecute]);
  return { market: data?.market ?? undefined, trades: data?.marketTrades ?? [], error };
}

/** The latest mark of every symbol (pushed about every second). */
export function useMarks(): ReadonlyMap<string, number> {
  const [{ data }] = useSubscription({ query: MarkPriceUpdatesDocument });
  return useMemo(() => new Map((data?.markPrices ?? []).map((m) => [m.symbol, m.price])), [data]);
}
