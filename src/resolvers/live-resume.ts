/**
 * A resumed account subscription (`resumeFrom`, or SSE's `Last-Event-ID`): first what it
 * missed, in order, then live, with no duplicate and no gap. The subscriber listens live
 * first and buffers; once this replica's stream of the account is up and logging, it reads
 * the account's log after the cursor and delivers that (the replay); then the buffer,
 * skipping each event the log had (its cursor is not after the last one delivered); then
 * live, with the same rule. When the log cannot say what happened since the cursor (trimmed,
 * emptied, more than the replay bound, or unavailable), a RESYNC snapshot goes first
 * (live-snapshot.ts), each of its events saying why (`extensions.resumed`).
 */
import type { GraphQLError } from 'graphql';
import { gqlError, inputIssuesError, type LiveContext } from '../schema/types.ts';
import type { AccountCredentials } from '../upstream/api.ts';
import type { AccountStreamEvent, ResyncReason } from '../upstream/stream/index.ts';
import { cursorTime, isAfter, isCursor, unloggedCursor } from '../upstream/stream/log/cursor.ts';
import type { LogRead } from '../upstream/stream/log/event-log.ts';
import type { EventKind } from './live-kinds.ts';
import type { SubscriberQueue } from './live-queue.ts';
import { snapshotEvents } from './live-snapshot.ts';

/**
 * A live event as a resume sees it: its cursor, and whether it is `recomputed` (figures of
 * state already logged, at new mark prices: positionUpdates), which a resume never skips.
 */
export interface Cursored {
  cursor?: string | undefined;
  recomputed?: boolean;
}

/**
 * What a resume needs of its subscriber (resolvers/live.ts's AccountFeed, live-positions.ts's
 * PositionsFeed): its queue, and `offer`, which delivers an event (a live one of type `E`, or a
 * replayed or snapshot hub event) if the subscription follows it.
 */
export interface ResumingFeed<E extends Cursored = AccountStreamEvent> {
  readonly queue: Pick<SubscriberQueue<unknown>, 'size' | 'isEnded' | 'whenRoom' | 'fail'>;
  readonly accountId: string;
  readonly kind: EventKind;
  offer(event: E | AccountStreamEvent): void;
}

/** The caller's SSE `Last-Event-ID` (none over graphql-ws); BAD_USER_INPUT when not a cursor. */
export function lastEventId(ctx: { lastEventId?: string | undefined }): string | undefined {
  const id = ctx.lastEventId?.trim();
  if (!id) return undefined;
  if (isCursor(id)) return id;
  throw inputIssuesError([
    { field: 'Last-Event-ID', path: [], rule: 'cursor', message: CURSOR_MESSAGE },
  ]);
}

export const CURSOR_MESSAGE = 'must be a cursor this gateway gave (an event’s cursor or SSE id)';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export class Resume<E extends Cursored = AccountStreamEvent> {
  /** Live events that came while the replay was read; undefined once live. */
  private buffer: E[] | undefined = [];
  /** The last event's cursor the subscriber got (or had): later ones only from now on. */
  private last: string;

  constructor(
    private readonly feed: ResumingFeed<E>,
    private readonly ctx: LiveContext,
    private readonly credentials: AccountCredentials,
    private readonly cursor: string,
  ) {
    this.last = cursor;
  }

  /** A live event: buffered while the replay runs, then passed on when it is new. */
  live(event: E): void {
    const buffer = this.buffer;
    if (!buffer) {
      const { cursor } = event;
      if (event.recomputed || cursor === undefined || isAfter(cursor, this.last)) {
        this.feed.offer(event);
      }
    } else if (buffer.length < this.ctx.queueMax) {
      buffer.push(event);
    } else {
      this.feed.queue.fail(overrunError(this.ctx.queueMax));
    }
  }

  start(): void {
    this.run().catch((error: unknown) => this.feed.queue.fail(resumeFailed(error)));
  }

  private async run(): Promise<void> {
    const { hub, resume } = this.ctx;
    const { accountId } = this.feed;
    if (!hub.accountLogging(accountId)) {
      await hub.whenLogging(accountId, resume.joinTimeoutMs);
      await sleep(resume.settleMs);
    }
    const read = await hub.eventLog
      .read(accountId, this.cursor, resume.maxReplay)
      .catch((): LogRead => ({ covered: false, reason: 'LOG_UNAVAILABLE', head: null }));
    this.ctx.metrics?.resumed(read.covered ? 'replay' : 'resync');
    if (read.covered) {
      await this.replay(read.events.map((e) => e.event));
      this.last = read.events.at(-1)?.cursor ?? this.cursor;
    } else {
      const api = hub.accountApi(this.credentials);
      const events = await snapshotEvents(api, this.feed.kind, cursorTime(this.cursor));
      this.last = read.head ?? unloggedCursor(Date.now());
      await this.replay(events.map((e) => marked(e, this.last, read.reason)));
    }
    const buffered = this.buffer ?? [];
    this.buffer = undefined;
    for (const event of buffered) this.live(event);
  }

  /** Delivers replayed events within the queue's bound, waiting for the transport to take them. */
  private async replay(events: AccountStreamEvent[]): Promise<void> {
    const { queue } = this.feed;
    const high = Math.max(1, Math.floor(this.ctx.queueMax / 2));
    for (const event of events) {
      if (queue.size >= high) await queue.whenRoom(Math.floor(high / 2));
      if (queue.isEnded) return;
      this.feed.offer(event);
    }
  }
}

const marked = (event: AccountStreamEvent, cursor: string, notice: ResyncReason) =>
  Object.assign(event, { cursor, notice });

function overrunError(max: number): GraphQLError {
  return gqlError(
    'RATE_LIMITED',
    `Subscription ended: more than ${max} events came while it replayed what it missed. Subscribe again with the last cursor you got.`,
    { reason: 'SLOW_CONSUMER' },
  );
}

/** The snapshot's reads failed (the upstream's error code only: its text stays in the logs). */
function resumeFailed(error: unknown): GraphQLError {
  const code = (error as { extensions?: { code?: unknown } } | undefined)?.extensions?.code;
  return gqlError(
    'UPSTREAM_UNAVAILABLE',
    `Subscription ended: it could not read the snapshot its resume needs${typeof code === 'string' ? ` (${code})` : ''}. Subscribe again with the same cursor.`,
    { reason: 'RESUME_FAILED' },
  );
}
