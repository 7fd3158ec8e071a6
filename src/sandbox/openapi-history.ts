/**
 * OpenAPI descriptions of the account history rows (contract/endpoints-history.ts): their
 * answers (queries are generated from the rows' field tables, openapi-fields.ts).
 */
import { WALLET_SIDES, WALLET_STATUSES } from '../contract/constants.ts';
import { FUNDING_FEE_STATUSES, FUNDING_PAYMENT_TYPES } from '../contract/wire-history.ts';
import { MARGIN_MODES, SIDES } from '../contract/wire-orders.ts';
import {
  int,
  list,
  millis,
  nullable,
  num,
  obj,
  oneOf,
  type RouteDoc,
  ref,
  type Schema,
  str,
  symbol,
} from './openapi-schemas.ts';

const paged = (row: Schema): Schema => obj({ meta: ref('PageMeta'), rows: list(row) });
const newestFirst = (what: string) => `${what}, newest first`;

const TRADE: Schema = obj({
  id: int(),
  symbol,
  fee: num(),
  fee_asset: str(),
  side: oneOf(SIDES),
  order_id: int(),
  executed_price: num(),
  executed_quantity: num(),
  executed_timestamp: millis(),
  is_maker: int({ enum: [0, 1] }),
  realized_pnl: num(),
  match_id: int({ description: "the taker's trade id of the match" }),
  margin_token: str(),
  margin_change_qty: num(),
  margin_mode: oneOf(MARGIN_MODES),
  order_enum_fee: num(),
  order_enum_fee_rate: num(),
});

const ASSET: Schema = obj({
  id: str(),
  tx_id: nullable(str()),
  side: oneOf(WALLET_SIDES),
  token: str(),
  amount: num(),
  fee: num(),
  trans_status: oneOf(WALLET_STATUSES),
  created_time: millis(),
  updated_time: millis(),
  chain_id: str(),
});

const POSITION: Schema = obj({
  position_id: int(),
  status: str({ example: 'closed' }),
  type: str({ enum: ['normal', 'liquidated'] }),
  symbol,
  avg_open_price: num(),
  avg_close_price: num(),
  max_position_qty: num(),
  closed_position_qty: num(),
  side: oneOf(['LONG', 'SHORT']),
  trading_fee: num(),
  accumulated_funding_fee: num({ description: 'paid while open (negative: received)' }),
  insurance_fund_fee: num(),
  liquidator_fee: num(),
  liquidation_id: nullable(int()),
  realized_pnl: num(),
  open_timestamp: millis(),
  close_timestamp: millis(),
  last_update_timestamp: millis(),
  leverage: num(),
  margin_mode: oneOf(MARGIN_MODES),
});

const LIQUIDATION: Schema = obj({
  liquidation_id: int(),
  timestamp: millis(),
  transfer_amount_to_insurance_fund: num(),
  margin_ratio: num(),
  account_mmr: num(),
  position_notional: num(),
  collateral_value: num(),
  positions_by_perp: list(
    obj({
      symbol,
      position_qty: num(),
      total_position: num(),
      mark_price: num(),
      liquidator_fee: num(),
      cost_position_transfer: num(),
      transfer_price: num(),
      insurance_fund_fee: num(),
      abs_insurance_fund_fee: num(),
      abs_liquidator_fee: num(),
    }),
  ),
});

const FUNDING_FEE: Schema = obj({
  symbol,
  funding_rate: num(),
  mark_price: num(),
  funding_fee: num({ description: 'what moved (≥ 0); payment_type says which way' }),
  payment_type: oneOf(FUNDING_PAYMENT_TYPES),
  status: oneOf(FUNDING_FEE_STATUSES),
  created_time: millis(),
  updated_time: millis(),
  margin_mode: oneOf(MARGIN_MODES),
});

const SETTLEMENT: Schema = obj({
  id: int(),
  old_balance: num(),
  new_balance: num(),
  settled_amount: num(),
  requested_time: millis(),
  settled_time: millis(),
  status: str(),
  symbols: list(obj({ symbol, settled_amount: num() })),
});

export const HISTORY_DOCS = {
  'GET /v1/asset/history': {
    operationId: 'assetHistory',
    summary: newestFirst("The account's deposits and withdrawals (internal transfers too)"),
    data: paged(ASSET),
  },
  'GET /v1/trades': {
    operationId: 'trades',
    summary: newestFirst("The account's fills (the latest 500 matching the query)"),
    data: paged(TRADE),
  },
  'GET /v1/order/{order_id}/trades': {
    operationId: 'orderTrades',
    summary: "One order's fills, in the order they happened",
    params: { order_id: int({ minimum: 1 }) },
    data: obj({ rows: list(TRADE) }),
  },
  'GET /v1/position_history': {
    operationId: 'positionHistory',
    summary: newestFirst("The account's closed positions (by close time)"),
    data: obj({ rows: list(POSITION) }),
  },
  'GET /v1/liquidations': {
    operationId: 'liquidations',
    summary: newestFirst("The account's liquidations"),
    data: paged(LIQUIDATION),
  },
  'GET /v1/funding_fee/history': {
    operationId: 'fundingFeeHistory',
    summary: newestFirst('Funding paid or received, one row per period and position'),
    data: paged(FUNDING_FEE),
  },
  'GET /v1/pnl_settlement/history': {
    operationId: 'pnlSettlementHistory',
    summary: newestFirst("The account's PnL settlements"),
    data: paged(SETTLEMENT),
  },
} satisfies Record<string, RouteDoc>;
