/**
 * Market tables (rules, prices, funding) indexed by symbol, once per upstream answer: a
 * cached read hands every request the same frozen rows (upstream/cache-memo.ts), so their
 * index is kept beside them instead of rebuilt for each order's checks (the upstream lists
 * about a hundred symbols). Rows that are not frozen (the cache off) are indexed each time.
 */

const indexes = new WeakMap<readonly object[], ReadonlyMap<string, unknown>>();

export function bySymbol<T extends { symbol: string }>(rows: readonly T[]): ReadonlyMap<string, T> {
  const known = indexes.get(rows);
  if (known) return known as ReadonlyMap<string, T>;
  const index = new Map(rows.map((row) => [row.symbol, row] as const));
  if (Object.isFrozen(rows)) indexes.set(rows, index);
  return index;
}
