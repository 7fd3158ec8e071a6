/**
 * A Prometheus histogram fed in batches: `observe` queues the value and its label object (two
 * array writes on the request's path), and the queue is handed to prom-client's Histogram —
 * which validates and hashes the label object of every observation — when /metrics is scraped
 * (its `collect`), and soon after the queue passes half its size (setImmediate), so the queue
 * stays bounded and a scrape sees every observation. Nothing is dropped: a full queue is handed
 * over at once.
 */
import { Histogram, type HistogramConfiguration, type LabelValues } from 'prom-client';

/** Observations queued at most; past half of it a hand-over is scheduled. */
const QUEUE = 4_096;

export interface BatchedHistogram<T extends string> {
  /**
   * Queues one observation. Pass label objects made once (one per label value), not a new
   * object per call: the queue holds the reference until the hand-over.
   */
  observe(labels: LabelValues<T>, value: number): void;
  /** Hands the queue to prom-client now (tests; /metrics does it through `collect`). */
  flush(): void;
}

export function batchedHistogram<T extends string>(
  config: Omit<HistogramConfiguration<T>, 'collect'>,
): BatchedHistogram<T> {
  const labels: (LabelValues<T> | undefined)[] = new Array(QUEUE);
  const values = new Float64Array(QUEUE);
  let length = 0;
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    for (let i = 0; i < length; i++) {
      histogram.observe(labels[i]!, values[i]!);
      labels[i] = undefined;
    }
    length = 0;
  };
  const histogram: Histogram<T> = new Histogram<T>({ ...config, collect: flush });
  return {
    observe(labelValues, value) {
      if (length === QUEUE) flush();
      labels[length] = labelValues;
      values[length++] = value;
      if (length >= QUEUE / 2 && !scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
