/**
 * What the sandbox remembers of an account's past, apart from its fills (`account.trades`) and
 * its wallet requests (the wallet book, `state.wallet`): deposits and internal transfers, closed positions
 * (and the open ones being tracked until they close), liquidations and funding fees. Rows are
 * kept in the wire shapes the history routes answer with (contract/wire-history.ts), oldest
 * first; the oldest are forgotten beyond MAX_HISTORY_ROWS per account and list.
 */
import type {
  AssetHistoryRow,
  FundingFeeRow,
  LiquidationRow,
  PositionHistoryRow,
} from '../../contract/wire-history.ts';
import type { MarginMode } from '../../contract/wire-orders.ts';
import type { Account } from '../types.ts';

/** Rows kept per account and list. */
export const MAX_HISTORY_ROWS = 5_000;

/** A position being tracked while open (positions.ts). */
export interface OpenPosition {
  positionId: number;
  symbol: string;
  marginMode: MarginMode;
  side: 'LONG' | 'SHORT';
  averageOpenPrice: number;
  maxQuantity: number;
  closedQuantity: number;
  /** Σ closed quantity × price, for the average close price. */
  closedNotional: number;
  tradingFee: number;
  /** Paid (negative: received) over the funding periods while open. */
  fundingFee: number;
  realizedPnl: number;
  openTime: number;
  updatedTime: number;
}

export interface AccountHistory {
  /** Deposits (the seeded balance) and internal transfers. */
  assets: AssetHistoryRow[];
  /** Closed positions. */
  closed: PositionHistoryRow[];
  /** Positions open now, by `${symbol}|${marginMode}`, until they close. */
  open: Map<string, OpenPosition>;
  liquidations: LiquidationRow[];
  funding: FundingFeeRow[];
}

/** Appends, forgetting the oldest beyond the bound (in batches, so a push stays O(1)). */
export function keep<T>(list: T[], row: T): void {
  list.push(row);
  if (list.length > MAX_HISTORY_ROWS * 1.1) list.splice(0, list.length - MAX_HISTORY_ROWS);
}

export class HistoryBook {
  readonly #accounts = new WeakMap<Account, AccountHistory>();
  #positionId = 0;

  of(account: Account): AccountHistory {
    let history = this.#accounts.get(account);
    if (!history) {
      history = { assets: [], closed: [], open: new Map(), liquidations: [], funding: [] };
      this.#accounts.set(account, history);
    }
    return history;
  }

  nextPositionId = () => ++this.#positionId;

  /** The balance an account was seeded with, as the deposit that brought it. */
  seedDeposited(account: Account, now: number): void {
    if (account.balance <= 0) return;
    keep(this.of(account).assets, {
      id: `deposit-${account.userId}`,
      tx_id: null,
      side: 'DEPOSIT',
      token: 'USDC',
      amount: account.balance,
      fee: 0,
      trans_status: 'COMPLETED',
      created_time: now,
      updated_time: now,
      chain_id: '',
    });
  }
}
