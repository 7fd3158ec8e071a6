/**
 * Liquidations: after a mid move, every account holding the symbol whose collateral (balance
 * plus unsettled PnL) has fallen below its maintenance margin has its pending orders
 * cancelled and every position closed at the mark, paying the liquidator fee. Told as a
 * `liquidation` event (the `liquidationsaccount` push), then position and balance events, and
 * kept in the history (a liquidation row; its positions closed in the position history).
 * A deliberately small model, like the portfolio it reads (docs/sandbox.md).
 */
import { round } from '../decimal.ts';
import type { Liquidated } from '../events.ts';
import { liquidationRecorded, type TakenOver } from '../history/liquidations.ts';
import { positionRowOf, positionsOf } from '../portfolio.ts';
import { isPending } from '../records.ts';
import type { Account, Position, SandboxState } from '../state.ts';
import type { TradingEngine } from '../trading.ts';

/** Share of the closed notional the account pays the liquidator. */
export const LIQUIDATOR_FEE_RATE = 0.01;

export class Liquidator {
  private ids = 0;
  private readonly off: () => void;

  constructor(
    private readonly state: SandboxState,
    private readonly engine: TradingEngine,
    private readonly clock: () => number,
  ) {
    this.off = state.events.on('mid', ({ symbol }) => {
      for (const account of state.accounts.values()) {
        if (state.hasPosition(account, symbol) && this.belowMaintenance(account)) {
          this.liquidate(account);
        }
      }
    });
  }

  close(): void {
    this.off();
  }

  private belowMaintenance(account: Account): boolean {
    const figures = positionsOf(this.state, account, this.clock());
    const notional = figures.rows.reduce(
      (sum, r) => sum + Math.abs(r.position_qty) * r.mark_price,
      0,
    );
    return (
      notional > 0 && figures.total_collateral_value < notional * figures.maintenance_margin_ratio
    );
  }

  private liquidate(account: Account): void {
    const { state } = this;
    const now = this.clock();
    for (const order of [...account.openOrders]) {
      if (isPending(order)) this.engine.cancel(order, 'cancelled by liquidation');
    }
    const event: Liquidated = {
      accountId: account.accountId,
      liquidationId: ++this.ids,
      positions: [],
      timestamp: now,
    };
    let balance = account.balance;
    const figures = positionsOf(state, account, now);
    const closed: Position[] = [];
    const taken: TakenOver[] = [];
    for (const [key, position] of account.positions) {
      if (position.quantity === 0) continue;
      const [symbol = '', marginMode = 'CROSS'] = key.split('|');
      const mark = state.market(symbol).mid;
      const fee = round(Math.abs(position.quantity) * mark * LIQUIDATOR_FEE_RATE);
      balance += position.quantity * (mark - position.averageOpenPrice) - fee;
      event.positions.push({
        symbol,
        marginMode,
        positionQty: position.quantity,
        transferPrice: mark,
        liquidatorFee: fee,
      });
      closed.push(position);
      taken.push({ key, quantity: position.quantity, averageOpenPrice: position.averageOpenPrice });
    }
    const toInsuranceFund = Math.max(0, -balance);
    liquidationRecorded(state, account, { event, figures, taken, toInsuranceFund });
    for (const position of closed) {
      position.quantity = 0;
      position.averageOpenPrice = 0;
      position.updatedTime = now;
    }
    state.events.emit('liquidation', event);
    for (const p of event.positions) {
      const mode = p.marginMode === 'ISOLATED' ? 'ISOLATED' : 'CROSS';
      if (!state.events.listening('position')) break;
      const position = positionRowOf(state, account, p.symbol, mode, now);
      state.events.emit('position', { accountId: account.accountId, position, timestamp: now });
    }
    // Losses beyond the collateral are the insurance fund's, not a negative balance.
    state.setBalance(account, round(Math.max(0, balance)));
  }
}
