/**
 * One account's private stream on this replica: the socket (auth signed with the account's
 * ed25519 key over the timestamp text), every private topic, and the state needed to resync.
 * Each event first invalidates the account's cached reads (in the shared store, so every
 * replica's next query is fresh), then reaches the hub, in arrival order. After a reconnect
 * every order updated since the last event seen (less a margin) is re-read by REST and each
 * one whose state the subscribers have not seen is emitted (order-resync.ts), so a final
 * order state reached in the gap is delivered; algo orders (algo-resync.ts), positions and
 * balances are re-read too.
 */
import { RequestSigner } from '../../auth/request-signature.ts';
import { PRIVATE_TOPICS } from '../../contract/constants.ts';
import { ORDER_STATE } from '../../contract/endpoint-parts.ts';
import type { AccountCredentials } from '../api.ts';
import type { CacheGroup } from '../catalog.ts';
import type { AccountReads } from './account-reads.ts';
import { algoOrderFromStream } from './algo-map.ts';
import { AlgoResync } from './algo-resync.ts';
import { type BackoffPolicy, backoffDelay } from './backoff.ts';
import {
  balancesFromStream,
  liquidationsFromStream,
  orderUpdateFromStream,
  positionsFromStream,
  walletFromStream,
} from './map.ts';
import type { AccountStreamEvent } from './models.ts';
import { OrderLedger } from './order-ledger.ts';
import {
  DEFAULT_RESYNC_BOUNDS,
  newResyncStats,
  type ResyncBounds,
  type ResyncStats,
  resyncOrders,
} from './order-resync.ts';
import { PortfolioSeen, resyncPortfolio } from './portfolio-resync.ts';
import { StreamSocket } from './socket.ts';

/** Cache groups an order or algo event makes stale: what an order mutation makes stale. */
const ORDER_GROUPS = ORDER_STATE;
/** A liquidation cancels orders, closes positions and is a row of the liquidation list. */
const LIQUIDATION_GROUPS: readonly CacheGroup[] = [...ORDER_STATE, 'liquidations'];
/** Attempts of a failing gap read (with the reconnect backoff) before it waits for the next resync. */
const RESYNC_ATTEMPTS = 5;

export interface AccountStreamOptions {
  /** `ws(s)://host[:port]` of the upstream's streams. */
  wsBase: string;
  credentials: AccountCredentials;
  reads: AccountReads;
  /** Drops the account's cached reads of these groups. */
  invalidate(groups: readonly CacheGroup[]): Promise<void>;
  emit(event: AccountStreamEvent): void;
  /** The stream is (back) up and subscribed (`resumed`: after a reconnect). @default none */
  ready?(resumed: boolean): void;
  /** Server time, ms (the auth timestamp; when the stream came up, if the server said no `ts`). */
  now: () => number;
  backoff: BackoffPolicy;
  silenceMs: number;
  pingMs: number;
  /** Auth refusals in a row before the stream gives up (emits `failed`). */
  maxAuthFailures?: number;
  /** @default DEFAULT_RESYNC_BOUNDS */
  resync?: ResyncBounds;
  /** Counters shared by the replica's streams. @default this stream's own */
  stats?: ResyncStats;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

export class AccountStream {
  private readonly socket: StreamSocket;
  /** What the subscribers last saw of each order. */
  private readonly ledger = new OrderLedger();
  /** What the subscribers last saw of each algo order tree, and its gap reads. */
  private readonly algo: AlgoResync;
  private readonly portfolio = new PortfolioSeen();
  private readonly bounds: ResyncBounds;
  private readonly stats: ResyncStats;
  /** Events are handled one after the other, in arrival order. */
  private chain: Promise<void> = Promise.resolve();
  /**
   * Server time up to which this stream has seen the account: the last push's `ts`, or when
   * the stream (re)came up and had its gap read. A gap is read from here, less the margin.
   */
  private seenUntil = 0;
  /** The start of a gap whose read gave up: the next resync reads from there too. */
  private unreadSince: number | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** Successful resyncs (tests and metrics). */
  resyncs = 0;

  constructor(private readonly options: AccountStreamOptions) {
    const { accountId, secret } = options.credentials;
    this.bounds = options.resync ?? DEFAULT_RESYNC_BOUNDS;
    this.stats = options.stats ?? newResyncStats();
    this.algo = new AlgoResync(
      {
        reads: options.reads,
        emit: (order) => options.emit({ type: 'algo', order }),
        bounds: this.bounds,
      },
      (what, read) => this.attempt(what, read),
      options.log,
    );
    const signer = new RequestSigner({ accountId, secret });
    this.socket = new StreamSocket({
      url: `${options.wsBase}/v2/ws/private/stream/${encodeURIComponent(accountId)}`,
      auth: () => {
        const timestamp = options.now();
        return { svc_key: signer.publicKey, sign: signer.sign(String(timestamp)), timestamp };
      },
      backoff: options.backoff,
      silenceMs: options.silenceMs,
      pingMs: options.pingMs,
      onPush: (topic, data, ts) => {
        this.seenUntil = Math.max(this.seenUntil, ts);
        this.serial(() => this.onPush(topic, data, ts));
      },
      onReady: (resumed, serverTs) => this.onReady(resumed, serverTs ?? options.now()),
      onDown: (reason) => options.log?.('upstream private stream down', { reason }),
      ...(options.maxAuthFailures !== undefined
        ? { maxAuthFailures: options.maxAuthFailures }
        : {}),
      onRefused: (reason) => {
        options.log?.('upstream private stream auth refused; giving up', { reason });
        options.emit({ type: 'failed', reason });
      },
    });
    for (const topic of PRIVATE_TOPICS) this.socket.subscribe(topic);
  }

  get isReady(): boolean {
    return this.socket.isReady;
  }

  /** Resolves true once the stream is up (false: closed, or not within `ms`). */
  whenReady(ms: number): Promise<boolean> {
    return this.socket.whenReady(ms);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.socket.close();
  }

  private serial(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((error: unknown) => {
      this.options.log?.('upstream private stream event failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }

  /**
   * Up: the first time, the stream sees the account from now on; after a reconnect, the gap
   * since the last event seen is read (pushes that arrive meanwhile wait behind the read).
   */
  private onReady(resumed: boolean, upAt: number): void {
    this.options.ready?.(resumed);
    if (!resumed) {
      this.seenUntil = Math.max(this.seenUntil, upAt);
      // What is open now: a tree that ends in a later gap is looked up by id.
      this.serial(() => this.algo.seed());
      return;
    }
    let since = this.seenUntil - this.bounds.marginMs;
    if (this.unreadSince !== undefined) since = Math.min(since, this.unreadSince);
    this.serial(() => this.resync(since, upAt));
  }

  private async onPush(topic: string, data: unknown, ts: number): Promise<void> {
    const { emit, invalidate } = this.options;
    switch (topic) {
      case 'executionreport': {
        const order = orderUpdateFromStream(data);
        // A push queued behind a resync's read may describe a state the read overtook.
        if (!order || this.ledger.overtaken(order)) return;
        this.ledger.record(order, false);
        await invalidate(ORDER_GROUPS);
        emit({ type: 'order', order });
        return;
      }
      case 'algoexecutionreport': {
        const order = algoOrderFromStream(data);
        if (!order || !this.algo.pushed(order)) return;
        await invalidate(ORDER_GROUPS);
        emit({ type: 'algo', order });
        return;
      }
      case 'account':
        // `{accountDetail: {symbolLeverage}}`: a leverage setting changed.
        await invalidate(['leverage', 'positions']);
        return;
      case 'position': {
        const positions = positionsFromStream(data);
        if (positions.length === 0) return;
        this.portfolio.note({ positions });
        await invalidate(['positions']);
        emit({ type: 'positions', positions });
        return;
      }
      case 'balance': {
        const balances = balancesFromStream(data, ts);
        if (balances.length === 0) return;
        this.portfolio.note({ balances });
        await invalidate(['balances']);
        emit({ type: 'balances', balances });
        return;
      }
      case 'liquidationsaccount':
        for (const event of liquidationsFromStream(data)) {
          await invalidate(LIQUIDATION_GROUPS);
          emit({ type: 'account', event });
        }
        return;
      case 'wallet': {
        const event = walletFromStream(data);
        if (!event) return;
        await invalidate(['balances', 'assetHistory']);
        emit({ type: 'account', event });
        return;
      }
    }
  }

  /**
   * After a reconnect: emit every order changed since `since` whose state the subscribers
   * have not seen, then positions and balances that moved. A failing order read is retried
   * with the reconnect backoff; past the attempts the gap waits for the next resync.
   */
  private async resync(since: number, upAt: number, attempt = 0): Promise<void> {
    const { reads, emit, invalidate, log } = this.options;
    await invalidate(ORDER_GROUPS);
    const orders = await this.attempt('orders', () =>
      resyncOrders(
        {
          ordersByUpdate: reads.ordersByUpdate,
          ledger: this.ledger,
          emit: (order) => emit({ type: 'order', order }),
          bounds: this.bounds,
        },
        since,
      ),
    );
    if (orders) {
      this.unreadSince = undefined;
      this.seenUntil = Math.max(this.seenUntil, upAt);
      this.stats.orders += orders.emitted;
      if (orders.truncated) {
        this.stats.truncated++;
        log?.('upstream stream resync: gap too large, older order changes not emitted', {
          pages: orders.pages,
          since,
        });
      } else this.stats.complete++;
    } else if (attempt + 1 < RESYNC_ATTEMPTS && !this.closed) {
      this.retry = setTimeout(
        () => {
          if (!this.closed) this.serial(() => this.resync(since, upAt, attempt + 1));
        },
        backoffDelay(this.options.backoff, attempt),
      );
      this.retry.unref();
    } else {
      this.stats.failed++;
      this.unreadSince = since;
      log?.('upstream stream resync: order read failed; the gap is read at the next resync', {
        since,
      });
    }
    if (attempt === 0) {
      await resyncPortfolio(this.portfolio, reads, emit, (what, read) => this.attempt(what, read));
      this.stats.algoOrders += await this.algo.resync(since);
    }
    if (orders) this.resyncs++;
  }

  private async attempt<T>(what: string, read: () => Promise<T>): Promise<T | undefined> {
    try {
      return await read();
    } catch (error) {
      this.options.log?.('upstream stream resync read failed', {
        read: what,
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  }
}
