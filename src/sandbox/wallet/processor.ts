/**
 * Moves each requested withdrawal on, one status per `stepMs`: PENDING → PENDING_REBALANCE
 * (cross-chain ones only: their chain's vault is rebalanced first) → COMPLETED, when the
 * holding gives the amount up and its `pending_short` lets it go. Every step is a
 * `withdrawal` event (the private `wallet` push) and, when the holding moves, a `balance`
 * one. Timers are unref'd, one per withdrawal in flight (at most MAX_IN_FLIGHT per account).
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { WalletStatus } from '../../contract/constants.ts';
import { round } from '../decimal.ts';
import type { SandboxState } from '../state.ts';
import type { WithdrawalRecord } from './book.ts';

/** @default 1000: a developer sees each status for a second. */
export const DEFAULT_WITHDRAWAL_STEP_MS = 1_000;

const nextStatus = (w: WithdrawalRecord): WalletStatus =>
  w.status === 'PENDING' && w.crossChain ? 'PENDING_REBALANCE' : 'COMPLETED';

export class WithdrawalProcessor {
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #off: () => void;

  constructor(
    private readonly state: SandboxState,
    private readonly clock: () => number,
    private readonly stepMs = DEFAULT_WITHDRAWAL_STEP_MS,
  ) {
    this.#off = state.events.on('withdrawal', ({ withdrawal }) => {
      if (withdrawal.status === 'PENDING') this.#schedule(withdrawal.accountId, withdrawal.id);
    });
  }

  #schedule(accountId: string, id: number): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#advance(accountId, id);
    }, this.stepMs);
    timer.unref();
    this.#timers.add(timer);
  }

  #advance(accountId: string, id: number): void {
    const { state } = this;
    const record = state.wallet.withdrawals(accountId).find((w) => w.id === id);
    const account = state.account(accountId);
    if (!record || !account || record.status === 'COMPLETED') return;
    const now = this.clock();
    record.status = nextStatus(record);
    record.updatedTime = now;
    if (record.status === 'COMPLETED') {
      record.txId = `0x${Buffer.from(keccak_256(new TextEncoder().encode(`sandbox-withdrawal-${id}`))).toString('hex')}`;
      account.withdrawing = Math.max(0, round(account.withdrawing - record.amount));
      state.setBalance(account, round(account.balance - record.amount));
    } else {
      this.#schedule(accountId, id);
    }
    state.events.emit('withdrawal', { accountId, withdrawal: { ...record }, timestamp: now });
  }

  close(): void {
    this.#off();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
