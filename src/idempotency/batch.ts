/**
 * placeOrders, each item by the placeOrder rule (its own (account, client_order_id) record):
 * items already placed are replayed and not sent again; a mismatched item, or an item another
 * request is still placing, refuses the whole batch before anything is sent (a batch does not
 * wait: it would hold every other item); the rest go out in one batch. A failed row of a keyed
 * item is read back: a -1007 for an order an earlier call placed becomes its replay.
 */

import type { BatchOrderResult, BatchOrderRow, CreateOrderParams } from '../contract/wire.ts';
import type { Logger } from '../observability/logger.ts';
import { createdFromRecord } from '../upstream/order-params.ts';
import { idempotencyInProgress, idempotencyMismatch } from './errors.ts';
import { orderFingerprint } from './fingerprint.ts';
import { orderRecordKey } from './keys.ts';
import { type IdempotencyMetrics, NO_METRICS } from './metrics.ts';
import { sameOrder } from './order-match.ts';
import { isAmbiguous, type OrderAccount } from './orders.ts';
import type { Claim, IdempotencyRecords, Lease } from './records.ts';

export interface BatchAccount extends OrderAccount {
  batchCreateOrders(items: readonly CreateOrderParams[]): Promise<BatchOrderResult>;
}

export interface PlacedBatch {
  rows: BatchOrderRow[];
  /** Per item: true when its row is an earlier call's order. */
  replayed: boolean[];
}

export interface BatchIdempotencyOptions {
  records: IdempotencyRecords;
  leaseMs: number;
  metrics?: IdempotencyMetrics;
  logger?: Logger;
  now?: () => number;
}

const placedRow = (outcome: Partial<BatchOrderRow>): BatchOrderRow => ({
  success: true,
  order_id: outcome.order_id ?? null,
  client_order_id: outcome.client_order_id === undefined ? null : outcome.client_order_id,
  order_type: outcome.order_type ?? null,
  order_price: outcome.order_price ?? null,
  order_quantity: outcome.order_quantity ?? null,
  order_amount: outcome.order_amount ?? null,
  error_message: outcome.error_message ?? 'none',
});

/** A claim, or `store-down` when the store failed (the item goes without a record). */
type ItemClaim = Claim | { kind: 'store-down' } | { kind: 'unkeyed' };

/** One batch's records: the options, and a lease per item this call owns. */
interface Batch {
  options: BatchIdempotencyOptions;
  metrics: IdempotencyMetrics;
  leases: (Lease | null)[];
}

function claimAll(
  options: BatchIdempotencyOptions,
  metrics: IdempotencyMetrics,
  accountId: string,
  items: readonly CreateOrderParams[],
): Promise<ItemClaim[]> {
  return Promise.all(
    items.map(async (item): Promise<ItemClaim> => {
      if (!item.client_order_id) return { kind: 'unkeyed' };
      const key = orderRecordKey(accountId, item.client_order_id);
      const claim = options.records.claim(key, orderFingerprint(item), options.leaseMs);
      return claim.catch((error: unknown) => {
        metrics.storeError('order');
        options.logger?.warn(
          { error: String(error) },
          'idempotency store failed: batch item unrecorded',
        );
        return { kind: 'store-down' } as const;
      });
    }),
  );
}

/** Completes, marks unknown or releases an item's record (when it has one); never throws. */
async function settle(
  batch: Batch,
  i: number,
  how: 'complete' | 'unknown' | 'release',
  out?: unknown,
): Promise<void> {
  const lease = batch.leases[i] ?? null;
  if (!lease) return;
  const { records, logger } = batch.options;
  try {
    if (how === 'complete') await records.complete(lease, out);
    else if (how === 'unknown') await records.markUnknown(lease);
    else await records.release(lease);
  } catch (error) {
    batch.metrics.storeError('order');
    logger?.warn({ error: String(error), how }, 'idempotency record not updated');
  }
}

const releaseAll = (batch: Batch) =>
  Promise.all(batch.leases.map((_, i) => settle(batch, i, 'release')));

/** Refuses the whole batch (nothing sent) when an item mismatches or is still being placed. */
async function refuseConflicts(
  batch: Batch,
  claims: ItemClaim[],
  items: readonly CreateOrderParams[],
): Promise<void> {
  const mismatched = claims.findIndex((c) => c.kind === 'mismatch');
  if (mismatched >= 0) {
    await releaseAll(batch);
    batch.metrics.mismatch('order');
    throw idempotencyMismatch(
      `inputs.${mismatched}: clientOrderId ${items[mismatched]?.client_order_id}`,
      'clientOrderId',
    );
  }
  const busy = claims.flatMap((c, i) =>
    c.kind === 'in-flight' ? [{ i, deadline: c.deadline }] : [],
  );
  if (busy.length === 0) return;
  await releaseAll(batch);
  batch.metrics.inFlight('order', 'in_progress');
  const latest = Math.max(...busy.map((b) => b.deadline));
  const now = batch.options.now ?? Date.now;
  throw idempotencyInProgress(
    `inputs.${busy[0]!.i}: clientOrderId ${items[busy[0]!.i]?.client_order_id}`,
    latest - now(),
  );
}

/**
 * The row of a sent item, and whether it replays an earlier call's order: a keyed item's
 * failure may be -1007 for an order an earlier call placed (read back to tell).
 */
async function settleRow(
  batch: Batch,
  account: BatchAccount,
  { item, i }: { item: CreateOrderParams; i: number },
  row: BatchOrderRow | undefined,
): Promise<{ row: BatchOrderRow | null; replayed: boolean }> {
  if (row?.success && row.order_id !== null) {
    await settle(batch, i, 'complete', row);
    return { row, replayed: false };
  }
  const found = item.client_order_id
    ? await account.orderByClientOrderId(item.client_order_id).catch(() => null)
    : null;
  if (found && sameOrder(item, found)) {
    const replay = placedRow({ ...createdFromRecord(found), order_amount: found.amount });
    batch.metrics.replay('order');
    await settle(batch, i, 'complete', replay);
    return { row: replay, replayed: true };
  }
  await settle(batch, i, 'release');
  return { row: row ?? null, replayed: false };
}

/** Sends the items not replayed in one batch; fills in their rows and replays. */
async function sendRest(
  batch: Batch,
  account: BatchAccount,
  items: readonly CreateOrderParams[],
  out: { rows: (BatchOrderRow | null)[]; replayed: boolean[] },
): Promise<void> {
  const toSend = items.flatMap((item, i) => (out.rows[i] === null ? [{ item, i }] : []));
  if (toSend.length === 0) return;
  let sent: BatchOrderRow[];
  try {
    sent = (await account.batchCreateOrders(toSend.map((s) => s.item))).rows;
  } catch (error) {
    const how = isAmbiguous(error) ? 'unknown' : 'release';
    await Promise.all(toSend.map(({ i }) => settle(batch, i, how)));
    throw error;
  }
  await Promise.all(
    toSend.map(async (send, j) => {
      const { row, replayed } = await settleRow(batch, account, send, sent[j]);
      out.rows[send.i] = row;
      if (replayed) out.replayed[send.i] = true;
    }),
  );
}

export async function placeBatchOnce(
  options: BatchIdempotencyOptions,
  account: BatchAccount,
  items: readonly CreateOrderParams[],
): Promise<PlacedBatch> {
  const metrics = options.metrics ?? NO_METRICS;
  const claims = await claimAll(options, metrics, account.accountId, items);
  const batch: Batch = {
    options,
    metrics,
    leases: claims.map((c) => (c.kind === 'owner' ? c.lease : null)),
  };
  await refuseConflicts(batch, claims, items);
  const rows: (BatchOrderRow | null)[] = claims.map((c) =>
    c.kind === 'done' ? placedRow(c.outcome as Partial<BatchOrderRow>) : null,
  );
  const replayed = claims.map((c) => c.kind === 'done');
  for (const r of replayed) if (r) metrics.replay('order');
  await sendRest(batch, account, items, { rows, replayed });
  return {
    rows: rows.map(
      (row, i) =>
        row ?? {
          ...placedRow({ client_order_id: items[i]?.client_order_id ?? null }),
          success: false,
          error_message: 'no result for this item',
        },
    ),
    replayed,
  };
}
