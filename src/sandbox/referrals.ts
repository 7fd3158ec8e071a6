/**
 * The referral books an order's fills feed: a plain referral-code tag binds a new account to
 * the code's owner once, and each fill pays the referrer and the referee their share of the
 * base fee, counted per code and referee and per day.
 */
import { round } from './decimal.ts';
import type { SandboxState } from './state.ts';
import type { Account, Order, RefereeStats, ReferralCodeState } from './types.ts';

/** Binds the account to the referral code its order is tagged with, on its first such order. */
export function bindReferral(state: SandboxState, account: Account, tag: string | undefined): void {
  if (tag === undefined || tag.startsWith('enum:') || account.referredBy !== undefined) return;
  const code = state.referralCodes.get(tag);
  if (code && code.owner !== account) account.referredBy = code.code;
}

function refereeStats(
  state: SandboxState,
  code: ReferralCodeState,
  account: Account,
): RefereeStats {
  const id = `${code.code}|${account.accountId.toLowerCase()}`;
  let stats = state.referees.get(id);
  if (stats === undefined) {
    stats = { code: code.code, account, volume: 0, fee: 0, rebates: 0, dailyRebate: new Map() };
    state.referees.set(id, stats);
  }
  return stats;
}

/**
 * Pays one fill's rebates; a plain referral-code tag overrides the account's referral
 * relationship for this order. Returns the referrer whose balance moved, if any.
 */
export function attributeReferral(
  state: SandboxState,
  order: Order,
  fill: { notional: number; fee: number; baseFee: number },
  now: number,
): Account | undefined {
  const tag = order.orderTag;
  const codeName = tag && !tag.startsWith('enum:') ? tag : order.account.referredBy;
  const code = codeName === undefined ? undefined : state.referralCodes.get(codeName);
  if (!code || code.owner === order.account) return undefined;
  const refereeRebate = round(fill.baseFee * code.refereeRebateRate);
  const referrerRebate = round(fill.baseFee * code.referrerRebateRate);
  code.totalRefereeRebate = round(code.totalRefereeRebate + refereeRebate);
  code.totalReferrerRebate = round(code.totalReferrerRebate + referrerRebate);
  const stats = refereeStats(state, code, order.account);
  stats.volume = round(stats.volume + fill.notional);
  stats.fee = round(stats.fee + fill.fee);
  stats.rebates = round(stats.rebates + refereeRebate + referrerRebate);
  const day = new Date(now).toISOString().slice(0, 10);
  stats.dailyRebate.set(day, round((stats.dailyRebate.get(day) ?? 0) + refereeRebate));
  state.setBalance(order.account, round(order.account.balance + refereeRebate), false);
  state.setBalance(code.owner, round(code.owner.balance + referrerRebate), false);
  return code.owner;
}
