/** Enums of the algo orders (contract/wire-algo.ts); values are the wire values. */
import {
  ALGO_LEG_ORDER_TYPES,
  ALGO_LEG_TYPES,
  ALGO_ORDER_TYPES,
  ALGO_STATUS_FILTERS,
  ALGO_STATUSES,
  ALGO_TYPES,
} from '../contract/wire-algo.ts';
import { builder } from './builder.ts';

export const AlgoTypeEnum = builder.enumType('AlgoType', {
  description:
    'STOP: an order placed when the mark crosses its trigger. TP_SL: a partial take-profit/stop-loss (a quantity). POSITIONAL_TP_SL: the whole position, following its size. BRACKET: an order with a TP/SL attached. TRAILING_STOP: a stop that follows the best mark by a callback.',
  values: ALGO_TYPES,
});

export const AlgoOrderKindEnum = builder.enumType('AlgoOrderKind', {
  description: "A root's AlgoType, or a leg's TAKE_PROFIT or STOP_LOSS.",
  values: [...ALGO_TYPES, ...ALGO_LEG_TYPES] as const,
});

export const AlgoLegTypeEnum = builder.enumType('AlgoLegType', { values: ALGO_LEG_TYPES });

export const AlgoLegOrderTypeEnum = builder.enumType('AlgoLegOrderType', {
  description: 'The order a trigger places: CLOSE_POSITION only on POSITIONAL_TP_SL legs.',
  values: ALGO_LEG_ORDER_TYPES,
});

export const AlgoStatusEnum = builder.enumType('AlgoStatus', {
  description: 'FILLED, CANCELLED and REJECTED are final; REPLACED shows right after an edit.',
  values: ALGO_STATUSES,
});

export const AlgoStatusFilterEnum = builder.enumType('AlgoStatusFilter', {
  description: 'A status, or INCOMPLETE (NEW + PARTIAL_FILLED) / COMPLETED (final).',
  values: ALGO_STATUS_FILTERS,
});

export const AlgoOrderTypeEnum = builder.enumType('AlgoOrderType', {
  description: 'The order a STOP, BRACKET or TRAILING_STOP (MARKET only) places.',
  values: ALGO_ORDER_TYPES,
});

/** What a child of PlaceAlgoOrderInput may be: a leg, or a BRACKET's TP/SL holding legs. */
export const AlgoChildTypeEnum = builder.enumType('AlgoChildType', {
  values: [...ALGO_LEG_TYPES, 'TP_SL', 'POSITIONAL_TP_SL'] as const,
});
