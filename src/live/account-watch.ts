/**
 * One waiting mutation's view of its account's private stream: a hub listener that keeps
 * what arrives from before the request is sent until the answer — order changes and algo
 * trees in arrival order, the latest position per symbol and margin mode — so an event that
 * beats the upstream's HTTP answer is not missed. Bounded: past `maxEvents` the oldest are
 * dropped (a wait then ends at its timeout). No upstream request is made here.
 */
import type { AlgoOrderModel } from '../models/algo-order.ts';
import type { PositionModel } from '../models/portfolio.ts';
import type { AccountStreamEvent, OrderUpdateModel } from '../upstream/stream/models.ts';

/** Events of each kind kept per watch by default. */
export const WATCH_MAX_EVENTS = 512;

const keep = <T>(list: T[], item: T, max: number) => {
  list.push(item);
  if (list.length > max) list.shift();
};

export class AccountWatch {
  /** Order changes seen, oldest first. */
  readonly orders: OrderUpdateModel[] = [];
  /** Algo-order trees seen (the root, legs nested), oldest first. */
  readonly algos: AlgoOrderModel[] = [];
  /** The latest position seen per `symbol|marginMode`. */
  readonly positions = new Map<string, PositionModel>();
  /** Set when the account's stream gave up: nothing more will arrive. */
  failed: string | undefined;
  readonly #wakers = new Set<() => void>();

  constructor(private readonly maxEvents = WATCH_MAX_EVENTS) {}

  /** The hub's listener method. */
  accountEvent(event: AccountStreamEvent): void {
    switch (event.type) {
      case 'order':
        keep(this.orders, event.order, this.maxEvents);
        break;
      case 'algo':
        keep(this.algos, event.order, this.maxEvents);
        break;
      case 'positions':
        for (const p of event.positions) this.positions.set(`${p.symbol}|${p.marginMode}`, p);
        break;
      case 'failed':
        this.failed = event.reason;
        break;
      default:
        return;
    }
    for (const wake of [...this.#wakers]) wake();
  }

  /**
   * The first value `check` gives (asked now and after every event), or undefined when
   * `endsAt` (performance.now clock) passes first or the stream gives up.
   */
  async until<T>(check: () => T | undefined, endsAt: number): Promise<T | undefined> {
    for (;;) {
      const value = check();
      if (value !== undefined) return value;
      const left = endsAt - performance.now();
      if (left <= 0 || this.failed !== undefined) return undefined;
      await this.#next(left);
    }
  }

  /** The next event, or `ms` passing. */
  #next(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.ceil(ms));
      this.#wakers.add(done);
    });
  }
}
