/**
 * Each vector `fn` (test/fixtures/risk.json) mapped onto src/risk: the snake_case decimal-text
 * inputs read as numbers, the answer named as the vector's `expected` names it.
 */
import { marginRatio } from '../../../src/risk/account.ts';
import { freeCollateral, totalCollateral } from '../../../src/risk/collateral.ts';
import { totalInitialMarginWithQty } from '../../../src/risk/initial-margin.ts';
import { currentLeverage } from '../../../src/risk/leverage.ts';
import { liqPriceCross } from '../../../src/risk/liquidation-cross.ts';
import { imr, maintenanceMargin, positionMmr } from '../../../src/risk/margin-rates.ts';
import { maxQtyCross } from '../../../src/risk/max-qty.ts';
import { notional, unrealizedPnl, unrealizedRoi } from '../../../src/risk/position.ts';
import {
  type EntrySide,
  offsetPercentageToPrice,
  offsetToPrice,
  pnlToPrice,
  type TpSlKind,
} from '../../../src/risk/tpsl-price.ts';
import {
  priceToOffset,
  priceToOffsetPercentage,
  priceToPnl,
} from '../../../src/risk/tpsl-reverse.ts';
import { type Fields, num, numOrNull } from './risk-vectors.ts';

type Runner = (input: Fields) => Record<string, unknown>;

const rows = (input: Fields, key: string) => input[key] as Fields[];
const numbers = (record: Fields) =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, Number(v)]));

const snake = (r: object) =>
  Object.fromEntries(
    Object.entries(r).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );

const position: Record<string, Runner> = {
  notional: (i) => ({ notional: notional(num(i, 'position_qty'), num(i, 'mark_price')) }),
  unrealized_pnl: (i) => ({
    unrealized_pnl: unrealizedPnl(
      num(i, 'position_qty'),
      num(i, 'mark_price'),
      num(i, 'average_open_price'),
    ),
  }),
  position_mmr: (i) => ({ mmr: positionMmr(rule(i), num(i, 'notional')) }),
  maintenance_margin: (i) => ({
    maintenance_margin: maintenanceMargin(
      num(i, 'position_qty'),
      num(i, 'mark_price'),
      num(i, 'mmr'),
    ),
  }),
  imr: (i) => ({
    imr: imr({
      leverage: num(i, 'leverage'),
      baseImr: num(i, 'base_imr'),
      imrFactor: num(i, 'imr_factor'),
      positionNotional: num(i, 'position_notional'),
      ordersNotional: num(i, 'orders_notional'),
    }),
  }),
  unrealized_roi: (i) => ({
    roi: unrealizedRoi({
      unrealizedPnl: num(i, 'unrealized_pnl'),
      quantity: num(i, 'position_qty'),
      averageOpenPrice: num(i, 'average_open_price'),
      imr: num(i, 'imr'),
    }),
  }),
};

function rule(i: Fields) {
  return {
    baseImr: num(i, 'base_imr'),
    baseMmr: num(i, 'base_mmr'),
    imrFactor: num(i, 'imr_factor'),
  };
}

const held = (r: Fields) => ({
  symbol: r.symbol as string,
  quantity: num(r, 'position_qty'),
  markPrice: num(r, 'mark_price'),
});

const account: Record<string, Runner> = {
  total_collateral: (i) =>
    snake(
      totalCollateral({
        usdcHolding: num(i, 'usdc_holding'),
        pendingShort: num(i, 'pending_short'),
        isolatedOrderFrozen: num(i, 'isolated_order_frozen'),
        positions: rows(i, 'positions').map((r) => ({
          marginMode: r.margin_mode as string,
          unsettledPnl: num(r, 'unsettled_pnl'),
        })),
      }),
    ),
  free_collateral: (i) => ({
    free_collateral: freeCollateral(
      num(i, 'total_collateral'),
      num(i, 'total_initial_margin_with_orders'),
    ),
  }),
  total_initial_margin_with_qty: (i) => {
    const symbols = i.symbols as Record<string, Fields>;
    const { total, bySymbol } = totalInitialMarginWithQty({
      positions: rows(i, 'positions').map((r) => ({
        symbol: r.symbol as string,
        marginMode: r.margin_mode as string,
        quantity: num(r, 'position_qty'),
        pendingLongQuantity: num(r, 'pending_long_qty'),
        pendingShortQuantity: num(r, 'pending_short_qty'),
        leverage: numOrNull(r, 'leverage'),
      })),
      markPrices: numbers(i.mark_prices as Fields),
      leverages: numbers(i.leverages as Fields),
      rules: Object.fromEntries(
        Object.entries(symbols).map(([s, r]) => [
          s,
          { baseImr: num(r, 'base_imr'), imrFactor: num(r, 'imr_factor') },
        ]),
      ),
    });
    return { total_initial_margin: total, by_symbol: bySymbol };
  },
  margin_ratio: (i) => ({
    margin_ratio: marginRatio(num(i, 'total_collateral'), rows(i, 'positions').map(held)),
  }),
  current_leverage: (i) => ({ current_leverage: currentLeverage(num(i, 'margin_ratio')) }),
};

const limits: Record<string, Runner> = {
  liq_price_cross: (i) => ({
    liq_price: liqPriceCross({
      ...rule(i),
      quantity: num(i, 'position_qty'),
      markPrice: num(i, 'mark_price'),
      mmr: num(i, 'mmr'),
      totalCollateral: num(i, 'total_collateral'),
      otherPositions: rows(i, 'other_positions').map((r) => ({ ...held(r), mmr: num(r, 'mmr') })),
    }),
  }),
  max_qty_cross: (i) => ({
    max_qty: maxQtyCross({
      side: i.side as 'BUY' | 'SELL',
      reduceOnly: i.reduce_only as boolean,
      quantity: num(i, 'position_qty'),
      pendingLongQuantity: num(i, 'pending_long_qty'),
      pendingShortQuantity: num(i, 'pending_short_qty'),
      otherInitialMargins: num(i, 'other_ims'),
      totalCollateral: num(i, 'total_collateral'),
      markPrice: num(i, 'mark_price'),
      leverage: num(i, 'leverage'),
      baseImr: num(i, 'base_imr'),
      imrFactor: num(i, 'imr_factor'),
      baseMax: num(i, 'base_max'),
      takerFeeBps: num(i, 'taker_fee_bps'),
    }),
  }),
};

const leg = (i: Fields) => ({
  side: i.side as EntrySide,
  kind: i.type as TpSlKind,
  entryPrice: num(i, 'entry_price'),
  quoteDp: numOrNull(i, 'quote_dp'),
});

const fromMark = (i: Fields) => ({
  ...leg(i),
  fromMark: i.from_mark as boolean,
  markPrice: num(i, 'mark_price'),
});

const tpsl: Record<string, Runner> = {
  pnl_to_price: (i) =>
    snake(pnlToPrice({ ...leg(i), quantity: num(i, 'qty'), pnl: num(i, 'pnl') })),
  offset_to_price: (i) => snake(offsetToPrice({ ...fromMark(i), offset: num(i, 'offset') })),
  offset_percentage_to_price: (i) =>
    snake(
      offsetPercentageToPrice({ ...fromMark(i), offsetPercentage: num(i, 'offset_percentage') }),
    ),
  price_to_pnl: (i) =>
    snake(priceToPnl({ ...leg(i), quantity: num(i, 'qty'), price: num(i, 'price') })),
  price_to_offset: (i) => snake(priceToOffset({ ...leg(i), price: num(i, 'price') })),
  price_to_offset_percentage: (i) =>
    snake(priceToOffsetPercentage({ ...leg(i), price: num(i, 'price') })),
};

export const runners: Record<string, Runner> = { ...position, ...account, ...limits, ...tpsl };
