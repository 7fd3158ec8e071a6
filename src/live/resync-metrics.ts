/**
 * Resync metrics on the gateway's registry: how each resync of an account stream after a
 * reconnect ended, and how many orders and algo orders resyncs emitted. The hub keeps plain counters; this
 * reads them at scrape time.
 */
import { Counter, type Registry } from 'prom-client';
import type { ResyncStats } from '../upstream/stream/index.ts';

const OUTCOMES = ['complete', 'truncated', 'failed'] as const;

export function registerResyncMetrics(registry: Registry, stats: ResyncStats): void {
  const flushed = { complete: 0, truncated: 0, failed: 0, orders: 0, algoOrders: 0 };
  const resyncs: Counter<'outcome'> = new Counter({
    name: 'svc_graphql_stream_resyncs_total',
    help: 'Resyncs after an upstream private stream reconnect: complete (the whole gap read), truncated (page cap reached: older changes of the gap not emitted), failed (the order read kept failing)',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      for (const outcome of OUTCOMES) {
        const delta = stats[outcome] - flushed[outcome];
        if (delta > 0) resyncs.inc({ outcome }, delta);
        flushed[outcome] = stats[outcome];
      }
    },
  });
  const orders: Counter = new Counter({
    name: 'svc_graphql_stream_resync_orders_total',
    help: 'Order updates emitted by resyncs (source RESYNC)',
    registers: [registry],
    collect() {
      if (stats.orders > flushed.orders) orders.inc(stats.orders - flushed.orders);
      flushed.orders = stats.orders;
    },
  });
  const algoOrders: Counter = new Counter({
    name: 'svc_graphql_stream_resync_algo_orders_total',
    help: 'Algo order updates emitted by resyncs (source RESYNC)',
    registers: [registry],
    collect() {
      if (stats.algoOrders > flushed.algoOrders) {
        algoOrders.inc(stats.algoOrders - flushed.algoOrders);
      }
      flushed.algoOrders = stats.algoOrders;
    },
  });
}
