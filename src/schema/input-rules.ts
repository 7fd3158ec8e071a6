/**
 * Whole-input zod schemas of the trader operations: the field rules of rules.ts plus the
 * cross-field rules of each input. Attached to the input types (and multi-argument fields)
 * with `validate: { schema }`. Broker-admin inputs: admin-input-rules.ts.
 */
import { z } from 'zod';
import { MARGIN_MODES, ORDER_TYPES, type OrderType, SIDES } from '../contract/wire.ts';
import * as r from './rules.ts';

const PRICELESS: readonly OrderType[] = ['MARKET', 'ASK', 'BID'];

export const placeOrderInput = z
  .object({
    symbol: r.symbol,
    orderType: z.enum(ORDER_TYPES),
    side: z.enum(SIDES),
    clientOrderId: r.clientOrderId.nullish(),
    orderPrice: r.positive.nullish(),
    orderQuantity: r.positive.nullish(),
    orderAmount: r.positive.nullish(),
    visibleQuantity: r.nonNegative.nullish(),
    reduceOnly: z.boolean().nullish(),
    slippage: r.positive
      .refine((v) => v <= 1, r.rule('max', 'must be at most 1 (a fraction of the mid price)'))
      .nullish(),
    orderTag: r.orderTag.nullish(),
    level: r.level.nullish(),
    postOnlyAdjust: z.boolean().nullish(),
    marginMode: z.enum(MARGIN_MODES).nullish(),
  })
  .superRefine(
    r.crossRules([
      {
        path: 'orderPrice',
        rule: 'requiredForType',
        message: 'is required unless orderType is MARKET, ASK or BID',
        broken: (i) => !PRICELESS.includes(i.orderType) && !r.given(i.orderPrice),
      },
      {
        path: 'orderQuantity',
        rule: 'requiredForType',
        message: 'is required (MARKET, ASK and BID orders may give orderAmount instead)',
        broken: (i) =>
          !r.given(i.orderQuantity) && !(PRICELESS.includes(i.orderType) && r.given(i.orderAmount)),
      },
      {
        path: 'orderAmount',
        rule: 'onlyForMarketBidAsk',
        message: 'is allowed only when orderType is MARKET, ASK or BID',
        broken: (i) => r.given(i.orderAmount) && !PRICELESS.includes(i.orderType),
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
    ]),
  );

export const setDefaultMarginModeInput = z.object({
  symbol: r.symbol,
  defaultMarginMode: z.enum(MARGIN_MODES),
});

export const internalTransferInput = z.object({
  signature: r.text(),
  userAddress: r.text(),
  verifyingContract: r.text(),
  message: z.object({
    receiver: r.text(),
    token: r.text(),
    amount: r.positive,
    transferNonce: r.digits,
    chainId: r.digits,
    chainType: r.text(),
  }),
});

/** Arguments of `refereeRebateSummary`. */
export const refereeRebateSummaryArgs = z
  .object({ startDate: r.isoDate.nullish(), endDate: r.isoDate.nullish() })
  .superRefine(
    r.crossRules([
      {
        path: 'endDate',
        rule: 'dateOrder',
        message: 'must not be before startDate',
        broken: (i) => !r.datesOrdered(i.startDate, i.endDate),
      },
    ]),
  );
