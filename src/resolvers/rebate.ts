import type { RefereeRebateSummary } from '../contract/wire.ts';
import type { GatewayContext } from '../schema/context.ts';
import { requireAccount } from './context.ts';
import { orThrowCoded } from './errors.ts';
import { compact } from './wire.ts';

export interface RefereeRebateDayModel {
  date: string;
  refereeRebate: number;
}

export interface RefereeRebateSummaryModel {
  days: RefereeRebateDayModel[];
  /** Sum of the days' rebates. */
  totalRefereeRebate: number;
}

export function toRebateSummary(summary: RefereeRebateSummary): RefereeRebateSummaryModel {
  const days = summary.rows.map((r) => ({ date: r.date, refereeRebate: r.referee_rebate }));
  const total = days.reduce((sum, d) => sum + d.refereeRebate, 0);
  return { days, totalRefereeRebate: Number(total.toFixed(10)) };
}

export interface RefereeRebateSummaryArgs {
  startDate?: string | null;
  endDate?: string | null;
}

export function refereeRebateSummary(ctx: GatewayContext, args: RefereeRebateSummaryArgs) {
  return orThrowCoded(async () => {
    requireAccount(ctx);
    const query = compact({ start_date: args.startDate, end_date: args.endDate });
    return toRebateSummary(await ctx.loaders.refereeRebateSummary.load(query));
  });
}
