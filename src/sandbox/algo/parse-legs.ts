/**
 * The `child_orders` of POST /v1/algo/order: a TP/SL group's legs (one or two, a take-profit
 * and/or a stop-loss, on one side, reduce-only) and a BRACKET's one TP/SL child holding them.
 * Each object carries its own order signature (verified by the pipeline, `tree`).
 */
import { ALGO_LEG } from '../../contract/fields-algo.ts';
import {
  ALGO_LEG_ORDER_TYPES,
  ALGO_LEG_TYPES,
  type AlgoLegOrderType,
  type AlgoLegType,
  TRIGGER_PRICE_TYPES,
} from '../../contract/wire-algo.ts';
import { SIDES, type Side } from '../../contract/wire-orders.ts';
import { invalid } from '../errors.ts';
import type { Market } from '../market/market.ts';
import { Fields } from '../validation.ts';
import { checkAlgoPrice } from './fields.ts';

export interface LegDraft {
  algoType: AlgoLegType;
  side: Side;
  type: AlgoLegOrderType;
  triggerPrice: number;
  price: number | null;
}

export type GroupType = 'TP_SL' | 'POSITIONAL_TP_SL';

export interface GroupDraft {
  algoType: GroupType;
  legs: LegDraft[];
}

/** A leg's fields (the row's table; a BRACKET child's legs are the same). */
const LEG_FIELDS = Object.keys(ALGO_LEG);
const GROUP_FIELDS = ['symbol', 'algo_type', 'trigger_price_type', 'child_orders', 'signature'];

/** The array under `child_orders`: 1 to `max` objects. */
export function childrenOf(f: Fields, prefix: string, max: number): unknown[] {
  const children = f.raw('child_orders');
  const field = `${prefix}child_orders`;
  if (children === undefined) throw invalid(field, 'is required');
  if (!Array.isArray(children) || children.length === 0 || children.length > max) {
    throw invalid(field, `must be an array of 1 to ${max} orders`);
  }
  return children;
}

function parseLeg(market: Market, body: unknown, prefix: string, group: GroupType): LegDraft {
  const f = Fields.body(body, LEG_FIELDS, prefix);
  const symbol = f.requiredString('symbol');
  if (symbol !== market.symbol) throw invalid(`${prefix}symbol`, `must be ${market.symbol}`);
  const algoType = f.oneOf('algo_type', ALGO_LEG_TYPES, true)!;
  const side = f.oneOf('side', SIDES, true)!;
  const type = f.oneOf('type', ALGO_LEG_ORDER_TYPES, true)!;
  if (type === 'CLOSE_POSITION' && group !== 'POSITIONAL_TP_SL') {
    throw invalid(`${prefix}type`, 'CLOSE_POSITION only on POSITIONAL_TP_SL legs');
  }
  const triggerPrice = f.requiredNumber('trigger_price', { positive: true });
  checkAlgoPrice(market, `${prefix}trigger_price`, triggerPrice);
  const price = f.number('price', { positive: true, required: type === 'LIMIT' }) ?? null;
  if (price !== null && type !== 'LIMIT') throw invalid(`${prefix}price`, 'only for LIMIT legs');
  if (price !== null) checkAlgoPrice(market, `${prefix}price`, price);
  if (f.boolean('reduce_only') === false) {
    throw invalid(`${prefix}reduce_only`, 'take-profit and stop-loss legs are reduce-only');
  }
  f.oneOf('trigger_price_type', TRIGGER_PRICE_TYPES);
  return { algoType, side, type, triggerPrice, price };
}

/** The legs of a TP/SL group (`prefix` names where they are); legs sent switched off are dropped. */
export function parseLegs(market: Market, f: Fields, prefix: string, group: GroupType): LegDraft[] {
  const legs: LegDraft[] = [];
  childrenOf(f, prefix, 2).forEach((body, i) => {
    const at = `${prefix}child_orders[${i}].`;
    const activated = Fields.body(body, LEG_FIELDS, at).boolean('is_activated');
    if (activated !== false) legs.push(parseLeg(market, body, at, group));
  });
  if (legs.length === 0)
    throw invalid(`${prefix}child_orders`, 'at least one leg must be activated');
  if (legs.length === 2 && legs[0]!.algoType === legs[1]!.algoType) {
    throw invalid(`${prefix}child_orders`, 'one TAKE_PROFIT and one STOP_LOSS at most');
  }
  if (legs.length === 2 && legs[0]!.side !== legs[1]!.side) {
    throw invalid(`${prefix}child_orders[1].side`, 'both legs close the same position: one side');
  }
  return legs;
}

/** A BRACKET's one child: a TP_SL or POSITIONAL_TP_SL group with its legs. */
export function parseBracketChild(market: Market, f: Fields): GroupDraft {
  const [body] = childrenOf(f, '', 1);
  const prefix = 'child_orders[0].';
  const g = Fields.body(body, GROUP_FIELDS, prefix);
  const symbol = g.requiredString('symbol');
  if (symbol !== market.symbol) throw invalid(`${prefix}symbol`, `must be ${market.symbol}`);
  const algoType = g.oneOf('algo_type', ['TP_SL', 'POSITIONAL_TP_SL'] as const, true)!;
  g.oneOf('trigger_price_type', TRIGGER_PRICE_TYPES);
  return { algoType, legs: parseLegs(market, g, prefix, algoType) };
}
