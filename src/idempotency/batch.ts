/**
 * placeOrders, each item by the placeOrder rule (its own (account, client_order_id) record):
 * items already placed are replayed and not sent again; a mismatched item, or an item another
 * request is still placing, refuses the whole batch before anything is sent (a batch does not
 * wait: it would hold every other item); the rest go out in one batch. A failed row of a keyed
 * item is read back: a -1007 for an order an earlier call placed becomes its replay.
 */

import type { BatchOrderResult, BatchOrderRow, CreateOrderParams } from '../contract/wire.ts';
import type { Logger } from '../logger.ts';
import { createdFromRecord } from '../upstream/orders.ts';
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

export async function placeBatchOnce(
  options: BatchIdempotencyOptions,
  account: BatchAccount,
  items: readonly CreateOrderParams[],
): Promise<PlacedBatch> {
  const { records, leaseMs, logger } = options;
  const metrics = options.metrics ?? NO_METRICS;
  const now = options.now ?? Date.now;
  const claims: ItemClaim[] = await Promise.all(
    items.map(async (item): Promise<ItemClaim> => {
      if (!item.client_order_id) return { kind: 'unkeyed' };
      const key = orderRecordKey(account.accountId, item.client_order_id);
      return records.claim(key, orderFingerprint(item), leaseMs).catch((error: unknown) => {
        metrics.storeError('order');
        logger?.warn({ error: String(error) }, 'idempotency store failed: batch item unrecorded');
        return { kind: 'store-down' } as const;
      });
    }),
  );
  const leases = claims.map((c) => (c.kind === 'owner' ? c.lease : null));
  const settle = async (
    lease: Lease | null,
    how: 'complete' | 'unknown' | 'release',
    out?: unknown,
  ) => {
    if (!lease) return;
    try {
      if (how === 'complete') await records.complete(lease, out);
      else if (how === 'unknown') await records.markUnknown(lease);
      else await records.release(lease);
    } catch (error) {
      metrics.storeError('order');
      logger?.warn({ error: String(error), how }, 'idempotency record not updated');
    }
  };
  const releaseAll = () => Promise.all(leases.map((lease) => settle(lease, 'release')));

  const mismatched = claims.findIndex((c) => c.kind === 'mismatch');
  if (mismatched >= 0) {
    await releaseAll();
    metrics.mismatch('order');
    throw idempotencyMismatch(
      `inputs.${mismatched}: clientOrderId ${items[mismatched]?.client_order_id}`,
      'clientOrderId',
    );
  }
  const busy = claims.flatMap((c, i) =>
    c.kind === 'in-flight' ? [{ i, deadline: c.deadline }] : [],
  );
  if (busy.length > 0) {
    await releaseAll();
    metrics.inFlight('order', 'in_progress');
    const latest = Math.max(...busy.map((b) => b.deadline));
    throw idempotencyInProgress(
      `inputs.${busy[0]!.i}: clientOrderId ${items[busy[0]!.i]?.client_order_id}`,
      latest - now(),
    );
  }

  const rows: (BatchOrderRow | null)[] = claims.map((c) =>
    c.kind === 'done' ? placedRow(c.outcome as Partial<BatchOrderRow>) : null,
  );
  const replayed = claims.map((c) => c.kind === 'done');
  for (const r of replayed) if (r) metrics.replay('order');
  const toSend = items.flatMap((item, i) => (rows[i] === null ? [{ item, i }] : []));
  if (toSend.length > 0) {
    let sent: BatchOrderRow[];
    try {
      sent = (await account.batchCreateOrders(toSend.map((s) => s.item))).rows;
    } catch (error) {
      const how = isAmbiguous(error) ? 'unknown' : 'release';
      await Promise.all(toSend.map(({ i }) => settle(leases[i] ?? null, how)));
      throw error;
    }
    await Promise.all(
      toSend.map(async ({ item, i }, j) => {
        const row = sent[j];
        const lease = leases[i] ?? null;
        if (row?.success && row.order_id !== null) {
          rows[i] = row;
          await settle(lease, 'complete', row);
          return;
        }
        rows[i] = row ?? null;
        // A keyed item's failure may be -1007 for an order an earlier call placed.
        const found = item.client_order_id
          ? await account.orderByClientOrderId(item.client_order_id).catch(() => null)
          : null;
        if (found && sameOrder(item, found)) {
          rows[i] = placedRow({ ...createdFromRecord(found), order_amount: found.amount });
          replayed[i] = true;
          metrics.replay('order');
          await settle(lease, 'complete', rows[i]);
        } else {
          await settle(lease, 'release');
        }
      }),
    );
  }
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
