/**
 * POST /v1/referral/create, POST /v1/referral/multi_level/admin/update/affiliate and
 * GET /v1/referral/admin_info (broker administrator); GET /v1/referral/referee_rebate_summary
 * (any account, as referee).
 */
import {
  MAX_REBATE_RATE_MAX,
  REFERRAL_PAGE_SIZE_DEFAULT,
  REFERRAL_PAGE_SIZE_MAX,
} from '../../contract/constants.ts';
import {
  REFERRAL_SORTS,
  type RefereeRebateSummary,
  type ReferralAdminInfo,
  type ReferralAdminRow,
} from '../../contract/wire.ts';
import { round } from '../decimal.ts';
import { duplicate, invalid } from '../errors.ts';
import type { Route } from '../router.ts';
import type { Account, SandboxState } from '../state.ts';
import { Fields } from '../validation.ts';

/** Letters, digits, `_` and `-`, at most 36 (a code is usable as an order_tag). */
export const REFERRAL_CODE_FORM = /^[A-Za-z0-9_-]{1,36}$/;

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
      const f = Fields.body(body, [
        'account_id',
        'referral_code',
        'max_rebate_rate',
        'referrer_rebate_rate',
        'referee_rebate_rate',
      ]);
      const owner = knownAccount(state, 'account_id', f.requiredString('account_id'));
      const code = f.requiredString('referral_code', {
        pattern: REFERRAL_CODE_FORM,
        form: 'letters, digits, _ or -, at most 36 characters',
      });
      const max = f.requiredNumber('max_rebate_rate', { min: 0, max: MAX_REBATE_RATE_MAX });
      const referrer = f.requiredNumber('referrer_rebate_rate', { min: 0, max: 1 });
      const referee = f.requiredNumber('referee_rebate_rate', { min: 0, max: 1 });
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
      const f = Fields.body(body, ['rebate_rate', 'account_ids']);
      const rate = f.requiredNumber('rebate_rate', { min: 0, max: 1 });
      const ids = f.stringArray('account_ids', true)!;
      if (ids.length === 0) throw invalid('account_ids', 'must name at least one account');
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
    handle: ({ state, query }): ReferralAdminInfo => {
      const page = query.number('page', { integer: true, min: 1 }) ?? 1;
      const size =
        query.number('size', { integer: true, min: 1, max: REFERRAL_PAGE_SIZE_MAX }) ??
        REFERRAL_PAGE_SIZE_DEFAULT;
      const userAddress = query.string('user_address');
      const accountId = query.string('account_id');
      if (userAddress !== undefined && accountId !== undefined) {
        throw invalid('user_address', 'only one of user_address and account_id may be given');
      }
      const sortBy = query.oneOf('sort_by', REFERRAL_SORTS);
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
      const start = query.date('start_date');
      const end = query.date('end_date');
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
