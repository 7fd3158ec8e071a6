/**
 * Cross-field rules of the trader inputs (each field carries its own rule, field-rules.ts),
 * attached as `validate: { refine: refinements(...) }`. Order lifecycle: order-rules.ts;
 * broker-admin inputs: admin-input-rules.ts.
 */
import { PRICELESS_ORDER_TYPES as PRICELESS } from '../contract/constants.ts';
import type { OrderType } from '../contract/wire.ts';
import * as r from './rules.ts';

/** Every field optional, so that the input type's own shape is inferred from its fields. */
interface PlaceOrderFields {
  orderType?: OrderType;
  orderPrice?: number | null;
  orderQuantity?: number | null;
  orderAmount?: number | null;
  visibleQuantity?: number | null;
  level?: number | null;
  postOnlyAdjust?: boolean | null;
}

/** POST /v1/order's rules between fields: sizes by order type, options only some types take. */
export const placeOrderRules: r.CrossRule<PlaceOrderFields>[] = [
  {
    path: 'orderPrice',
    rule: 'requiredForType',
    message: 'is required unless orderType is MARKET, ASK or BID',
    broken: (i) => !PRICELESS.includes(i.orderType!) && !r.given(i.orderPrice),
  },
  {
    path: 'orderQuantity',
    rule: 'requiredForType',
    message: 'is required (MARKET, ASK and BID orders may give orderAmount instead)',
    broken: (i) =>
      !r.given(i.orderQuantity) && !(PRICELESS.includes(i.orderType!) && r.given(i.orderAmount)),
  },
  {
    path: 'orderAmount',
    rule: 'onlyForMarketBidAsk',
    message: 'is allowed only when orderType is MARKET, ASK or BID',
    broken: (i) => r.given(i.orderAmount) && !PRICELESS.includes(i.orderType!),
  },
  {
    path: 'orderAmount',
    rule: 'quantityOrAmount',
    message: 'give orderQuantity or orderAmount, not both',
    broken: (i) => r.given(i.orderAmount) && r.given(i.orderQuantity),
  },
  {
    path: 'visibleQuantity',
    rule: 'notAboveQuantity',
    message: 'must not exceed orderQuantity',
    broken: (i) =>
      r.given(i.visibleQuantity) &&
      r.given(i.orderQuantity) &&
      (i.visibleQuantity as number) > (i.orderQuantity as number),
  },
  {
    path: 'level',
    rule: 'onlyForBidAsk',
    message: 'is allowed only when orderType is BID or ASK',
    broken: (i) => r.given(i.level) && i.orderType !== 'BID' && i.orderType !== 'ASK',
  },
  {
    path: 'visibleQuantity',
    rule: 'notForPostOnly',
    message: 'is not supported for POST_ONLY orders',
    broken: (i) => r.given(i.visibleQuantity) && i.orderType === 'POST_ONLY',
  },
  {
    path: 'postOnlyAdjust',
    rule: 'onlyForPostOnly',
    message: 'is allowed only when orderType is POST_ONLY',
    broken: (i) => r.given(i.postOnlyAdjust) && i.orderType !== 'POST_ONLY',
  },
];

/** Cross-field rule of `refereeRebateSummary`'s arguments (each carries its own rule). */
export const refereeRebateSummaryRules: r.CrossRule<{
  startDate?: string | null;
  endDate?: string | null;
}>[] = [
  {
    path: 'endDate',
    rule: 'dateOrder',
    message: 'must not be before startDate',
    broken: (i) => !r.datesOrdered(i.startDate, i.endDate),
  },
];
