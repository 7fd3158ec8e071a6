/**
 * The OpenAPI docs (see openapi-routes.ts) of the broker administrator's endpoints, the
 * referral endpoints and the points stage.
 */
import { MAX_REBATE_RATE_MAX, REFERRAL_PAGE_SIZE_MAX } from '../contract/constants.ts';
import type { EndpointKey } from '../contract/endpoints.ts';
import { REFERRAL_SORTS } from '../contract/wire.ts';
import {
  bool,
  date,
  feeRate,
  int,
  list,
  nullable,
  num,
  numberMap,
  obj,
  oneOf,
  pageQuery,
  type RouteDoc,
  ref,
  str,
} from './openapi-schemas.ts';

export const BROKER_DOCS = {
  'POST /v1/broker/fee_rate/default': {
    operationId: 'setDefaultFeeRates',
    summary: "Sets the broker's default fee rates (administrator)",
    body: obj(
      { maker_fee_rate: feeRate, taker_fee_rate: feeRate },
      { rwa_maker_fee_rate: feeRate, rwa_taker_fee_rate: feeRate },
    ),
  },
  'PUT /v1/broker/order_enum/{enum_id}': {
    operationId: 'setOrderTagFeeConfig',
    summary: 'Creates or changes an order-tag fee configuration (administrator)',
    params: { enum_id: str({ pattern: '^[A-Z0-9_]+$' }) },
    body: obj(
      {},
      {
        name: str({ maxLength: 100 }),
        description: str({ maxLength: 500 }),
        default_fee_rate: feeRate,
        pair_overrides: nullable(numberMap),
      },
    ),
  },
  'POST /v1/referral/create': {
    operationId: 'createReferralCode',
    summary: 'Creates a referral code for an account (administrator)',
    body: obj({
      account_id: str(),
      referral_code: str(),
      max_rebate_rate: num({ minimum: 0, maximum: MAX_REBATE_RATE_MAX }),
      referrer_rebate_rate: num({ minimum: 0, maximum: 1 }),
      referee_rebate_rate: num({ minimum: 0, maximum: 1 }),
    }),
  },
  'POST /v1/referral/multi_level/admin/update/affiliate': {
    operationId: 'setAffiliateRebateRate',
    summary: "Sets affiliates' rebate rate (administrator)",
    body: obj({ rebate_rate: num({ minimum: 0, maximum: 1 }), account_ids: list(str()) }),
  },
  'GET /v1/referral/admin_info': {
    operationId: 'referralAdminInfo',
    summary: 'Referrers with their codes and figures (administrator)',
    query: {
      properties: {
        ...pageQuery(REFERRAL_PAGE_SIZE_MAX),
        user_address: str(),
        account_id: str(),
        sort_by: oneOf(REFERRAL_SORTS),
      },
    },
    data: obj({
      rows: list(
        obj({
          account_id: str(),
          user_address: str(),
          number_of_codes: str(),
          total_invites: int(),
          total_traded: int(),
          referee_volume: num(),
          referee_fee: num(),
          svc_fee: num(),
          referral_codes: list(
            obj({
              code: str(),
              max_rebate_rate: num(),
              referrer_rebate_rate: num(),
              referee_rebate_rate: num(),
              total_referrer_rebate: num(),
              total_referee_rebate: num(),
            }),
          ),
        }),
      ),
      meta: ref('PageMeta'),
    }),
  },
  'GET /v1/referral/referee_rebate_summary': {
    operationId: 'refereeRebateSummary',
    summary: "The account's daily referee rebates",
    query: { properties: { start_date: date, end_date: date } },
    data: obj({ rows: list(obj({ referee_rebate: num(), date: str() })) }),
  },
  'POST /v1/admin/points/stage': {
    operationId: 'upsertPointsStage',
    summary: 'Creates a points stage (no stage_id) or updates one (administrator)',
    body: obj(
      {},
      {
        stage_id: { oneOf: [int({ minimum: 1 }), str({ enum: [''] })] },
        stage_name: str({ maxLength: 100 }),
        start_date: date,
        end_date: date,
        volume_boost: num({ minimum: 0 }),
        pnl_boost: num({ minimum: 0 }),
        l1_referral_boost: num({ minimum: 0 }),
        l2_referral_boost: num({ minimum: 0 }),
        is_continous: bool,
      },
    ),
  },
} satisfies Partial<Record<EndpointKey, RouteDoc>>;
