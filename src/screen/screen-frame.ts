/** One frame of a screen from its parts at one moment (pure: the screen holds the parts). */
import type { OrderBookModel } from '../models/market.ts';
import type { ScreenPositionModel, TradingScreenModel } from '../models/trading-screen.ts';
import type { MarginRule } from '../risk/margin-rates.ts';
import type { AccountView } from './account-view.ts';
import { countdown, type FundingState } from './funding.ts';
import { screenPositionRisk } from './position-risk.ts';

/** The collateral token: its holding is what cross margin draws on (docs/risk.md). */
const COLLATERAL_TOKEN = 'USDC';

export interface FrameInput {
  symbol: string;
  depth: number;
  sequence: number;
  now: number;
  book: OrderBookModel;
  /** The symbol's mark (live, else the last known); undefined before any. */
  mark: number | undefined;
  view: AccountView;
  rule: MarginRule;
  funding: FundingState | undefined;
  /** Another symbol's live mark (a cross position's collateral counts every position). */
  markOf(symbol: string): number | undefined;
  coherent: boolean;
}

function positionsOf(input: FrameInput): ScreenPositionModel[] {
  const { view, symbol } = input;
  const usdc = view.balance(COLLATERAL_TOKEN);
  const out: ScreenPositionModel[] = [];
  for (const position of view.allPositions()) {
    if (position.symbol !== symbol || position.quantity === 0) continue;
    out.push(
      screenPositionRisk({
        position,
        mark: input.mark ?? position.markPrice,
        rule: input.rule,
        usdc: { holding: usdc?.holding ?? 0, pendingShort: usdc?.pendingShort ?? 0 },
        positions: view.allPositions(),
        markOf: input.markOf,
      }),
    );
  }
  return out;
}

export function buildFrame(input: FrameInput): TradingScreenModel {
  const { view, now } = input;
  return {
    symbol: input.symbol,
    depth: input.depth,
    sequence: input.sequence,
    timestamp: now,
    book: input.book,
    markPrice: input.mark ?? null,
    openOrders: view.openOrders(),
    algoOrders: view.algoOrders(),
    positions: positionsOf(input),
    balances: view.balanceList(),
    funding: input.funding ? countdown(input.funding, now) : null,
    coherent: input.coherent,
  };
}
