/**
 * Cross-field rules of the broker-admin inputs (each field carries its own rule,
 * field-rules.ts), attached as `validate: { refine: refinements(...) }`.
 */
import { addDecimals, compareDecimals, decimalOf } from '../contract/decimal.ts';
import * as r from './rules.ts';

/** `UpsertPointsStageInput`: dates in order; a new stage (no stageId) needs a name and start. */
export const pointsStageRules: r.CrossRule<{
  stageId?: unknown;
  stageName?: unknown;
  startDate?: string | null;
  endDate?: string | null;
}>[] = [
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
];

/** Whether a + b > max, in exact decimals (each number's shortest decimal text): 0.1 + 0.2 = 0.3. */
export const sumAbove = (a: number, b: number, max: number): boolean =>
  [a, b, max].every(Number.isFinite) &&
  compareDecimals(addDecimals(decimalOf(a), decimalOf(b)), decimalOf(max)) > 0;

/** `CreateReferralCodeInput`: the two shares fit in the code's maximum. */
export const createReferralCodeRules: r.CrossRule<{
  maxRebateRate?: number;
  referrerRebateRate?: number;
  refereeRebateRate?: number;
}>[] = [
  {
    path: 'referrerRebateRate',
    rule: 'sharesWithinMax',
    message: 'referrerRebateRate + refereeRebateRate must not exceed maxRebateRate',
    broken: (i) => sumAbove(i.referrerRebateRate!, i.refereeRebateRate!, i.maxRebateRate!),
  },
];

/** Arguments of `referralAdminInfo`: at most one of the two filters. */
export const referralAdminInfoRules: r.CrossRule<{
  userAddress?: string | null;
  accountId?: string | null;
}>[] = [
  {
    path: 'accountId',
    rule: 'oneOf',
    message: 'give only one of userAddress and accountId',
    broken: (i) => r.given(i.userAddress) && r.given(i.accountId),
  },
];
