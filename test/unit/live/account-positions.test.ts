/**
 * One account's positions source (AccountPositions) over plain-data sources and a fake clock:
 * every subscriber gets the same event object, mark moves are coalesced to one event per
 * interval, pushes wait for the seed and carry figures, a failed seed sends rows without
 * figures and is retried; and the imr factors are held a minute, bounded (AccountFactors).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountInfo, Holding, PositionRow } from '../../../src/contract/wire.ts';
import type { SymbolInfo } from '../../../src/contract/wire-market.ts';
import type { PositionModel } from '../../../src/models/portfolio.ts';
import { positionFromRest } from '../../../src/models/portfolio.ts';
import { AccountFactors } from '../../../src/resolvers/account-factors.ts';
import {
  AccountPositions,
  type AccountPositionsPort,
} from '../../../src/resolvers/live-account-positions.ts';

const ETH = 'PERP_ETH_USDC';
const row = (quantity: number, mark = 3_000): PositionRow => ({
  symbol: ETH,
  position_qty: quantity,
  cost_position: quantity * 2_900,
  average_open_price: 2_900,
  mark_price: mark,
  est_liq_price: null,
  unsettled_pnl: quantity * (mark - 2_900),
  pnl_24_h: 0,
  fee_24_h: 0,
  pending_long_qty: 0,
  pending_short_qty: 0,
  leverage: 10,
  margin_mode: 'CROSS',
  imr: 0.1,
  mmr: 0.05,
  timestamp: 1,
});
const info = { symbol: ETH, base_imr: 0.1, base_mmr: 0.05 } as SymbolInfo;
const usdc: Holding = {
  token: 'USDC',
  holding: 10_000,
  frozen: 0,
  pending_short: 0,
  updated_time: 1,
};

function setup(seed: () => Promise<PositionRow[]>) {
  const marks = new Map<string, number>([[ETH, 3_000]]);
  const held: ReadonlySet<string>[] = [];
  const port: AccountPositionsPort = {
    sources: {
      positions: seed,
      holdings: async () => [usdc],
      rules: async () => new Map([[ETH, info]]),
      factors: async () => ({ [ETH]: 0.000025 }),
    },
    mark: (symbol) => marks.get(symbol),
    holds: (symbols) => held.push(symbols),
    refused: (reason) => new Error(reason) as never,
    now: Date.now,
  };
  const account = new AccountPositions(port);
  const got: PositionModel[][][] = [[], []];
  for (const events of got) {
    account.subscribers.add({ positions: (e) => events.push(e), failed: () => undefined });
  }
  return { account, marks, held, got };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AccountPositions', () => {
  it('recomputes held rows on mark moves, one event per 250 ms, the same object for all', async () => {
    const { account, marks, held, got } = setup(async () => [row(2)]);
    await vi.advanceTimersByTimeAsync(0);
    expect([...(held.at(-1) ?? [])]).toEqual([ETH]);
    for (let i = 1; i <= 10; i++) {
      marks.set(ETH, 3_000 + i);
      account.markMoved();
      await vi.advanceTimersByTimeAsync(40);
    }
    await vi.advanceTimersByTimeAsync(250);
    const [first, second] = got;
    // Moves from 0 to 360 ms: recomputed at 0, 250 and 500 ms.
    expect(first).toHaveLength(3);
    expect(first?.every((e, i) => e === second?.[i])).toBe(true);
    const last = first?.at(-1)?.[0];
    expect(last).toMatchObject({ markPrice: 3_010, unsettledPnl: 2 * 110 });
    expect(last?.risk).toMatchObject({ unrealizedPnl: 2 * 110, notional: 6_020 });
    account.close();
  });

  it('holds pushes until the seed is in, then sends them with their figures', async () => {
    let release: (rows: PositionRow[]) => void = () => undefined;
    const { account, got } = setup(() => new Promise((resolve) => (release = resolve)));
    account.accountEvent({ type: 'positions', positions: [positionFromRest(row(3))] });
    await vi.advanceTimersByTimeAsync(10);
    expect(got[0]).toEqual([]);
    release([row(2)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(got[0]?.[0]?.[0]).toMatchObject({ quantity: 3, risk: { notional: 9_000 } });
    account.close();
  });

  it('a failed seed: rows sent without figures (the fields read REST), the seed retried', async () => {
    const seed = vi.fn(async (): Promise<PositionRow[]> => {
      throw new Error('upstream down');
    });
    const { account, got } = setup(seed);
    account.accountEvent({ type: 'positions', positions: [positionFromRest(row(1))] });
    await vi.advanceTimersByTimeAsync(0);
    expect(got[0]?.[0]?.[0]?.risk).toBeUndefined();
    expect(seed).toHaveBeenCalledTimes(1);
    seed.mockResolvedValueOnce([row(1)]);
    await vi.advanceTimersByTimeAsync(5_000);
    account.markMoved();
    await vi.advanceTimersByTimeAsync(300);
    expect(seed).toHaveBeenCalledTimes(2);
    account.markMoved();
    await vi.advanceTimersByTimeAsync(300);
    expect(got[0]?.at(-1)?.[0]?.risk).toMatchObject({ notional: 3_000 });
    account.close();
  });
});

describe('AccountFactors', () => {
  it('reads once a minute per account, concurrent askers sharing the read; a failure is not held', async () => {
    const factors = new AccountFactors({ ttlMs: 60_000, max: 2, now: Date.now });
    const read = vi.fn(async () => ({ imr_factor: { [ETH]: 0.1 } }) as unknown as AccountInfo);
    await Promise.all([factors.get('a', read), factors.get('a', read)]);
    expect(read).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(59_999);
    expect(await factors.get('a', read)).toEqual({ [ETH]: 0.1 });
    expect(read).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await factors.get('a', read);
    expect(read).toHaveBeenCalledTimes(2);
    await factors.get('b', read);
    await factors.get('c', read);
    expect(factors.size).toBe(2);
    await expect(factors.get('d', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(factors.size).toBe(1);
  });
});
