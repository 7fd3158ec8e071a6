/**
 * POST /v1/referral/create, POST /v1/referral/multi_level/admin/update/affiliate and
 * GET /v1/referral/admin_info (broker administrator); GET /v1/referral/referee_rebate_summary
 * (any account, as referee).
 */
import { REFEREE_REBATE_SUMMARY_QUERY } from '../../contract/fields-account.ts';
import {
  AFFILIATE_REBATE_RATE_BODY as AFFILIATE,
  CREATE_REFERRAL_CODE_BODY,
  REFERRAL_ADMIN_QUERY,
} from '../../contract/fields-admin.ts';
import type {
  RefereeRebateSummary,
  ReferralAdminInfo,
  ReferralAdminRow,
} from '../../contract/wire.ts';
import { round } from '../decimal.ts';
import { duplicate, invalid } from '../errors.ts';
import type { Route } from '../router.ts';
import type { Account, SandboxState } from '../state.ts';
import { Fields } from '../validation.ts';

function knownAccount(state: SandboxState, field: string, id: string): Account {
  const account = state.account(id);
  if (!account) throw invalid(field, `unknown account ${id}`);
  return account;
}

function adminRow(state: SandboxState, owner: Account): ReferralAdminRow {
  const codes = [...state.referralCodes.values()].filter((c) => c.owner === owner);
  const names = new Set(codes.map((c) => c.code));
  const stats = [...state.referees.values()].filter((s) => names.has(s.code));
  const invited = new Set([
    ...[...state.accounts.values()].filter((a) => a.referredBy && names.has(a.referredBy)),
    ...stats.map((s) => s.account),
  ]);
  const sum = (pick: (s: (typeof stats)[number]) => number) =>
    round(stats.reduce((total, s) => total + pick(s), 0));
  const refereeFee = sum((s) => s.fee);
  return {
    account_id: owner.accountId,
    user_address: owner.userAddress,
    number_of_codes: String(codes.length),
    total_invites: invited.size,
    total_traded: new Set(stats.map((s) => s.account)).size,
    referee_volume: sum((s) => s.volume),
    referee_fee: refereeFee,
    svc_fee: round(refereeFee - sum((s) => s.rebates)),
    referral_codes: codes.map((c) => ({
      code: c.code,
      max_rebate_rate: c.maxRebateRate,
      referrer_rebate_rate: c.referrerRebateRate,
      referee_rebate_rate: c.refereeRebateRate,
      total_referrer_rebate: c.totalReferrerRebate,
      total_referee_rebate: c.totalRefereeRebate,
    })),
  };
}

export const referralRoutes: Route[] = [
  {
    endpoint: 'POST /v1/referral/create',
    handle: ({ state, body, now }) => {
      const f = Fields.body(body, CREATE_REFERRAL_CODE_BODY);
      const owner = knownAccount(state, 'account_id', f.read('account_id'));
      const code = f.read('referral_code');
      const max = f.read('max_rebate_rate');
      const referrer = f.read('referrer_rebate_rate');
      const referee = f.read('referee_rebate_rate');
      if (round(referrer + referee, 10) > max) {
        throw invalid(
          'referrer_rebate_rate',
          'referrer_rebate_rate + referee_rebate_rate must not exceed max_rebate_rate',
        );
      }
      if (state.referralCodes.has(code)) throw duplicate(`referral_code: ${code} already exists`);
      state.referralCodes.set(code, {
        code,
        owner,
        createdAt: now,
        maxRebateRate: max,
        referrerRebateRate: referrer,
        refereeRebateRate: referee,
        totalReferrerRebate: 0,
        totalRefereeRebate: 0,
      });
      return undefined;
    },
  },
  {
    endpoint: 'POST /v1/referral/multi_level/admin/update/affiliate',
    handle: ({ state, body }) => {
      const f = Fields.body(body, AFFILIATE);
      const rate = f.read('rebate_rate');
      const ids = f.stringArray('account_ids', true)!;
      const { minItems, maxItems } = AFFILIATE.account_ids;
      if (ids.length < minItems) throw invalid('account_ids', 'must name at least one account');
      if (ids.length > maxItems) {
        throw invalid('account_ids', `must name at most ${maxItems} accounts`);
      }
      const affiliates = ids.map((id, i) => {
        const account = knownAccount(state, `account_ids[${i}]`, id);
        if (![...state.referralCodes.values()].some((c) => c.owner === account)) {
          throw invalid(`account_ids[${i}]`, `${id} is not an affiliate (holds no referral code)`);
        }
        return account;
      });
      for (const account of affiliates) account.affiliateRebateRate = rate;
      return undefined;
    },
  },
  {
    endpoint: 'GET /v1/referral/admin_info',
    handle: ({ state, query: fields }): ReferralAdminInfo => {
      const query = fields.of(REFERRAL_ADMIN_QUERY);
      const page = query.read('page');
      const size = query.read('size');
      const userAddress = query.read('user_address');
      const accountId = query.read('account_id');
      if (userAddress !== undefined && accountId !== undefined) {
        throw invalid('user_address', 'only one of user_address and account_id may be given');
      }
      const sortBy = query.read('sort_by');
      const owners = [...new Set([...state.referralCodes.values()].map((c) => c.owner))].filter(
        (a) =>
          (userAddress === undefined ||
            a.userAddress.toLowerCase() === userAddress.toLowerCase()) &&
          (accountId === undefined || a.accountId.toLowerCase() === accountId.toLowerCase()),
      );
      const rows = owners.map((owner) => adminRow(state, owner));
      if (sortBy) rows.sort((a, b) => b[sortBy] - a[sortBy]);
      return {
        rows: rows.slice((page - 1) * size, page * size),
        meta: { records_per_page: size, current_page: page, total: rows.length },
      };
    },
  },
  {
    endpoint: 'GET /v1/referral/referee_rebate_summary',
    handle: ({ state, account, query }): RefereeRebateSummary => {
      const start = query.of(REFEREE_REBATE_SUMMARY_QUERY).read('start_date');
      const end = query.of(REFEREE_REBATE_SUMMARY_QUERY).read('end_date');
      if (start !== undefined && end !== undefined && start > end) {
        throw invalid('start_date', 'must not be after end_date');
      }
      const daily = new Map<string, number>();
      for (const stats of state.referees.values()) {
        if (stats.account !== account) continue;
        for (const [date, rebate] of stats.dailyRebate) {
          if ((start && date < start) || (end && date > end)) continue;
          daily.set(date, round((daily.get(date) ?? 0) + rebate));
        }
      }
      const rows = [...daily.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, referee_rebate]) => ({ referee_rebate, date }));
      return { rows };
    },
  },
];
