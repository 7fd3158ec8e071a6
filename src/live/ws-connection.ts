/**
 * One graphql-ws connection's writer for the direct lane (live-ws-stream.ts): the `next`
 * messages of the connection's subscriptions for one event, framed into one buffer and written
 * to the socket in one write at the end of the tick, however many subscriptions the client
 * multiplexes on it.
 *
 * A message is `{"id":<id>,"type":"next","payload":<result>}`, byte for byte what graphql-ws
 * sends (its `stringifyMessage` of that object, no replacer configured): the subscription's
 * prefix is built once, the result's JSON once per result object for every subscriber, and
 * the WebSocket frame is a server frame (not masked): FIN + text opcode, the length, the
 * bytes. Hand-written because ws frames and writes each `send` on its own (a header buffer, a
 * string to bytes, two writes and a callback per message) and has no API for a frame built
 * elsewhere; used only when the connection negotiated no extension (no permessage-deflate:
 * the server enables none), so ws's sender never holds data back and a frame written here
 * cannot overtake or split one of its own.
 *
 * Order: anything ws is asked to send on the connection (graphql-ws' errors, completions,
 * results pulled the regular way) first flushes what is batched here. Writes on one tick are
 * corked and leave with the batch.
 *
 * Backpressure: bytes the kernel has not taken plus bytes batched are bounded by
 * {@link WS_BUFFER_MAX}. Over it the connection stalls: its subscriptions stop taking events,
 * which wait in their bounded queues (a subscriber that falls `SUBSCRIPTION_QUEUE_MAX` behind
 * is ended as a slow consumer), until the socket drains.
 */
import type { Socket } from 'node:net';
import type { ExecutionResult } from 'graphql';
import { WebSocket } from 'ws';

/** Bytes a connection may have unsent (socket buffer + batch) before its subscriptions stall. */
export const WS_BUFFER_MAX = 64 * 1024;

/** A subscription writing through a connection (live-ws-stream.ts). */
export interface LaneSubscriber {
  /** The connection is behind: stop taking events. */
  stall(): void;
  /** The connection drained: take events again (if the subscriber was taking them). */
  resume(): void;
}

/** The JSON of a result, once per result object however many subscribers share it. */
const encoded = new WeakMap<ExecutionResult, Buffer>();
let lastResult: ExecutionResult | undefined;
let lastBytes: Buffer | undefined;

/**
 * graphql-ws sends `{ ...result without errors }`: the same JSON as the result itself when
 * it has no errors (only such results take the lane).
 */
export function resultJson(result: ExecutionResult): Buffer {
  if (result === lastResult) return lastBytes!;
  let bytes = encoded.get(result);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(result));
    encoded.set(result, bytes);
  }
  lastResult = result;
  lastBytes = bytes;
  return bytes;
}

/** `{"id":<id>,"type":"next","payload":` — a subscription's part of each message. */
export function nextPrefix(id: string): Buffer {
  return Buffer.from(`{"id":${JSON.stringify(id)},"type":"next","payload":`);
}

const CLOSE_BRACE = 0x7d;
const FIN_TEXT = 0x81;

/** Frame header size for a payload of `length` bytes (RFC 6455 §5.2, unmasked). */
const headerSize = (length: number) => (length <= 125 ? 2 : length <= 0xffff ? 4 : 10);

function writeHeader(out: Buffer, at: number, length: number): number {
  out[at] = FIN_TEXT;
  if (length <= 125) {
    out[at + 1] = length;
    return at + 2;
  }
  if (length <= 0xffff) {
    out[at + 1] = 126;
    out[at + 2] = length >>> 8;
    out[at + 3] = length & 0xff;
    return at + 4;
  }
  out[at + 1] = 127;
  out.writeUInt32BE(Math.floor(length / 2 ** 32), at + 2);
  out.writeUInt32BE(length >>> 0, at + 6);
  return at + 10;
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
    const send = ws.send.bind(ws);
    // What ws sends goes after what is batched, and leaves with it (one write per tick).
    ws.send = ((...args: Parameters<WebSocket['send']>) => {
      this.flush();
      if (!this.corked && !socket.destroyed) {
        this.corked = true;
        socket.cork();
        this.schedule();
      }
      return send(...args);
    }) as WebSocket['send'];
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
    const length = prefix.length + payload.length + 1;
    this.parts.push(prefix, payload);
    this.batched += headerSize(length) + length;
    this.schedule();
    if (!this.stalled && this.batched + this.socket.writableLength >= WS_BUFFER_MAX) this.stall();
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
    const out = Buffer.allocUnsafe(this.batched);
    this.parts = [];
    this.batched = 0;
    if (this.ws.readyState !== WebSocket.OPEN || this.socket.destroyed) return;
    let at = 0;
    for (let i = 0; i < parts.length; i += 2) {
      const prefix = parts[i]!;
      const payload = parts[i + 1]!;
      at = writeHeader(out, at, prefix.length + payload.length + 1);
      out.set(prefix, at);
      at += prefix.length;
      out.set(payload, at);
      at += payload.length;
      out[at++] = CLOSE_BRACE;
    }
    this.socket.write(out);
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
