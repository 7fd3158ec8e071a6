/**
 * One graphql-ws connection's writer for the direct lane (ws-lane-stream.ts): the `next`
 * messages of the connection's subscriptions for one event, framed (ws-frame.ts) into one
 * buffer and written to the socket in one write at the end of the tick, however many
 * subscriptions the client multiplexes on it. ws sends each message on its own (a header
 * buffer, a string to bytes, two writes and a callback per message); used only when the
 * connection negotiated no extension (no permessage-deflate: the server enables none), so
 * ws's sender never holds data back and a frame written here cannot overtake or split one
 * of its own.
 *
 * Order: graphql-ws' `onNext`, `onError` and `onComplete` hooks run before it sends a
 * message; {@link laneSendHooks} flushes the batch there and corks the socket until the end
 * of the tick, so what graphql-ws sends leaves after, and with, what the lane batched.
 *
 * Backpressure: bytes the kernel has not taken plus bytes batched are bounded by
 * {@link WS_BUFFER_MAX}. Over it the connection stalls: its subscriptions stop taking events,
 * which wait in their bounded queues (a subscriber that falls `SUBSCRIPTION_QUEUE_MAX` behind
 * is ended as a slow consumer), until the socket drains.
 */
import type { Socket } from 'node:net';
import { WebSocket } from 'ws';
import { frameMessages, messageLength } from './ws-frame.ts';

/** Bytes a connection may have unsent (socket buffer + batch) before its subscriptions stall. */
export const WS_BUFFER_MAX = 64 * 1024;

/** A subscription writing through a connection (ws-lane-stream.ts). */
export interface LaneSubscriber {
  /** The connection is behind: stop taking events. */
  stall(): void;
  /** The connection drained: take events again (if the subscriber was taking them). */
  resume(): void;
}

const connections = new WeakMap<WebSocket, WsConnection>();

export class WsConnection {
  /** Prefix, payload, prefix, payload… of the messages batched this tick. */
  private parts: Buffer[] = [];
  private batched = 0;
  private scheduled = false;
  private corked = false;
  private stalled = false;
  private readonly subscribers = new Set<LaneSubscriber>();

  private constructor(
    private readonly ws: WebSocket,
    private readonly socket: Socket,
  ) {
    socket.on('drain', () => this.drained());
    ws.once('close', () => {
      this.parts = [];
      this.batched = 0;
      this.subscribers.clear();
    });
  }

  /** Wraps a connection ws has just opened (call once, before anything is sent on it). */
  static open(ws: WebSocket, socket: Socket): WsConnection {
    const connection = new WsConnection(ws, socket);
    connections.set(ws, connection);
    return connection;
  }

  /** The connection's writer when the direct lane can frame for it (no extension negotiated). */
  static of(ws: unknown): WsConnection | undefined {
    const connection = connections.get(ws as WebSocket);
    return connection && connection.ws.extensions === '' ? connection : undefined;
  }

  get isStalled(): boolean {
    return this.stalled;
  }

  add(subscriber: LaneSubscriber): void {
    this.subscribers.add(subscriber);
  }

  remove(subscriber: LaneSubscriber): void {
    this.subscribers.delete(subscriber);
  }

  /** Batches one `next` message: the subscription's prefix, the result's JSON, `}`. */
  next(prefix: Buffer, payload: Buffer): void {
    this.parts.push(prefix, payload);
    this.batched += messageLength(prefix, payload);
    this.schedule();
    if (!this.stalled && this.batched + this.socket.writableLength >= WS_BUFFER_MAX) this.stall();
  }

  /** graphql-ws is about to send: the batch first, and what it sends leaves with it. */
  beforeSend(): void {
    this.flush();
    if (this.corked || this.socket.destroyed) return;
    this.corked = true;
    this.socket.cork();
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    process.nextTick(onTick, this);
  }

  /** End of the tick: the batch in one write, then what was corked. */
  tick(): void {
    this.scheduled = false;
    this.flush();
    if (this.corked) {
      this.corked = false;
      this.socket.uncork();
    }
    if (this.stalled && !this.socket.writableNeedDrain) this.drained();
  }

  /** Writes what is batched (dropped when the connection is closing: so would ws). */
  private flush(): void {
    const parts = this.parts;
    if (parts.length === 0) return;
    const bytes = this.batched;
    this.parts = [];
    this.batched = 0;
    if (this.ws.readyState !== WebSocket.OPEN || this.socket.destroyed) return;
    this.socket.write(frameMessages(parts, bytes));
    if (!this.stalled && this.socket.writableLength >= WS_BUFFER_MAX) this.stall();
  }

  private stall(): void {
    this.stalled = true;
    for (const s of this.subscribers) s.stall();
  }

  /** The socket took what was waiting: subscriptions take events again, in turn. */
  private drained(): void {
    if (!this.stalled) return;
    this.stalled = false;
    for (const s of [...this.subscribers]) {
      if (this.stalled) return; // queued events filled it again: the rest wait for 'drain'
      // Who resumes first goes last next time: no subscription always has the first turn.
      this.subscribers.delete(s);
      this.subscribers.add(s);
      s.resume();
    }
  }
}

function onTick(connection: WsConnection): void {
  connection.tick();
}

/** graphql-ws' context: `extra.socket` is the connection's WebSocket (graphql-ws/use/ws). */
interface HookContext {
  extra: { socket: unknown };
}

function beforeSend(ctx: HookContext): void {
  connections.get(ctx.extra.socket as WebSocket)?.beforeSend();
}

/**
 * graphql-ws server hooks that run before each message it sends for an operation: spread
 * into `useServer`'s options (wrap them to add other work; they must return undefined).
 */
export const laneSendHooks = {
  onNext: (ctx: HookContext): undefined => void beforeSend(ctx),
  onError: (ctx: HookContext): undefined => void beforeSend(ctx),
  onComplete: (ctx: HookContext): undefined => void beforeSend(ctx),
};
