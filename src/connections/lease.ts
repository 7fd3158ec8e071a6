/** One connection's hold on the budget: its slots, given back once. */
import type { ConnectionKind } from './metrics.ts';

export interface Lease {
  /** Charges `principal` too; false over its cap (the lease is unchanged, the refusal counted). */
  bindPrincipal(principal: string): boolean;
  /** Gives every slot back; later calls do nothing. */
  release(): void;
}

/** The budget's bookkeeping a lease calls back into. */
export interface LeaseLedger {
  /** Charges `principal` one `kind` slot; false (and the refusal counted) over its cap. */
  charge(kind: ConnectionKind, principal: string): boolean;
  /** Gives back the slots a lease held. */
  free(kind: ConnectionKind, ip: string | undefined, principal: string | undefined): void;
}

export class BudgetLease implements Lease {
  private principal: string | undefined;
  private released = false;

  constructor(
    private readonly budget: LeaseLedger,
    private readonly kind: ConnectionKind,
    private readonly ip: string | undefined,
  ) {}

  bindPrincipal(principal: string): boolean {
    if (this.released || this.principal !== undefined) return !this.released;
    if (!this.budget.charge(this.kind, principal)) return false;
    this.principal = principal;
    return true;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.budget.free(this.kind, this.ip, this.principal);
  }
}
