/**
 * The batched histogram (src/admin/batched-histogram.ts): observations queued on the request's
 * path reach prom-client whole — at a scrape, past half the queue on the next turn of the
 * event loop, and at once when the queue is full — none dropped, none counted twice.
 */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { batchedHistogram } from '../../../src/admin/batched-histogram.ts';

function setup() {
  const registry = new Registry();
  const histogram = batchedHistogram({
    name: 'test_seconds',
    help: 'test',
    labelNames: ['route'] as const,
    buckets: [0.1, 1],
    registers: [registry],
  });
  const count = async (route: string) => {
    const metric = await registry.getSingleMetric('test_seconds')?.get();
    const values = (metric?.values ?? []) as Array<{
      metricName?: string;
      labels: Record<string, string | number>;
      value: number;
    }>;
    const sample = values.find(
      (v) => v.metricName === 'test_seconds_count' && v.labels.route === route,
    );
    return sample?.value ?? 0;
  };
  return { registry, histogram, count };
}

describe('batched histogram', () => {
  it('shows every queued observation at a scrape, in its bucket, once', async () => {
    const { registry, histogram, count } = setup();
    const a = { route: '/a' };
    histogram.observe(a, 0.05);
    histogram.observe(a, 0.5);
    histogram.observe({ route: '/b' }, 2);
    const text = await registry.metrics();
    expect(text).toContain('test_seconds_bucket{le="0.1",route="/a"} 1');
    expect(text).toContain('test_seconds_bucket{le="1",route="/a"} 2');
    expect(text).toContain('test_seconds_sum{route="/a"} 0.55');
    expect(await count('/b')).toBe(1);
    expect(await count('/a')).toBe(2);
  });

  it('loses nothing past a full queue, nor counts twice what was handed over early', async () => {
    const { histogram, count } = setup();
    const labels = { route: '/x' };
    // Half a queue schedules a hand-over on the next turn of the event loop.
    for (let i = 0; i < 2_048; i++) histogram.observe(labels, 0.01);
    await new Promise((resolve) => setImmediate(resolve));
    // More than two full queues in one go: handed over each time the queue fills.
    for (let i = 0; i < 10_000; i++) histogram.observe(labels, 0.01);
    expect(await count('/x')).toBe(12_048);
    histogram.flush();
    expect(await count('/x')).toBe(12_048);
  });
});
