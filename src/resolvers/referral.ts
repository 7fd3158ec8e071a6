import type {
  PageMeta,
  ReferralAdminInfo,
  ReferralAdminRow,
  ReferralCode,
  ReferralSort,
} from '../contract/wire.ts';
import type { GatewayContext } from '../schema/context.ts';
import { requireAccount } from './context.ts';
import { orThrowCoded } from './errors.ts';
import { mutation } from './result.ts';
import { compact } from './wire.ts';

export interface ReferralCodeModel {
  code: string;
  maxRebateRate: number;
  referrerRebateRate: number;
  refereeRebateRate: number;
  totalReferrerRebate: number;
  totalRefereeRebate: number;
}

export interface ReferralAdminRowModel {
  accountId: string;
  userAddress: string;
  /** The wire sends a string; null when it is not an integer. */
  numberOfCodes: number | null;
  totalInvites: number;
  totalTraded: number;
  refereeVolume: number;
  refereeFee: number;
  svcFee: number;
  referralCodes: ReferralCodeModel[];
}

export interface PageMetaModel {
  recordsPerPage: number;
  currentPage: number;
  total: number;
  totalPages: number;
  hasNextPage: boolean;
}

export interface ReferralAdminPageModel {
  rows: ReferralAdminRowModel[];
  meta: PageMetaModel;
}

const toCode = (c: ReferralCode): ReferralCodeModel => ({
  code: c.code,
  maxRebateRate: c.max_rebate_rate,
  referrerRebateRate: c.referrer_rebate_rate,
  refereeRebateRate: c.referee_rebate_rate,
  totalReferrerRebate: c.total_referrer_rebate,
  totalRefereeRebate: c.total_referee_rebate,
});

export function toAdminRow(row: ReferralAdminRow): ReferralAdminRowModel {
  const codes = Number(row.number_of_codes);
  return {
    accountId: row.account_id,
    userAddress: row.user_address,
    numberOfCodes:
      Number.isInteger(codes) && String(row.number_of_codes).trim() !== '' ? codes : null,
    totalInvites: row.total_invites,
    totalTraded: row.total_traded,
    refereeVolume: row.referee_volume,
    refereeFee: row.referee_fee,
    svcFee: row.svc_fee,
    referralCodes: (row.referral_codes ?? []).map(toCode),
  };
}

export function toPageMeta(meta: PageMeta): PageMetaModel {
  const size = meta.records_per_page;
  const totalPages = size > 0 ? Math.ceil(meta.total / size) : 0;
  return {
    recordsPerPage: size,
    currentPage: meta.current_page,
    total: meta.total,
    totalPages,
    hasNextPage: meta.current_page < totalPages,
  };
}

export const toAdminPage = (info: ReferralAdminInfo): ReferralAdminPageModel => ({
  rows: info.rows.map(toAdminRow),
  meta: toPageMeta(info.meta),
});

export interface ReferralAdminInfoArgs {
  page?: number | null;
  size?: number | null;
  userAddress?: string | null;
  accountId?: string | null;
  sortBy?: ReferralSort | null;
}

export function referralAdminInfo(ctx: GatewayContext, args: ReferralAdminInfoArgs) {
  return orThrowCoded(async () => {
    requireAccount(ctx);
    const query = compact({
      page: args.page,
      size: args.size,
      user_address: args.userAddress,
      account_id: args.accountId,
      sort_by: args.sortBy,
    });
    return toAdminPage(await ctx.loaders.referralAdminInfo.load(query));
  });
}

export interface CreateReferralCodeArgs {
  accountId: string;
  referralCode: string;
  maxRebateRate: number;
  referrerRebateRate: number;
  refereeRebateRate: number;
}

export function createReferralCode(ctx: GatewayContext, input: CreateReferralCodeArgs) {
  return mutation(async () => {
    await requireAccount(ctx).createReferralCode({
      account_id: input.accountId,
      referral_code: input.referralCode,
      max_rebate_rate: input.maxRebateRate,
      referrer_rebate_rate: input.referrerRebateRate,
      referee_rebate_rate: input.refereeRebateRate,
    });
    ctx.loaders.referralAdminInfo.clearAll();
    return { ...input };
  });
}

export interface SetAffiliateRebateRateArgs {
  rebateRate: number;
  accountIds: readonly string[];
}

export function setAffiliateRebateRate(ctx: GatewayContext, input: SetAffiliateRebateRateArgs) {
  return mutation(async () => {
    await requireAccount(ctx).setAffiliateRebateRate({
      rebate_rate: input.rebateRate,
      account_ids: [...input.accountIds],
    });
    return {
      rebateRate: input.rebateRate,
      accountIds: [...input.accountIds],
    };
  });
}
