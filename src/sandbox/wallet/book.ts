/**
 * The sandbox's wallet records: withdrawals (with their status as it moves) and PnL
 * settlements per account, the withdrawal and settlement nonces the service hands out and
 * which of them each account has used. Routes (routes/wallet.ts) add to it, the processor
 * (processor.ts) moves withdrawals on; history reads (assetHistory, pnlSettlements) read
 * `withdrawals(accountId)` and `settlements(accountId)`, oldest first.
 */
import type { WalletStatus } from '../../contract/constants.ts';
import type { WalletToken } from '../../contract/wallet.ts';

/** Records kept per account and kind; the oldest are forgotten beyond it. */
export const MAX_WALLET_RECORDS = 10_000;
/** Withdrawals of one account not COMPLETED yet, at most (a sandbox bound, docs/sandbox.md). */
export const MAX_IN_FLIGHT = 20;

export interface WithdrawalRecord {
  id: number;
  accountId: string;
  token: WalletToken;
  /** Token units (USDC), not the message's smallest units. */
  amount: number;
  fee: number;
  chainId: number;
  /** Set when COMPLETED: a made-up transaction hash. */
  txId: string | null;
  status: WalletStatus;
  /** The chain's vault held less than the amount: rebalanced first (PENDING_REBALANCE). */
  crossChain: boolean;
  createdTime: number;
  updatedTime: number;
}

export interface SettledSymbol {
  symbol: string;
  settledAmount: number;
}

/** One PnL settlement, in the fields of the private `settle` push (facts §6). */
export interface PnlSettlement {
  id: number;
  accountId: string;
  oldBalance: number;
  newBalance: number;
  settledAmount: number;
  requestedTime: number;
  settledTime: number;
  status: 'COMPLETED';
  symbols: SettledSymbol[];
}

export type NonceKind = 'withdraw' | 'settle';

interface AccountWallet {
  withdrawals: WithdrawalRecord[];
  settlements: PnlSettlement[];
  used: Record<NonceKind, Set<number>>;
}

function keep<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > MAX_WALLET_RECORDS * 1.1) list.splice(0, list.length - MAX_WALLET_RECORDS);
}

export class WalletBook {
  readonly #accounts = new Map<string, AccountWallet>();
  /** Nonces: one counter per kind for the whole service, so a nonce never repeats. */
  readonly #issued: Record<NonceKind, number> = { withdraw: 0, settle: 0 };
  #withdrawalId = 0;
  #settlementId = 0;

  #of(accountId: string): AccountWallet {
    const id = accountId.toLowerCase();
    let wallet = this.#accounts.get(id);
    if (!wallet) {
      wallet = {
        withdrawals: [],
        settlements: [],
        used: { withdraw: new Set(), settle: new Set() },
      };
      this.#accounts.set(id, wallet);
    }
    return wallet;
  }

  nextNonce(kind: NonceKind): number {
    return ++this.#issued[kind];
  }

  /** Whether the service handed this nonce out (to anyone). */
  issued(kind: NonceKind, nonce: number): boolean {
    return nonce >= 1 && nonce <= this.#issued[kind];
  }

  used(kind: NonceKind, accountId: string, nonce: number): boolean {
    return this.#of(accountId).used[kind].has(nonce);
  }

  use(kind: NonceKind, accountId: string, nonce: number): void {
    this.#of(accountId).used[kind].add(nonce);
  }

  /** The account's withdrawals, oldest first (each record changes as its status moves). */
  withdrawals(accountId: string): readonly WithdrawalRecord[] {
    return this.#of(accountId).withdrawals;
  }

  /** The account's PnL settlements, oldest first. */
  settlements(accountId: string): readonly PnlSettlement[] {
    return this.#of(accountId).settlements;
  }

  inFlight(accountId: string): number {
    return this.#of(accountId).withdrawals.filter((w) => w.status !== 'COMPLETED').length;
  }

  addWithdrawal(record: Omit<WithdrawalRecord, 'id'>): WithdrawalRecord {
    const withdrawal = { ...record, id: ++this.#withdrawalId };
    keep(this.#of(record.accountId).withdrawals, withdrawal);
    return withdrawal;
  }

  addSettlement(settlement: Omit<PnlSettlement, 'id'>): PnlSettlement {
    const recorded = { ...settlement, id: ++this.#settlementId };
    keep(this.#of(settlement.accountId).settlements, recorded);
    return recorded;
  }
}
