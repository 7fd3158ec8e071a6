/**
 * What the account history connections share: page sizes, the time filter every list takes,
 * and one loader that checks the cursor before any upstream call, then reads a page
 * (history-page.ts) with the caller's account.
 */
import { HISTORY_SIZE_DEFAULT, HISTORY_SIZE_MAX } from '../contract/wire-history.ts';
import { type GatewayContext, orThrowCoded, requireAccount } from '../schema/types.ts';
import type { AccountApi } from '../upstream/api.ts';
import { cursorOf, type HistoryList, historyPage } from './history-page.ts';
import type { Page } from './offset-page.ts';

export const HISTORY_PAGE_DEFAULT = HISTORY_SIZE_DEFAULT;
export const HISTORY_PAGE_MAX = HISTORY_SIZE_MAX;

/** The time filter of every list (ms, both inclusive). */
export interface TimeFilterArgs {
  from?: number | null;
  to?: number | null;
}

/** `start_t` from the filter, `end_t` from the walk (the filter's `to`, then each cursor). */
export const windowQuery = (
  filter: TimeFilterArgs | null | undefined,
  end: number | undefined,
) => ({
  ...(filter?.from === undefined || filter.from === null ? {} : { start_t: filter.from }),
  ...(end === undefined ? {} : { end_t: end }),
});

export function loadHistoryPage<R, T>(
  ctx: GatewayContext,
  args: { prefix: string; first: number | null | undefined; after: string | null | undefined },
  listOf: (account: AccountApi) => Omit<HistoryList<R, T>, 'prefix' | 'maxSize'>,
): Promise<Page<T>> {
  // Checked before any upstream call.
  const cursor = cursorOf(args.prefix, args.after);
  return orThrowCoded(() => {
    const list = { ...listOf(requireAccount(ctx)), prefix: args.prefix, maxSize: HISTORY_PAGE_MAX };
    return historyPage(list, args.first ?? HISTORY_PAGE_DEFAULT, cursor);
  });
}
