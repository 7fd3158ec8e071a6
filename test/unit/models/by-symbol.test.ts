/**
 * Market tables indexed by symbol: a cached read's frozen rows are indexed once and the index
 * reused; rows that are not frozen are indexed afresh (they might still change).
 */
import { describe, expect, it } from 'vitest';
import { bySymbol } from '../../../src/resolvers/by-symbol.ts';

const rows = () => [
  { symbol: 'PERP_BTC_USDC', mark: 60_000 },
  { symbol: 'PERP_ETH_USDC', mark: 3_000 },
];

describe('bySymbol', () => {
  it('indexes rows by symbol', () => {
    const index = bySymbol(rows());
    expect([...index.keys()]).toEqual(['PERP_BTC_USDC', 'PERP_ETH_USDC']);
    expect(index.get('PERP_ETH_USDC')?.mark).toBe(3_000);
  });

  it('keeps the index of frozen rows, and indexes other rows each time', () => {
    const frozen = Object.freeze(rows().map((row) => Object.freeze(row)));
    expect(bySymbol(frozen)).toBe(bySymbol(frozen));
    const open = rows();
    const before = bySymbol(open);
    open.push({ symbol: 'PERP_SOL_USDC', mark: 150 });
    expect(bySymbol(open)).not.toBe(before);
    expect(bySymbol(open).get('PERP_SOL_USDC')?.mark).toBe(150);
  });
});
