/** The fee of a fill: the broker's rate (maker or taker, RWA or not) plus an order tag's rate. */
import { round } from './decimal.ts';
import type { SandboxState } from './state.ts';
import type { Order } from './types.ts';

/** The broker's fee for the fill (`base`) and with an order tag's extra rate (`total`). */
export function feesOf(state: SandboxState, order: Order, notional: number, maker: boolean) {
  const rwa = state.market(order.symbol).config.kind === 'rwa';
  const rates = state.feeRates;
  const rate = maker
    ? rwa
      ? rates.rwa_maker_fee_rate
      : rates.maker_fee_rate
    : rwa
      ? rates.rwa_taker_fee_rate
      : rates.taker_fee_rate;
  const base = round(notional * rate);
  return { base, total: round(base + notional * tagFeeRate(state, order)) };
}

function tagFeeRate(state: SandboxState, order: Order): number {
  if (!order.orderTag?.startsWith('enum:')) return 0;
  const config = state.orderTags.get(order.orderTag.slice('enum:'.length));
  return config ? (config.pairOverrides[order.symbol] ?? config.defaultFeeRate) : 0;
}
