/** Helpers for the camelCase (GraphQL) ↔ snake_case (wire) edge. */
import type { SymbolValue } from '../schema/types.ts';

/** Drops `null`/`undefined` values: GraphQL's "not given" is the wire's "absent". */
export function compact<T extends object>(value: T): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null),
  ) as { [K in keyof T]?: NonNullable<T[K]> };
}

/** GraphQL gives `null` or `undefined` for an omitted optional argument; the wire, absence. */
export const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** A wire map `symbol → number` as a list sorted by symbol (GraphQL has no maps). */
export function symbolValues(map: Record<string, number> | null | undefined): SymbolValue[] {
  return Object.entries(map ?? {})
    .map(([symbol, value]) => ({ symbol, value }))
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
}
