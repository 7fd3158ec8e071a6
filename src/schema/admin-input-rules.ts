/** Whole-input zod schemas of the broker-admin operations (see input-rules.ts). */
import { z } from 'zod';
import { addDecimals, compareDecimals, decimalOf } from '../contract/decimal.ts';
import { REFERRAL_SORTS } from '../contract/wire.ts';
import * as r from './rules.ts';

export const defaultFeeRatesInput = z.object({
  makerFeeRate: r.feeRate,
  takerFeeRate: r.feeRate,
  rwaMakerFeeRate: r.feeRate.nullish(),
  rwaTakerFeeRate: r.feeRate.nullish(),
});

export const orderTagFeeConfigInput = z.object({
  name: r.text(100).nullish(),
  description: z
    .string()
    .refine((v) => v.length <= 500, r.rule('maxLength', 'must be at most 500 characters'))
    .nullish(),
  defaultFeeRate: r.feeRate.nullish(),
  pairOverrides: z
    .array(z.object({ symbol: r.symbol, feeRate: r.feeRate }))
    .refine(
      (v) => v.length <= r.MAX_PAIR_OVERRIDES,
      r.rule('maxItems', `must have at most ${r.MAX_PAIR_OVERRIDES} items`),
    )
    .refine(
      (v) => new Set(v.map((p) => p.symbol)).size === v.length,
      r.rule('unique', 'must not repeat a symbol'),
    )
    .nullish(),
});

export const pointsStageInput = z
  .object({
    stageId: r.integerIn(1, Number.MAX_SAFE_INTEGER).nullish(),
    stageName: r.text(100).nullish(),
    startDate: r.isoDate.nullish(),
    endDate: r.isoDate.nullish(),
    volumeBoost: r.nonNegative.nullish(),
    pnlBoost: r.nonNegative.nullish(),
    l1ReferralBoost: r.nonNegative.nullish(),
    l2ReferralBoost: r.nonNegative.nullish(),
    isContinous: z.boolean().nullish(),
  })
  .superRefine(
    r.crossRules([
      {
        path: 'endDate',
        rule: 'dateOrder',
        message: 'must not be before startDate',
        broken: (i) => !r.datesOrdered(i.startDate, i.endDate),
      },
      {
        path: 'stageName',
        rule: 'requiredOnCreate',
        message: 'is required when creating a stage (no stageId)',
        broken: (i) => !r.given(i.stageId) && !r.given(i.stageName),
      },
      {
        path: 'startDate',
        rule: 'requiredOnCreate',
        message: 'is required when creating a stage (no stageId)',
        broken: (i) => !r.given(i.stageId) && !r.given(i.startDate),
      },
    ]),
  );

/** Whether a + b > max, in exact decimals (each number's shortest decimal text): 0.1 + 0.2 = 0.3. */
export const sumAbove = (a: number, b: number, max: number): boolean =>
  [a, b, max].every(Number.isFinite) &&
  compareDecimals(addDecimals(decimalOf(a), decimalOf(b)), decimalOf(max)) > 0;

export const createReferralCodeInput = z
  .object({
    accountId: r.text(),
    referralCode: r.referralCode,
    maxRebateRate: r.rate,
    referrerRebateRate: r.rate,
    refereeRebateRate: r.rate,
  })
  .superRefine(
    r.crossRules([
      {
        path: 'referrerRebateRate',
        rule: 'sharesWithinMax',
        message: 'referrerRebateRate + refereeRebateRate must not exceed maxRebateRate',
        broken: (i) => sumAbove(i.referrerRebateRate, i.refereeRebateRate, i.maxRebateRate),
      },
    ]),
  );

export const affiliateRebateRateInput = z.object({
  rebateRate: r.rate,
  accountIds: r.accountIds,
});

/** Arguments of `referralAdminInfo`. */
export const referralAdminInfoArgs = z
  .object({
    page: r.page.nullish(),
    size: r.pageSize.nullish(),
    userAddress: r.text().nullish(),
    accountId: r.text().nullish(),
    sortBy: z.enum(REFERRAL_SORTS).nullish(),
  })
  .superRefine(
    r.crossRules([
      {
        path: 'accountId',
        rule: 'oneOf',
        message: 'give only one of userAddress and accountId',
        broken: (i) => r.given(i.userAddress) && r.given(i.accountId),
      },
    ]),
  );
