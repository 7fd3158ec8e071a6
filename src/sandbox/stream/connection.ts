/**
 * One client of the sandbox's stream: which stream (public or private) and account id it
 * opened, the account it authenticated as, its topics and its unanswered pings. Frames from
 * the client are handled here; pushes come from the server.
 */
import { WebSocket } from 'ws';
import { formatEd25519PublicKey, parseEd25519PublicKey } from '../../auth/keys.ts';
import { TIMESTAMP_TOLERANCE_MS } from '../../contract/constants.ts';
import { verifyRequestSignature } from '../request-verify.ts';
import type { Account, SandboxState } from '../state.ts';
import { type ParsedTopic, parseTopic, type StreamKind } from './topics.ts';

export type RequestId = string | number | undefined;

/** A client whose unsent frames pass this is too slow: it is dropped, not buffered. */
export const MAX_BUFFERED_BYTES = 1 << 20;
/** Topics per connection (every topic of the default symbols fits: about 18 a symbol). */
export const MAX_TOPICS = 128;
/** Close code of a failed auth (policy violation). */
export const AUTH_FAILED_CLOSE = 1008;

export interface ConnectionDeps {
  state: SandboxState;
  clock: () => number;
  /** After a successful subscribe ack (the maintenance topic pushes its current status). */
  subscribed(connection: StreamConnection, topic: ParsedTopic, name: string): void;
  /** After a topic was dropped (an unsubscribe of a topic it had). */
  unsubscribed(connection: StreamConnection, topic: ParsedTopic, name: string): void;
  /** A one-shot `request` on the public stream: the server answers it. */
  request(connection: StreamConnection, id: RequestId, params: unknown): void;
}

interface Frame {
  id?: unknown;
  event?: unknown;
  topic?: unknown;
  params?: { svc_key?: unknown; sign?: unknown; timestamp?: unknown };
}

/** The client's frame `id`, echoed in the answer when it is a string or a number. */
function frameId(frame: Frame): RequestId {
  return typeof frame.id === 'string' || typeof frame.id === 'number' ? frame.id : undefined;
}

export class StreamConnection {
  account: Account | undefined;
  /** Subscribed topic names and what they mean. */
  readonly topics = new Map<string, ParsedTopic>();
  missedPongs = 0;

  constructor(
    readonly ws: WebSocket,
    readonly kind: StreamKind,
    /** Lower-case account id of the path. */
    readonly pathAccountId: string,
    private readonly deps: ConnectionDeps,
  ) {}

  send(frame: object): void {
    this.sendText(JSON.stringify(frame));
  }

  /** A frame already serialized (one text for every subscriber of a push). */
  sendText(text: string): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
  }

  push(topic: string, data: unknown): void {
    this.send({ topic, ts: this.deps.clock(), data });
  }

  /** Answers a one-shot request: `data` on success, else the error text. */
  answer(id: RequestId, result: { data: unknown } | { errorMsg: string }): void {
    const ts = this.now();
    if ('errorMsg' in result) {
      this.send({ id, event: 'request', success: false, errorMsg: result.errorMsg, ts });
    } else {
      this.send({ id, event: 'request', success: true, ts, data: result.data });
    }
  }

  receive(text: string): void {
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch {
      this.send({
        event: 'error',
        success: false,
        errorMsg: 'invalid frame: not JSON',
        ts: this.now(),
      });
      return;
    }
    if (frame === null || typeof frame !== 'object') {
      this.send({ event: 'error', success: false, errorMsg: 'invalid frame', ts: this.now() });
      return;
    }
    const id = frameId(frame);
    switch (frame.event) {
      case 'ping':
        this.send({ event: 'pong', ts: this.now() });
        return;
      case 'pong':
        this.missedPongs = 0;
        return;
      case 'auth':
        this.auth(id, frame.params);
        return;
      case 'subscribe':
      case 'unsubscribe':
        this.subscription(id, frame.event, frame.topic);
        return;
      case 'request':
        if (this.kind === 'public') {
          this.deps.request(this, id, frame.params);
          return;
        }
        break;
    }
    this.refuseEvent(id, frame.event);
  }

  private refuseEvent(id: RequestId, event: unknown): void {
    this.send({
      id,
      event: typeof event === 'string' ? event : 'error',
      success: false,
      errorMsg: `invalid event ${String(event)}`,
      ts: this.now(),
    });
  }

  private now(): number {
    return this.deps.clock();
  }

  private auth(id: unknown, params: Frame['params']): void {
    const account = this.kind === 'private' ? this.verify(params) : undefined;
    if (!account) {
      this.send({ id, event: 'auth', success: false, errorMsg: 'auth failed', ts: this.now() });
      if (this.kind === 'private') this.ws.close(AUTH_FAILED_CLOSE, 'auth failed');
      return;
    }
    this.account = account;
    this.send({ id, event: 'auth', success: true, ts: this.now() });
  }

  /** The account whose registered key signed the timestamp text, if it is the path's account. */
  private verify(params: Frame['params']): Account | undefined {
    const { svc_key: key, sign, timestamp } = params ?? {};
    if (typeof key !== 'string' || typeof sign !== 'string') return undefined;
    const ts = typeof timestamp === 'number' ? timestamp : Number(timestamp);
    if (!Number.isSafeInteger(ts) || Math.abs(this.now() - ts) > TIMESTAMP_TOLERANCE_MS) {
      return undefined;
    }
    let canonical: string;
    try {
      canonical = formatEd25519PublicKey(parseEd25519PublicKey(key));
    } catch {
      return undefined;
    }
    if (!verifyRequestSignature(canonical, String(ts), sign)) return undefined;
    const account = this.deps.state.accountOfKey(canonical);
    return account?.accountId.toLowerCase() === this.pathAccountId ? account : undefined;
  }

  private subscription(id: unknown, event: 'subscribe' | 'unsubscribe', topic: unknown): void {
    const ack = (errorMsg?: string) =>
      this.send({
        id,
        event,
        success: errorMsg === undefined,
        ...(errorMsg === undefined ? {} : { errorMsg }),
        ts: this.now(),
      });
    if (typeof topic !== 'string' || topic === '') {
      ack('missing required parameter topic');
      return;
    }
    const name = topic;
    const { state } = this.deps;
    const parsed = parseTopic(name, this.kind, state.brokerId, state.symbolKnown);
    if ('errorMsg' in parsed) {
      ack(parsed.errorMsg);
      return;
    }
    if (this.kind === 'private' && !this.account) {
      ack('auth failed');
      return;
    }
    if (event === 'unsubscribe') {
      const had = this.topics.delete(name);
      ack();
      if (had) this.deps.unsubscribed(this, parsed, name);
      return;
    }
    if (!this.topics.has(name) && this.topics.size >= MAX_TOPICS) {
      ack(`too many topics: at most ${MAX_TOPICS} per connection`);
      return;
    }
    this.topics.set(name, parsed);
    ack();
    this.deps.subscribed(this, parsed, name);
  }
}
