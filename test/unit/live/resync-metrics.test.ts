/** Resync counters reach the registry at scrape time, as deltas. */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { registerResyncMetrics } from '../../../src/live/resync-metrics.ts';

describe('registerResyncMetrics', () => {
  it('exports resyncs by outcome and the orders and algo orders they emitted', async () => {
    const registry = new Registry();
    const stats = { complete: 2, truncated: 1, failed: 0, orders: 5, algoOrders: 1 };
    registerResyncMetrics(registry, stats);
    let text = await registry.metrics();
    expect(text).toContain('svc_graphql_stream_resyncs_total{outcome="complete"} 2');
    expect(text).toContain('svc_graphql_stream_resyncs_total{outcome="truncated"} 1');
    expect(text).toContain('svc_graphql_stream_resync_orders_total 5');
    expect(text).toContain('svc_graphql_stream_resync_algo_orders_total 1');
    stats.complete++;
    stats.failed++;
    stats.orders += 3;
    stats.algoOrders += 2;
    text = await registry.metrics();
    expect(text).toContain('svc_graphql_stream_resyncs_total{outcome="complete"} 3');
    expect(text).toContain('svc_graphql_stream_resyncs_total{outcome="failed"} 1');
    expect(text).toContain('svc_graphql_stream_resync_orders_total 8');
    expect(text).toContain('svc_graphql_stream_resync_algo_orders_total 3');
  });
});
