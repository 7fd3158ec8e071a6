/**
 * Body and query fields of the broker administrator's endpoints (fee rates, order-tag fee
 * configurations, referral codes, affiliates, points stages), by wire name.
 */
import { REFERRAL_PAGE_SIZE_DEFAULT, REFERRAL_PAGE_SIZE_MAX } from './constants.ts';
import {
  BOOLEAN,
  DATE,
  FEE_RATE,
  int,
  list,
  NON_NEGATIVE,
  oneOf,
  PAGE,
  RATE,
  REFERRAL_CODE,
  required,
  SYMBOL,
  TEXT,
  text,
} from './fields.ts';
import { REFERRAL_SORTS } from './wire.ts';

export const DEFAULT_FEE_RATES_BODY = {
  maker_fee_rate: required(FEE_RATE),
  taker_fee_rate: required(FEE_RATE),
  rwa_maker_fee_rate: FEE_RATE,
  rwa_taker_fee_rate: FEE_RATE,
} as const;

/** PUT /v1/broker/order_enum/{enum_id}: the fields given change. */
export const ORDER_TAG_FEE_CONFIG_BODY = {
  name: text({ maxLength: 100 }),
  description: text({ maxLength: 500, allowEmpty: true }),
  default_fee_rate: FEE_RATE,
  pair_overrides: {
    kind: 'map',
    key: SYMBOL,
    value: FEE_RATE,
    maxEntries: 200,
    keyName: 'a symbol',
  },
} as const;

export const CREATE_REFERRAL_CODE_BODY = {
  account_id: required(TEXT),
  referral_code: required(REFERRAL_CODE),
  max_rebate_rate: required(RATE),
  referrer_rebate_rate: required(RATE),
  referee_rebate_rate: required(RATE),
} as const;

export const AFFILIATE_REBATE_RATE_BODY = {
  rebate_rate: required(RATE),
  account_ids: required(list({ of: TEXT, minItems: 1, maxItems: 100 })),
} as const;

export const REFERRAL_ADMIN_QUERY = {
  page: PAGE,
  size: int({ min: 1, max: REFERRAL_PAGE_SIZE_MAX, default: REFERRAL_PAGE_SIZE_DEFAULT }),
  user_address: TEXT,
  account_id: TEXT,
  sort_by: oneOf(REFERRAL_SORTS),
} as const;

/** POST /v1/admin/points/stage: a stage without `stage_id` (or with "") is created. */
export const POINTS_STAGE_BODY = {
  stage_id: int({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  stage_name: text({ maxLength: 100 }),
  start_date: DATE,
  end_date: DATE,
  volume_boost: NON_NEGATIVE,
  pnl_boost: NON_NEGATIVE,
  l1_referral_boost: NON_NEGATIVE,
  l2_referral_boost: NON_NEGATIVE,
  is_continous: BOOLEAN,
} as const;
