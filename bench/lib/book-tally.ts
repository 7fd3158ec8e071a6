/**
 * What the subscribers of one phase of the book fan-out saw (book-fanout.ts): each delivery
 * checked (best bid below best ask; every 50th subscriber the whole frame; timestamps only
 * increasing) and timed into a histogram. Fields are read with regexes, not a JSON parse, so
 * the load generator stays cheap next to the gateway on a small machine.
 */
import { LatencyHistogram } from './latency-histogram.ts';

const TIMESTAMP = /"timestamp":(\d+)/;
const BEST_ASK = /"asks":\[\{"price":([-\d.eE+]+)/;
const BEST_BID = /"bids":\[\{"price":([-\d.eE+]+)/;
/** Every this many-th subscriber checks each frame whole (a JSON parse). */
const FULL_CHECK_EVERY = 50;

/** What the subscribers of one phase saw. */
export class BookTally {
  /** Deliveries by latency in whole ms (the last bucket holds everything later). */
  readonly latency = new LatencyHistogram();
  readonly lastTs: Float64Array;
  readonly counts: Uint32Array;
  measuring = false;
  delivered = 0;
  failures = 0;
  crossed = 0;
  sample = '';

  constructor(readonly subscribers: number) {
    this.lastTs = new Float64Array(subscribers);
    this.counts = new Uint32Array(subscribers);
  }

  /** One frame (`text`: the SSE block or the graphql-ws message) to subscriber `i`. */
  frame(i: number, text: string, payload: () => string): void {
    const ts = Number(TIMESTAMP.exec(text)?.[1]);
    if (!Number.isFinite(ts)) {
      this.fail(`no timestamp: ${text.slice(0, 200)}`);
      return;
    }
    const ask = Number(BEST_ASK.exec(text)?.[1] ?? Number.POSITIVE_INFINITY);
    const bid = Number(BEST_BID.exec(text)?.[1] ?? Number.NEGATIVE_INFINITY);
    if (bid >= ask) {
      this.crossed++;
      this.sample = `crossed: ${text.slice(0, 300)}`;
    }
    if (i % FULL_CHECK_EVERY === 0 && !wellFormed(payload())) {
      this.fail(`malformed book: ${text.slice(0, 300)}`);
      return;
    }
    if (ts <= this.lastTs[i]!) {
      this.fail(`frame ${ts} after ${this.lastTs[i]}`);
      return;
    }
    this.lastTs[i] = ts;
    if (!this.measuring) return;
    this.counts[i]!++;
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

  /** How many subscribers have shown the book as of upstream `ts`. */
  at(ts: number): number {
    let n = 0;
    for (const last of this.lastTs) if (last === ts) n++;
    return n;
  }
}

/** Asks ascending, bids descending, best bid below best ask (the whole frame). */
function wellFormed(json: string): boolean {
  type Level = { price: number };
  const book = (JSON.parse(json) as { data?: { orderBook?: { asks: Level[]; bids: Level[] } } })
    .data?.orderBook;
  if (!book || book.asks.length === 0 || book.bids.length === 0) return false;
  const up = book.asks.every((l, i) => i === 0 || l.price > book.asks[i - 1]!.price);
  const down = book.bids.every((l, i) => i === 0 || l.price < book.bids[i - 1]!.price);
  return up && down && book.bids[0]!.price < book.asks[0]!.price;
}
