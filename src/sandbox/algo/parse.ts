/**
 * The body of POST /v1/algo/order (market-algo-risk-facts.md §3, "Shapes"): every field's rule
 * by algo type, each failure naming the field (-1005; unknown fields -1004; prices -1103,
 * quantities -1104). What depends on the account's state (position, mark, slots) is checks.ts.
 */
import { ORDER_TAG_MAX } from '../../contract/constants.ts';
import { ALGO_ORDER_BODY } from '../../contract/fields-algo.ts';
import {
  ALGO_ORDER_TYPES,
  ALGO_TYPES,
  type AlgoOrderType,
  type AlgoType,
  TRIGGER_PRICE_TYPES,
} from '../../contract/wire-algo.ts';
import { MARGIN_MODES, type MarginMode, SIDES, type Side } from '../../contract/wire-orders.ts';
import { duplicate, invalid } from '../errors.ts';
import type { Market } from '../market/market.ts';
import { checkOrderTag } from '../routes/order-rules.ts';
import type { SandboxState } from '../state.ts';
import type { Account } from '../types.ts';
import { checkSymbol, Fields } from '../validation.ts';
import { checkAlgoPrice, checkAlgoQuantity } from './fields.ts';
import { type GroupDraft, parseBracketChild, parseLegs } from './parse-legs.ts';
import { parseTrailing, TRAILING_FIELDS, type TrailingDraft } from './parse-trailing.ts';

export type { GroupDraft, LegDraft } from './parse-legs.ts';

export interface AlgoDraft {
  symbol: string;
  algoType: AlgoType;
  clientOrderId: string | null;
  side: Side | null;
  type: AlgoOrderType | null;
  price: number | null;
  quantity: number | null;
  triggerPrice: number | null;
  reduceOnly: boolean;
  orderTag: string | null;
  marginMode: MarginMode;
  trailing: TrailingDraft | null;
  /** TP_SL and POSITIONAL_TP_SL: the root's legs; BRACKET: its TP/SL child. */
  group: GroupDraft | null;
}

/** Every root field any type takes (the row's table). */
const ROOT_FIELDS = Object.keys(ALGO_ORDER_BODY);

/** Which root fields each type takes (besides the common ones) and requires. */
const SHAPES: Record<AlgoType, { takes: readonly string[]; requires: readonly string[] }> = {
  STOP: {
    takes: ['side', 'type', 'price', 'quantity', 'trigger_price'],
    requires: ['side', 'type', 'quantity', 'trigger_price'],
  },
  TRAILING_STOP: {
    takes: ['side', 'type', 'quantity', ...TRAILING_FIELDS],
    requires: ['side', 'quantity'],
  },
  TP_SL: { takes: ['quantity', 'child_orders'], requires: ['quantity', 'child_orders'] },
  POSITIONAL_TP_SL: { takes: ['child_orders'], requires: ['child_orders'] },
  BRACKET: {
    takes: ['side', 'type', 'price', 'quantity', 'child_orders'],
    requires: ['side', 'type', 'quantity', 'child_orders'],
  },
};
const COMMON = [
  'symbol',
  'algo_type',
  'client_order_id',
  'trigger_price_type',
  'reduce_only',
  'visible_quantity',
  'order_tag',
  'margin_mode',
  'signature',
];

function checkShape(f: Fields, algoType: AlgoType): void {
  const { takes, requires } = SHAPES[algoType];
  for (const field of ROOT_FIELDS) {
    if (f.has(field) && !takes.includes(field) && !COMMON.includes(field)) {
      throw invalid(field, `not taken by ${algoType} orders`);
    }
  }
  for (const field of requires)
    if (!f.has(field)) throw invalid(field, `is required for ${algoType}`);
}

function clientOrderIdOf(state: SandboxState, account: Account, f: Fields): string | null {
  const id = f.of(ALGO_ORDER_BODY).read('client_order_id');
  if (id === undefined) return null;
  if (state.algo.byClientId(account, id)) {
    throw duplicate(`client_order_id: ${id} is already used by an algo order of this account`);
  }
  return id;
}

/** The price of a LIMIT root (required), none for MARKET. */
function rootPrice(market: Market, f: Fields, type: AlgoOrderType | null): number | null {
  const price = f.number('price', { positive: true, required: type === 'LIMIT' }) ?? null;
  if (price !== null && type !== 'LIMIT') throw invalid('price', 'only for LIMIT orders');
  if (price !== null) checkAlgoPrice(market, 'price', price);
  return price;
}

export function parseAlgoOrder(state: SandboxState, account: Account, body: unknown): AlgoDraft {
  const f = Fields.body(body, ALGO_ORDER_BODY);
  const symbol = f.requiredString('symbol');
  checkSymbol('symbol', symbol, state.symbolKnown);
  const market = state.market(symbol);
  const algoType = f.oneOf('algo_type', ALGO_TYPES, true)!;
  checkShape(f, algoType);
  const clientOrderId = clientOrderIdOf(state, account, f);
  const type =
    f.oneOf('type', ALGO_ORDER_TYPES) ?? (algoType === 'TRAILING_STOP' ? 'MARKET' : null);
  if (algoType === 'TRAILING_STOP' && type !== 'MARKET')
    throw invalid('type', 'TRAILING_STOP orders are MARKET');
  const quantity = f.number('quantity', { positive: true }) ?? null;
  if (quantity !== null) checkAlgoQuantity(market, 'quantity', quantity);
  const triggerPrice = f.number('trigger_price', { positive: true }) ?? null;
  if (triggerPrice !== null) checkAlgoPrice(market, 'trigger_price', triggerPrice);
  f.oneOf('trigger_price_type', TRIGGER_PRICE_TYPES);
  f.boolean('visible_quantity');
  const orderTag = f.string('order_tag', { max: ORDER_TAG_MAX }) ?? null;
  if (orderTag !== null) checkOrderTag(state, 'order_tag', orderTag);
  const side = f.oneOf('side', SIDES) ?? null;
  const group =
    algoType === 'BRACKET'
      ? parseBracketChild(market, f)
      : algoType === 'TP_SL' || algoType === 'POSITIONAL_TP_SL'
        ? { algoType, legs: parseLegs(market, f, '', algoType) }
        : null;
  return {
    symbol,
    algoType,
    clientOrderId,
    side,
    type,
    price: rootPrice(market, f, type),
    quantity,
    triggerPrice,
    // TP/SL legs and positional orders only ever reduce.
    reduceOnly:
      group !== null && algoType !== 'BRACKET' ? true : (f.boolean('reduce_only') ?? false),
    orderTag,
    marginMode: f.oneOf('margin_mode', MARGIN_MODES) ?? state.marginMode(account, symbol),
    trailing: algoType === 'TRAILING_STOP' ? parseTrailing(market, f) : null,
    group,
  };
}
