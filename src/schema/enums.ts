/** Enums shared by several domain files; values are the wire values unless noted. */

import {
  MARGIN_MODES,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
  ORDER_STATUSES,
  ORDER_TYPES,
  SIDES,
  type ReferralSort as WireReferralSort,
} from '../contract/wire.ts';
import { ERROR_CODES } from '../resolvers/errors.ts';
import { builder } from './builder.ts';

export const OrderTypeEnum = builder.enumType('OrderType', {
  description: 'LIMIT, MARKET, IOC, FOK, POST_ONLY, or ASK/BID (a price level of the book).',
  values: ORDER_TYPES,
});

export const SideEnum = builder.enumType('Side', { values: SIDES });

export const MarginModeEnum = builder.enumType('MarginMode', { values: MARGIN_MODES });

export const OrderStatusEnum = builder.enumType('OrderStatus', {
  description:
    'FILLED, CANCELLED and REJECTED are final. PENDING_NEW and PENDING_CANCEL are in flight; REPLACED shows right after an edit, before the order carries on with its new price or quantity.',
  values: ORDER_STATUSES,
});

export const OrderStatusFilterEnum = builder.enumType('OrderStatusFilter', {
  description: 'A status, or INCOMPLETE (NEW + PARTIAL_FILLED) / COMPLETED (CANCELLED + FILLED).',
  values: ORDER_STATUS_FILTERS,
});

export const OrderSortEnum = builder.enumType('OrderSort', {
  description: 'Ties are broken by order id, in the same direction.',
  values: ORDER_SORTS,
});

export const ACCOUNT_MODES = ['FUTURES'] as const;
export const AccountModeEnum = builder.enumType('AccountMode', { values: ACCOUNT_MODES });

export const MARKET_KINDS = ['STANDARD', 'FUTURES', 'RWA'] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];
export const MarketKindEnum = builder.enumType('MarketKind', {
  description: 'Kind of market; each kind has its own maker and taker fee rates.',
  values: MARKET_KINDS,
});

/** Sort order of referral admin rows (descending); values map to the wire `sort_by`. */
export const ReferralSortEnum = builder.enumType('ReferralSort', {
  values: {
    TOTAL_INVITES: { value: 'total_invites' },
    TOTAL_TRADED: { value: 'total_traded' },
    REFEREE_VOLUME: { value: 'referee_volume' },
  } as const satisfies Record<string, { value: WireReferralSort }>,
});

export const ErrorCodeEnum = builder.enumType('ErrorCode', {
  description: 'The error vocabulary; the same values appear in extensions.code.',
  values: ERROR_CODES,
});
