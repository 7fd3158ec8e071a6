/**
 * One upstream stream connection that stays up: connects, authenticates (private streams),
 * subscribes its topics and answers pings; a close, an error or silence longer than
 * `silenceMs` reconnects it after a capped, jittered backoff, then re-authenticates and
 * re-subscribes. Consumers see pushes and a `ready` after every (re)connection, nothing else.
 */
import { WebSocket } from 'ws';
import { backoffDelay } from './backoff.ts';
import { PendingRequests, type RequestAnswer, RequestError } from './pending-requests.ts';
import type { Frame, StreamSocketOptions } from './socket-options.ts';

/** Frames a ws client may hold unsent before the connection is considered stuck. */
const MAX_BUFFERED_BYTES = 1 << 20;
const MAX_FRAME_BYTES = 4 << 20;

export class StreamSocket {
  private ws: WebSocket | undefined;
  private readonly topics = new Set<string>();
  private attempt = 0;
  private connections = 0;
  private lastFrameAt = 0;
  /** When the current connection attempt began (auth and subscribe must finish in silenceMs). */
  private startedAt = 0;
  private ids = 0;
  private ready = false;
  /** The server's clock as of this connection's last frame that carried a `ts`. */
  private serverTs: number | undefined;
  /** Authenticated (or public) on the current connection: subscribe frames may be sent. */
  private authed = false;
  /** Ids of the subscribe frames of this connection not yet acknowledged. */
  private readonly pendingAcks = new Set<string>();
  /** Subscribe frames of this connection by id, until answered; topics the server confirmed. */
  private readonly awaiting = new Map<string, string>();
  private readonly confirmed = new Set<string>();
  private closed = false;
  /** Auth refusals since the last successful auth. */
  private authFailures = 0;
  /** Id of this connection's auth frame while its answer is awaited. */
  private authId: string | undefined;
  private retry: NodeJS.Timeout | undefined;
  private readonly watchdog: NodeJS.Timeout;
  /** One-shot requests of this connection awaiting their answer (deadline: `silenceMs`, ≤ 10 s). */
  private readonly requests: PendingRequests;
  private readonly now: () => number;
  /** `whenReady` callers: told true when the connection comes up, false when it closes. */
  private readonly readyWaiters = new Set<(up: boolean) => void>();

  constructor(private readonly options: StreamSocketOptions) {
    this.now = options.now ?? Date.now;
    this.requests = new PendingRequests(Math.min(options.silenceMs, 10_000));
    const tick = Math.max(10, Math.min(options.pingMs, options.silenceMs / 4));
    this.watchdog = setInterval(() => this.check(), tick);
    this.watchdog.unref();
    this.connect();
  }

  /** Whether the connection is up, authenticated and every topic's subscription acknowledged. */
  get isReady(): boolean {
    return this.ready;
  }

  /** Resolves true once ready (now, if it is), false when closed first or `ms` passes. */
  whenReady(ms: number): Promise<boolean> {
    if (this.ready || this.closed) return Promise.resolve(this.ready);
    return new Promise((resolve) => {
      const settle = (up: boolean) => {
        clearTimeout(timer);
        this.readyWaiters.delete(settle);
        resolve(up);
      };
      const timer = setTimeout(() => settle(false), ms);
      this.readyWaiters.add(settle);
    });
  }

  subscribe(topic: string): void {
    if (this.topics.has(topic)) return;
    this.topics.add(topic);
    if (!this.authed) return; // sent with the others once authenticated
    const id = this.sendSubscribe(topic);
    if (!this.ready) this.pendingAcks.add(id);
  }

  /** Whether the server confirmed `topic` on the current connection (its pushes now arrive). */
  isSubscribed(topic: string): boolean {
    return this.confirmed.has(topic);
  }

  unsubscribe(topic: string): void {
    if (!this.topics.delete(topic)) return;
    this.confirmed.delete(topic);
    if (this.authed) this.send({ id: this.nextId(), event: 'unsubscribe', topic });
  }

  /**
   * A one-shot request (`{id, event: 'request', params}`) on the current connection; fails
   * at once when it is not ready, and when the connection drops before the answer.
   */
  request(params: object): Promise<RequestAnswer> {
    if (!this.ready) return Promise.reject(new RequestError('not connected', false));
    const id = this.nextId();
    const answer = this.requests.add(id);
    this.send({ id, event: 'request', params });
    return answer;
  }

  /** Closes for good. */
  close(): void {
    this.closed = true;
    this.requests.failAll('closed');
    this.ready = false;
    for (const settle of [...this.readyWaiters]) settle(false);
    clearInterval(this.watchdog);
    clearTimeout(this.retry);
    this.ws?.terminate();
  }

  /** Drops the connection (tests, or a consumer that saw it stuck); it reconnects. */
  reconnect(reason = 'reconnect requested'): void {
    this.ws?.terminate();
    this.down(reason);
  }

  private nextId(): string {
    return `g${++this.ids}`;
  }

  private send(frame: object): void {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.reconnect('send buffer full');
      return;
    }
    ws.send(JSON.stringify(frame));
  }

  private connect(): void {
    if (this.closed) return;
    const ws = new WebSocket(this.options.url, {
      maxPayload: MAX_FRAME_BYTES,
      handshakeTimeout: this.options.silenceMs,
    });
    this.ws = ws;
    this.lastFrameAt = this.now();
    this.startedAt = this.lastFrameAt;
    this.serverTs = undefined;
    this.authId = undefined;
    ws.on('open', () => {
      this.lastFrameAt = this.now();
      if (this.options.auth) {
        this.authId = this.nextId();
        this.send({ id: this.authId, event: 'auth', params: this.options.auth() });
      } else this.subscribed();
    });
    ws.on('message', (data) => {
      if (ws !== this.ws) return;
      this.lastFrameAt = this.now();
      let frame: Frame;
      try {
        frame = JSON.parse(data.toString()) as Frame;
      } catch {
        return;
      }
      if (frame !== null && typeof frame === 'object') this.onFrame(frame);
    });
    ws.on('close', () => {
      if (ws === this.ws) this.down('closed');
    });
    ws.on('error', () => {
      ws.terminate();
      if (ws === this.ws) this.down('error');
    });
  }

  /** A frame of the current connection. */
  private onFrame(frame: Frame): void {
    if (typeof frame.ts === 'number') this.serverTs = frame.ts;
    if (frame.event === 'ping') {
      this.send({ event: 'pong', ts: this.now() });
    } else if (typeof frame.topic === 'string' && frame.event === undefined) {
      this.options.onPush(
        frame.topic,
        frame.data,
        typeof frame.ts === 'number' ? frame.ts : this.now(),
      );
    } else if (frame.event === 'request' && this.requests.settle(frame)) {
      // A one-shot request's answer (its promise has it).
    } else if (typeof frame.id === 'string' && this.awaiting.has(frame.id)) {
      const topic = this.awaiting.get(frame.id)!;
      this.awaiting.delete(frame.id);
      if (frame.success !== false && this.topics.has(topic)) this.confirmed.add(topic);
      else if (this.topics.has(topic)) this.options.onTopicRefused?.(topic, reasonOf(frame));
      // An acknowledged (or refused: logged by the server's errorMsg) subscription. Ready
      // only once the server has every topic: events before that could be missed.
      if (this.pendingAcks.delete(frame.id) && this.pendingAcks.size === 0 && !this.ready) {
        this.becomeReady();
      }
    } else if (this.authId !== undefined && frame.id === this.authId) {
      this.authId = undefined;
      this.onAuthReply(frame);
    }
  }

  private onAuthReply(frame: Frame): void {
    if (frame.success === true) {
      this.authFailures = 0;
      this.subscribed();
      return;
    }
    // A refused key stays refused (revoked, unknown): retry a few times (a clock skew may
    // heal), then give up and say so rather than retry quietly for ever.
    const reason = reasonOf(frame);
    if (++this.authFailures >= (this.options.maxAuthFailures ?? 3)) {
      this.close();
      this.options.onRefused?.(reason);
    } else this.reconnect(`auth refused: ${reason}`);
  }

  private subscribed(): void {
    this.authed = true;
    this.pendingAcks.clear();
    for (const topic of this.topics) this.pendingAcks.add(this.sendSubscribe(topic));
    if (this.pendingAcks.size === 0) this.becomeReady();
  }

  private sendSubscribe(topic: string): string {
    const id = this.nextId();
    this.awaiting.set(id, topic);
    this.send({ id, event: 'subscribe', topic });
    return id;
  }

  private becomeReady(): void {
    this.ready = true;
    this.attempt = 0;
    const resumed = this.connections++ > 0;
    this.options.onReady(resumed, this.serverTs);
    for (const settle of [...this.readyWaiters]) settle(true);
  }

  private down(reason: string): void {
    const ws = this.ws;
    this.ws = undefined;
    ws?.removeAllListeners('message');
    this.ready = false;
    this.authed = false;
    this.awaiting.clear();
    this.confirmed.clear();
    this.requests.failAll(`connection ${reason}`);
    if (this.closed || this.retry) return;
    this.options.onDown?.(reason);
    const delay = backoffDelay(this.options.backoff, this.attempt++);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect();
    }, delay);
    this.retry.unref();
  }

  private check(): void {
    if (!this.ws || this.closed) return;
    const now = this.now();
    const silent = now - this.lastFrameAt;
    if (silent > this.options.silenceMs) {
      this.reconnect(`silent for ${silent} ms`);
      return;
    }
    // Pings alone do not make a connection useful: auth and the subscriptions must be
    // answered in time too.
    if (!this.ready && now - this.startedAt > this.options.silenceMs) {
      this.reconnect(
        this.authed ? 'subscriptions not acknowledged in time' : 'not authenticated in time',
      );
      return;
    }
    if (this.authed && silent >= this.options.pingMs) this.send({ event: 'ping', ts: this.now() });
  }
}

/** The server's `errorMsg` of a refusal, bounded. */
const reasonOf = (frame: Frame): string =>
  typeof frame.errorMsg === 'string' ? frame.errorMsg.slice(0, 200) : 'refused';
