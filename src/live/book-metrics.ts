/**
 * Local order book metrics on the gateway's registry: the books kept (one per symbol with
 * subscribers) and what happened to them (snapshots applied, breaks of the update chain,
 * frame emissions). The books keep plain counters; this reads them at scrape time.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { MarketBooks } from '../upstream/stream/market-books.ts';

const EVENTS = ['snapshots', 'breaks', 'emissions'] as const;

export function registerBookMetrics(registry: Registry, books: MarketBooks): void {
  const flushed = { snapshots: 0, breaks: 0, emissions: 0 };
  new Gauge({
    name: 'svc_graphql_order_books',
    help: 'Local order books on this replica (one per symbol with live subscribers)',
    registers: [registry],
    collect() {
      this.set(books.size);
    },
  });
  const events: Counter<'event'> = new Counter({
    name: 'svc_graphql_order_book_events_total',
    help: 'Local order books: snapshots (applied), breaks (a missing link, a crossed or malformed update, a reconnect: rebuilt from a snapshot), emissions (frames sent, one per subscribed depth)',
    labelNames: ['event'],
    registers: [registry],
    collect() {
      for (const event of EVENTS) {
        const delta = books.totals[event] - flushed[event];
        if (delta > 0) events.inc({ event }, delta);
        flushed[event] = books.totals[event];
      }
    },
  });
}
