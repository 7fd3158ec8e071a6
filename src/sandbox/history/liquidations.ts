/**
 * A liquidation in the history: its GET /v1/liquidations row (the account's figures just
 * before, each position taken over at the mark) and, in the position history, each position
 * it closed (`type` liquidated).
 */
import type { LiquidationPerpRow } from '../../contract/wire-history.ts';
import type { MarginMode } from '../../contract/wire-orders.ts';
import { round } from '../decimal.ts';
import type { Liquidated } from '../events.ts';
import { leverageOf } from '../leverage-setting.ts';
import type { AccountFigures } from '../portfolio.ts';
import type { Account, SandboxState } from '../state.ts';
import { keep } from './book.ts';
import { type Held, positionLiquidated } from './positions.ts';

/** A position as the liquidation found it. */
export interface TakenOver extends Held {
  key: string;
}

export interface LiquidationFacts {
  event: Liquidated;
  /** The account's figures before (collateral, margin ratio, maintenance ratio). */
  figures: AccountFigures;
  taken: TakenOver[];
  /** The loss beyond the collateral, which the insurance fund bears. */
  toInsuranceFund: number;
}

function perpRow(p: Liquidated['positions'][number]): LiquidationPerpRow {
  return {
    symbol: p.symbol,
    position_qty: p.positionQty,
    total_position: p.positionQty,
    mark_price: p.transferPrice,
    liquidator_fee: p.liquidatorFee,
    cost_position_transfer: round(p.positionQty * p.transferPrice),
    transfer_price: p.transferPrice,
    insurance_fund_fee: 0,
    abs_insurance_fund_fee: 0,
    abs_liquidator_fee: Math.abs(p.liquidatorFee),
  };
}

export function liquidationRecorded(
  state: SandboxState,
  account: Account,
  facts: LiquidationFacts,
): void {
  const { event, figures } = facts;
  const history = state.history.of(account);
  const perps = event.positions.map(perpRow);
  keep(history.liquidations, {
    liquidation_id: event.liquidationId,
    timestamp: event.timestamp,
    transfer_amount_to_insurance_fund: round(facts.toInsuranceFund),
    margin_ratio: figures.margin_ratio,
    account_mmr: figures.maintenance_margin_ratio,
    position_notional: round(perps.reduce((sum, p) => sum + Math.abs(p.cost_position_transfer), 0)),
    collateral_value: figures.total_collateral_value,
    positions_by_perp: perps,
  });
  event.positions.forEach((p, i) => {
    const taken = facts.taken[i];
    if (!taken) return;
    const mode = p.marginMode as MarginMode;
    positionLiquidated(history, taken.key, taken, p.transferPrice, {
      type: 'liquidated',
      leverage: leverageOf(state, account, p.symbol, mode),
      now: event.timestamp,
      liquidationId: event.liquidationId,
      liquidatorFee: p.liquidatorFee,
    });
  });
}
