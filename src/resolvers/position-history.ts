/**
 * `Account.positionHistory`: a Relay connection over GET /v1/position_history, which has no
 * time window and no page, only the newest `limit` rows. Each page reads the most the
 * upstream serves (POSITION_HISTORY_LIMIT_MAX) and keeps the rows after the cursor's (close
 * time, position id) (history-cursor.ts): positions closed between two pages are newer than
 * the cursor and never enter a later page. A row older than the newest 500 is out of reach.
 */
import { POSITION_HISTORY_LIMIT_MAX } from '../contract/wire-history.ts';
import { type ClosedPositionModel, closedPositionFromRest } from '../models/account-history.ts';
import { type GatewayContext, orThrowCoded, requireAccount } from '../schema/types.ts';
import { encodeHistoryCursor, isAfter } from './history-cursor.ts';
import { HISTORY_PAGE_DEFAULT } from './history-load.ts';
import { cursorOf } from './history-page.ts';
import { compareIds } from './history-walk.ts';
import type { Page } from './offset-page.ts';

const PREFIX = 'positions:';

export interface PositionHistoryFilterArgs {
  symbol?: string | null;
}

export function loadPositionHistoryPage(
  ctx: GatewayContext,
  filter: PositionHistoryFilterArgs | null | undefined,
  first: number | null | undefined,
  after: string | null | undefined,
): Promise<Page<ClosedPositionModel>> {
  // Checked before any upstream call.
  const cursor = cursorOf(PREFIX, after);
  const size = first ?? HISTORY_PAGE_DEFAULT;
  return orThrowCoded(async () => {
    const { rows } = await requireAccount(ctx).positionHistory({
      symbol: filter?.symbol ?? undefined,
      limit: POSITION_HISTORY_LIMIT_MAX,
    });
    const kept = rows
      .map(closedPositionFromRest)
      .filter((p) => isAfter(cursor, p.closedAt, p.positionId, compareIds))
      .sort((a, b) => b.closedAt - a.closedAt || compareIds(b.positionId, a.positionId));
    const page = kept.slice(0, size);
    const passed = cursor?.passed ?? 0;
    const edges = page.map((node, i) => ({
      cursor: encodeHistoryCursor(PREFIX, {
        time: node.closedAt,
        id: node.positionId,
        passed: passed + i + 1,
      }),
      node,
    }));
    return {
      totalCount: passed + kept.length,
      edges,
      pageInfo: {
        hasNextPage: kept.length > page.length,
        hasPreviousPage: cursor !== undefined,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
    };
  });
}
