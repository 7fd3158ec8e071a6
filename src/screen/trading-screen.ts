/**
 * One trading screen computation: an account's view of one symbol at one book depth, for
 * every subscriber of it on this replica (trading-screens.ts shares it). Its first state is
 * read by REST once the account's private stream is up (so no change falls between the read
 * and the stream: changes that arrive during the read are applied after it, the older ones
 * skipped); from then on it follows the private stream, the symbol's local book, the live
 * mark and the funding estimate, and never polls the upstream.
 *
 * Frames: the first as soon as the first state is read, then with the ticks of its group
 * (the screens of its symbol and depth, screen-group.ts: in step with the book's frames, 10 a
 * second at most), each computed once and handed to every subscriber. A frame is coherent: when the book and the open orders contradict
 * each other (one stream ahead of the other, coherence.ts) the frame waits, up to `holdMs`,
 * for the other stream to catch up; past that it goes out saying `coherent: false`.
 */
import type { TradingScreenModel } from '../models/trading-screen.ts';
import type { AccountCredentials } from '../upstream/api.ts';
import type { AccountStreamEvent, OrderUpdateModel } from '../upstream/stream/models.ts';
import { AccountView } from './account-view.ts';
import { BookAgreement } from './coherence.ts';
import type { FundingState } from './funding.ts';
import { buildFrame } from './screen-frame.ts';
import { isFinal, screenOrderFromStream } from './screen-orders.ts';
import type {
  ScreenEnd,
  ScreenPorts,
  ScreenSubscriber,
  ScreenTiming,
  TickedScreen,
} from './screen-ports.ts';
import { type MarketSnapshot, readAccount, readAlgoOrders, readMarket } from './screen-reads.ts';

/** Account events kept while the first read runs; more means the read is far behind. */
const MAX_PENDING = 10_000;

type Phase = 'waiting' | 'loading' | 'live' | 'ended';

export class TradingScreen implements TickedScreen {
  readonly accountId: string;
  private readonly subscribers = new Set<ScreenSubscriber>();
  private readonly view: AccountView;
  private readonly agreement: BookAgreement;
  private phase: Phase = 'waiting';
  /** Account events that arrived before the first read was applied, in order. */
  private pending: AccountStreamEvent[] = [];
  /** Algo events that arrive while the algo orders are read again (after a reconnect). */
  private algoReload: AccountStreamEvent[] | undefined;
  private market: MarketSnapshot | undefined;
  private funding: FundingState | undefined;
  private mark: number | undefined;
  private last: TradingScreenModel | undefined;
  private sequence = 0;
  private incoherentSince: number | undefined;
  private ending: ScreenEnd | undefined;
  /** The first read's deadline, then the end of a hold. */
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly key: string,
    private readonly credentials: AccountCredentials,
    readonly symbol: string,
    readonly depth: number,
    private readonly ports: ScreenPorts,
    private readonly timing: ScreenTiming,
  ) {
    this.accountId = credentials.accountId;
    this.view = new AccountView(symbol);
    this.agreement = new BookAgreement(depth, timing.holdMs);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Follows the account, the book and (through the registry) the mark and funding. */
  start(): void {
    this.timer = setTimeout(
      () => this.end({ reason: 'unavailable', message: 'the first state was not read in time' }),
      this.timing.loadTimeoutMs,
    );
    this.timer.unref();
    const { hub, ticks } = this.ports;
    hub.listenAccount(this.credentials, this);
    ticks.join(this);
    if (this.phase === 'waiting' && hub.accountReady(this.accountId)) void this.load();
  }

  add(subscriber: ScreenSubscriber): void {
    if (this.phase === 'ended') {
      // Ended as it started (the book refused the symbol): the newcomer hears why.
      if (this.ending) subscriber.screenEnded(this.ending);
      return;
    }
    this.subscribers.add(subscriber);
    // The current frame at once, unless an emission is due (it brings the same or newer).
    if (this.last && !this.ports.ticks.due(this)) subscriber.screenFrame(this.last);
  }

  remove(subscriber: ScreenSubscriber): void {
    if (this.subscribers.delete(subscriber) && this.subscribers.size === 0) this.close();
  }

  accountEvent(event: AccountStreamEvent): void {
    if (event.type === 'failed') {
      this.end({ reason: 'streamRefused', message: event.reason });
    } else if (this.phase === 'waiting' || this.phase === 'loading') {
      if (this.pending.push(event) > MAX_PENDING) {
        this.end({ reason: 'unavailable', message: 'too many changes during the first read' });
      }
    } else if (this.phase === 'live') {
      if (event.type === 'algo') this.algoReload?.push(event);
      if (event.type === 'order') this.orderChanging(event.order);
      if (this.view.apply(event)) this.ports.ticks.changed(this);
    }
  }

  accountReady(resumed: boolean): void {
    if (this.phase === 'waiting') void this.load();
    else if (this.phase === 'live' && resumed) void this.reloadAlgos();
  }

  /** The group's tick (a new book frame, mark or estimate, or a change of this screen's). */
  tick(at: number): void {
    if (this.phase === 'live') this.emit(at);
  }

  bookFailed(reason: string): void {
    this.end({ reason: 'unknownSymbol', message: reason });
  }

  /** The symbol's live mark moved (the group ticks). */
  markMoved(price: number): void {
    this.mark = price;
  }

  /** An `@estfundingrate` push of the symbol (the group ticks when it is newer). */
  fundingEstimate(rate: number, at: number): boolean {
    if (!this.funding || at < this.funding.estimatedAt) return false;
    this.funding = { ...this.funding, rate, estimatedAt: at };
    return true;
  }

  /** Ends every subscriber with `end` and stops. */
  end(end: ScreenEnd): void {
    if (this.phase === 'ended') return;
    this.ending = end;
    const subscribers = [...this.subscribers];
    this.close();
    for (const s of subscribers) s.screenEnded(end);
  }

  close(): void {
    if (this.phase === 'ended') return;
    this.phase = 'ended';
    this.subscribers.clear();
    this.pending = [];
    clearTimeout(this.timer);
    const { hub, ticks } = this.ports;
    hub.unlistenAccount(this.accountId, this);
    ticks.leave(this);
    this.ports.closed(this);
  }

  private async load(): Promise<void> {
    this.phase = 'loading';
    const { account, market } = this.ports;
    try {
      const [found, state] = await Promise.all([
        readMarket(market, account, this.symbol),
        readAccount(account, this.symbol),
      ]);
      if (this.phase !== 'loading') return;
      if (!found) {
        this.end({ reason: 'unknownSymbol', message: `unknown symbol ${this.symbol}` });
        return;
      }
      this.market = found;
      this.funding = found.funding;
      this.mark ??= found.mark;
      this.view.load(state);
      for (const event of this.pending) this.view.apply(event);
      this.pending = [];
      this.phase = 'live';
      clearTimeout(this.timer);
      this.ports.totals.loads++;
      // The first frame at once, not with the group's next tick.
      this.emit(this.timing.now());
    } catch (error) {
      this.ports.log?.('trading screen: first read failed', { error: String(error) });
      this.end({ reason: 'unavailable', message: 'the first state could not be read' });
    }
  }

  /** After a reconnect the stream's resync re-reads orders, positions and balances, not algo orders. */
  private async reloadAlgos(): Promise<void> {
    if (this.algoReload) return;
    this.algoReload = [];
    try {
      const roots = await readAlgoOrders(this.ports.account, this.symbol);
      if (this.phase !== 'live') return;
      this.view.reloadAlgos(roots);
      for (const event of this.algoReload) this.view.apply(event);
      this.ports.ticks.changed(this);
    } catch (error) {
      this.ports.log?.('trading screen: algo orders not read again', { error: String(error) });
    } finally {
      this.algoReload = undefined;
    }
  }

  /** Before an order's change is applied: what the book must show once it catches up. */
  private orderChanging(u: OrderUpdateModel): void {
    const known = u.symbol === this.symbol ? this.view.openOrder(u.orderId) : undefined;
    const { book } = this.ports.ticks;
    if (!known || !book || known.updatedAt > u.timestamp) return;
    const after = isFinal(u.status) ? undefined : screenOrderFromStream(u, known);
    const orders = this.view.openOrders();
    this.agreement.orderLeaving(known, after, orders, book, this.timing.now());
  }

  /** One frame as of `now` for every subscriber, unless it must wait (above). */
  private emit(now: number): void {
    const { market } = this;
    const { book } = this.ports.ticks;
    if (!book || !market) return;
    const coherent = this.agreement.agrees(book, this.view.openOrders(), now);
    if (coherent) this.incoherentSince = undefined;
    else {
      this.incoherentSince ??= now;
      const left = this.incoherentSince + this.timing.holdMs - now;
      if (left > 0) {
        this.ports.totals.held++;
        this.recheckIn(left);
        return;
      }
      // Out it goes, saying so; what the book never showed is not waited for again.
      this.agreement.excuse(book, this.view.openOrders());
    }
    clearTimeout(this.timer);
    const { hub } = this.ports;
    const frame = buildFrame({
      symbol: this.symbol,
      depth: this.depth,
      sequence: ++this.sequence,
      now,
      book,
      mark: this.mark,
      view: this.view,
      rule: market.rule,
      funding: this.funding,
      markOf: (symbol) => hub.marks.mark(symbol),
      coherent,
    });
    this.last = frame;
    this.ports.totals.frames++;
    for (const s of this.subscribers) s.screenFrame(frame);
  }

  private recheckIn(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.ports.ticks.changed(this), ms);
    this.timer.unref();
  }
}
