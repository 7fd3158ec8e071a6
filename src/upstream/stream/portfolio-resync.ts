/**
 * The portfolio half of a resync: positions and balances re-read after a reconnect, each one
 * emitted when it differs from what the subscribers last saw (pushed or re-read).
 */
import {
  type BalanceModel,
  balanceFromRest,
  type PositionModel,
  positionFromRest,
} from '../../models/portfolio.ts';
import type { AccountReads } from './account-reads.ts';
import type { AccountStreamEvent } from './models.ts';

/** What the subscribers last saw of the account's positions and balances. */
export class PortfolioSeen {
  private readonly positions = new Map<string, PositionModel>();
  private readonly balances = new Map<string, BalanceModel>();

  /** Records pushed positions and balances (subscribers saw them). */
  note(event: { positions?: PositionModel[]; balances?: BalanceModel[] }): void {
    for (const p of event.positions ?? []) this.positions.set(`${p.symbol}|${p.marginMode}`, p);
    for (const b of event.balances ?? []) this.balances.set(b.token, b);
  }

  /** Records the positions and returns those that moved (or were never seen). */
  positionsMoved(positions: PositionModel[]): PositionModel[] {
    return positions.filter((p) => {
      const key = `${p.symbol}|${p.marginMode}`;
      const known = this.positions.get(key);
      this.positions.set(key, p);
      return (
        !known || known.quantity !== p.quantity || known.averageOpenPrice !== p.averageOpenPrice
      );
    });
  }

  /** Records the balances and returns those that moved (or were never seen). */
  balancesMoved(balances: BalanceModel[]): BalanceModel[] {
    return balances.filter((b) => {
      const known = this.balances.get(b.token);
      this.balances.set(b.token, b);
      return !known || known.holding !== b.holding || known.frozen !== b.frozen;
    });
  }
}

/** A read that logs its failure and answers undefined. */
export type Attempt = <T>(what: string, read: () => Promise<T>) => Promise<T | undefined>;

/** Positions and balances that moved while the stream was down. */
export async function resyncPortfolio(
  seen: PortfolioSeen,
  reads: Pick<AccountReads, 'positions' | 'holdings'>,
  emit: (event: AccountStreamEvent) => void,
  attempt: Attempt,
): Promise<void> {
  const rows = (await attempt('positions', reads.positions)) ?? [];
  const positions = seen.positionsMoved(rows.map(positionFromRest));
  if (positions.length > 0) emit({ type: 'positions', positions });
  const holdings = (await attempt('balances', reads.holdings)) ?? [];
  const balances = seen.balancesMoved(holdings.map(balanceFromRest));
  if (balances.length > 0) emit({ type: 'balances', balances });
}
