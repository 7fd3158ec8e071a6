/**
 * The algo-order half of a resync. GET /v1/algo/orders sorts by created time only, so what
 * changed in a gap is found in three reads: the trees open now (`status=INCOMPLETE`), the
 * trees created since the gap began (`start_t`), and, one by one, the trees the ledger last
 * saw open that neither read returned (they triggered, filled or were cancelled in the gap).
 * Each tree whose state differs from what the subscribers last saw is emitted, oldest change
 * first, with `source: resync`; a tree the stream never saw is emitted only if it changed
 * since the gap began. The ledger is seeded with the open trees when the stream first comes
 * up, so a TP/SL placed before that is looked up too when it ends in a gap.
 */
import type { AlgoOrderList, AlgoOrderRow, ListAlgoOrdersQuery } from '../../contract/wire-algo.ts';
import { type AlgoOrderModel, algoOrderFromRest } from '../../models/algo-order.ts';
import { AlgoLedger } from './algo-ledger.ts';
import type { ResyncBounds } from './order-resync.ts';

/** Trees looked up by id in one resync; the rest are looked up at the next one. */
export const ALGO_LOOKUPS_MAX = 20;

/** The REST reads of the algo resync. */
export interface AlgoReads {
  /** One page of the account's algo trees, newest created first. */
  algoOrders(query: ListAlgoOrdersQuery & { page: number; size: number }): Promise<AlgoOrderList>;
  /** One tree by its root's id; undefined when the upstream knows none. */
  algoOrder(algoOrderId: number): Promise<AlgoOrderRow | undefined>;
}

export interface AlgoResyncDeps {
  reads: AlgoReads;
  ledger: AlgoLedger;
  emit(root: AlgoOrderModel): void;
  bounds: Pick<ResyncBounds, 'maxPages' | 'pageSize'>;
}

async function readPages(
  deps: AlgoResyncDeps,
  query: ListAlgoOrdersQuery,
): Promise<{ rows: AlgoOrderRow[]; truncated: boolean }> {
  const { maxPages, pageSize: size } = deps.bounds;
  const rows: AlgoOrderRow[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await deps.reads.algoOrders({ ...query, page, size });
    rows.push(...answer.rows);
    if (answer.rows.length < size || page * size >= answer.meta.total) {
      return { rows, truncated: false };
    }
  }
  return { rows, truncated: true };
}

/** Records the trees open now as what the subscribers know; emits nothing. */
export async function seedAlgoLedger(deps: AlgoResyncDeps): Promise<void> {
  const open = await readPages(deps, { status: 'INCOMPLETE' });
  for (const row of open.rows) deps.ledger.record(algoOrderFromRest(row), false);
}

/** Reads the gap and emits what changed; `truncated`: a bound cut some of it off. */
export async function resyncAlgoOrders(
  deps: AlgoResyncDeps,
  since: number,
): Promise<{ emitted: number; truncated: boolean }> {
  const { ledger } = deps;
  const open = await readPages(deps, { status: 'INCOMPLETE' });
  const created = await readPages(deps, { start_t: Math.max(0, since) });
  const found = new Map<number, AlgoOrderModel>();
  for (const row of [...open.rows, ...created.rows]) {
    const root = algoOrderFromRest(row);
    const held = found.get(root.algoOrderId);
    if (!held || held.updatedAt <= root.updatedAt) found.set(root.algoOrderId, root);
  }
  const missing = ledger.openIds().filter((id) => !found.has(id));
  for (const id of missing.slice(0, ALGO_LOOKUPS_MAX)) {
    const row = await deps.reads.algoOrder(id);
    if (row) found.set(id, algoOrderFromRest(row));
    else ledger.forget(id);
  }
  let emitted = 0;
  const roots = [...found.values()].sort(
    (a, b) => a.updatedAt - b.updatedAt || a.algoOrderId - b.algoOrderId,
  );
  for (const root of roots) {
    const known = ledger.knows(root.algoOrderId);
    if (known && !ledger.changed(root)) continue;
    ledger.record(root, true);
    // Never seen and unchanged since the gap began: known from now on, not news.
    if (!known && root.updatedAt < since) continue;
    deps.emit({ ...root, source: 'resync' });
    emitted++;
  }
  const truncated = open.truncated || created.truncated || missing.length > ALGO_LOOKUPS_MAX;
  return { emitted, truncated };
}

/** A read that logs its failure and answers undefined. */
type Attempt = <T>(what: string, read: () => Promise<T>) => Promise<T | undefined>;

/** One account stream's algo half: its ledger, the seed, pushes and gap reads. */
export class AlgoResync {
  private readonly deps: AlgoResyncDeps;
  /** The start of a gap whose read failed: the next resync reads from there too. */
  private unreadSince: number | undefined;

  constructor(
    deps: Omit<AlgoResyncDeps, 'ledger'>,
    private readonly attempt: Attempt,
    private readonly log?: (msg: string, fields?: Record<string, unknown>) => void,
  ) {
    this.deps = { ...deps, ledger: new AlgoLedger() };
  }

  /** When the stream first comes up: what is open now (a failed read seeds nothing). */
  async seed(): Promise<void> {
    await this.attempt('algo orders', () => seedAlgoLedger(this.deps));
  }

  /** Whether a pushed tree is news (then recorded), not a state a resync overtook. */
  pushed(root: AlgoOrderModel): boolean {
    if (this.deps.ledger.overtaken(root)) return false;
    this.deps.ledger.record(root, false);
    return true;
  }

  /** The trees that changed since `gapSince` (or an earlier failed gap); answers how many. */
  async resync(gapSince: number): Promise<number> {
    const since = Math.min(gapSince, this.unreadSince ?? gapSince);
    const read = await this.attempt('algo orders', () => resyncAlgoOrders(this.deps, since));
    this.unreadSince = read ? undefined : since;
    if (read?.truncated) {
      this.log?.('upstream stream resync: algo gap too large, some changes not emitted', { since });
    }
    return read?.emitted ?? 0;
  }
}
