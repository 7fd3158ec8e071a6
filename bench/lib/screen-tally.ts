/**
 * What the subscribers of the screen fan-out saw (screen-fanout.ts): each frame checked (its
 * book uncrossed, its `sequence` only increasing) and, when it shows a book update the
 * subscriber had not seen, that update timed into a histogram (receipt − the upstream push's
 * `ts`, the book's `timestamp`). Frames that only carry another change (the mark, funding)
 * are counted, not timed. Fields are read with regexes, not a JSON parse, so the load
 * generator stays cheap next to the gateway on a small machine.
 */
import { LatencyHistogram } from './latency-histogram.ts';

const SEQUENCE = /"sequence":(\d+)/;
const BOOK_TS = /"book":\{"timestamp":(\d+)/;
const BEST_ASK = /"asks":\[\{"price":([-\d.eE+]+)/;
const BEST_BID = /"bids":\[\{"price":([-\d.eE+]+)/;

export class ScreenTally {
  readonly latency = new LatencyHistogram();
  /** The book `ts` each subscriber shows last. */
  readonly lastTs: Float64Array;
  readonly lastSequence: Float64Array;
  /** Frames each subscriber received while measuring. */
  readonly counts: Uint32Array;
  measuring = false;
  /** Book updates timed (one per subscriber per update it saw). */
  delivered = 0;
  failures = 0;
  crossed = 0;
  sample = '';

  constructor(readonly subscribers: number) {
    this.lastTs = new Float64Array(subscribers);
    this.lastSequence = new Float64Array(subscribers);
    this.counts = new Uint32Array(subscribers);
  }

  /** One frame (the SSE block) to subscriber `i`. */
  frame(i: number, text: string): void {
    const sequence = Number(SEQUENCE.exec(text)?.[1]);
    const ts = Number(BOOK_TS.exec(text)?.[1]);
    if (!Number.isFinite(sequence) || !Number.isFinite(ts)) {
      this.fail(`not a frame: ${text.slice(0, 200)}`);
      return;
    }
    const ask = Number(BEST_ASK.exec(text)?.[1] ?? Number.POSITIVE_INFINITY);
    const bid = Number(BEST_BID.exec(text)?.[1] ?? Number.NEGATIVE_INFINITY);
    if (bid >= ask) {
      this.crossed++;
      this.sample = `crossed: ${text.slice(0, 300)}`;
    }
    if (sequence <= this.lastSequence[i]!)
      this.fail(`frame ${sequence} after ${this.lastSequence[i]}`);
    this.lastSequence[i] = sequence;
    const fresh = ts > this.lastTs[i]!;
    if (fresh) this.lastTs[i] = ts;
    if (!this.measuring) return;
    this.counts[i]!++;
    if (!fresh) return;
    this.delivered++;
    this.latency.record(ts);
  }

  fail(why: string): void {
    this.failures++;
    this.sample ||= why;
  }

  percentile(p: number): number {
    return this.latency.percentile(p);
  }

  max(): number {
    return this.latency.max();
  }

  /** How many subscribers show the book as of upstream `ts`. */
  at(ts: number): number {
    let n = 0;
    for (const last of this.lastTs) if (last === ts) n++;
    return n;
  }

  /** Accounts whose subscribers do not all show the same last frame (`perAccount` each). */
  unshared(perAccount: number): number {
    let off = 0;
    for (let a = 0; a * perAccount < this.subscribers; a++) {
      const first = this.lastSequence[a * perAccount];
      for (let k = 1; k < perAccount && a * perAccount + k < this.subscribers; k++) {
        if (this.lastSequence[a * perAccount + k] !== first) {
          off++;
          break;
        }
      }
    }
    return off;
  }
}
