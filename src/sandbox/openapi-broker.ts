/**
 * The OpenAPI docs (see openapi-routes.ts) of the broker administrator's endpoints, the
 * referral endpoints and the points stage.
 */
import { ENUM_ID_PATTERN } from '../contract/constants.ts';
import type { EndpointKey } from '../contract/endpoints.ts';
import { int, list, num, obj, type RouteDoc, ref, str } from './openapi-schemas.ts';

export const BROKER_DOCS = {
  'POST /v1/broker/fee_rate/default': {
    operationId: 'setDefaultFeeRates',
    summary: "Sets the broker's default fee rates (administrator)",
  },
  'PUT /v1/broker/order_enum/{enum_id}': {
    operationId: 'setOrderTagFeeConfig',
    summary: 'Creates or changes an order-tag fee configuration (administrator)',
    params: { enum_id: str({ pattern: ENUM_ID_PATTERN.source }) },
    fields: { pair_overrides: { nullable: true, description: 'symbol → fee rate; {} clears' } },
  },
  'POST /v1/referral/create': {
    operationId: 'createReferralCode',
    summary: 'Creates a referral code for an account (administrator)',
  },
  'POST /v1/referral/multi_level/admin/update/affiliate': {
    operationId: 'setAffiliateRebateRate',
    summary: "Sets affiliates' rebate rate (administrator)",
  },
  'GET /v1/referral/admin_info': {
    operationId: 'referralAdminInfo',
    summary: 'Referrers with their codes and figures (administrator)',
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
    data: obj({ rows: list(obj({ referee_rebate: num(), date: str() })) }),
  },
  'POST /v1/admin/points/stage': {
    operationId: 'upsertPointsStage',
    summary: 'Creates a points stage (no stage_id) or updates one (administrator)',
    fields: { stage_id: { description: 'omitted or "": a new stage' } },
  },
} satisfies Partial<Record<EndpointKey, RouteDoc>>;
