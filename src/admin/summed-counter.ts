/**
 * A counter summed in a plain Map and handed to prom-client only when it collects: shared by
 * every area that counts per request or per upstream call.
 */
import { Counter, type CounterConfiguration, type LabelValues } from 'prom-client';

/**
 * A counter whose increments are summed in a plain Map (one entry per label combination, keyed
 * by a string the caller builds) and handed to prom-client when it collects (at /metrics):
 * prom-client hashes and validates the label object of every `inc`, which costs more per
 * request than everything else here. Returns `inc(id, labels)`; `labels` is read only the
 * first time an `id` is seen.
 */
export function summedCounter<T extends string>(
  config: Omit<CounterConfiguration<T>, 'collect'>,
): (id: string, labels: () => LabelValues<T>) => void {
  const pending = new Map<string, { labels: LabelValues<T>; count: number }>();
  const counter: Counter<T> = new Counter<T>({
    ...config,
    collect() {
      for (const entry of pending.values()) {
        if (entry.count === 0) continue;
        counter.inc(entry.labels, entry.count);
        entry.count = 0;
      }
    },
  });
  return (id, labels) => {
    const entry = pending.get(id);
    if (entry) entry.count += 1;
    else pending.set(id, { labels: labels(), count: 1 });
  };
}

/** Seconds: from a cache hit (a few ms) to a slow upstream call near its timeout. */
export const DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
