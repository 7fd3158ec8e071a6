/**
 * GraphQL over SSE for subscriptions, in place of yoga's SSE result processor (same wire
 * format: a `:` comment first, `event: next` / `data: …` per result, `event: complete` at the
 * end), built for thousands of idle subscribers per replica:
 *
 * - one keep-alive timer for every SSE response of the process, not one interval each;
 * - one chunk per event (yoga enqueues two); under node:http the body takes node's response
 *   over instead of being piped into it (no pipe state per open response) and writes each
 *   chunk itself;
 * - one serialization per result object: subscribers of the same selection get the same
 *   result (use-shared-subscription-events.ts), so its bytes are encoded once, and framed as
 *   an HTTP chunk once: each subscriber's socket gets that one buffer in one write;
 * - the direct lane of that plugin: an error-free shared result is handed over in the hub's
 *   loop over the event's subscribers and written at once, no promise per subscriber and
 *   event; errors and the end are pulled through yoga's iterator as before.
 *
 * yoga's `onResultProcess` hook is its documented way to replace a result processor; results
 * that are not streams (errors) keep yoga's. Backpressure: the next event is pulled only when
 * the socket has taken the last, so a client that cannot keep up fills its bounded queue and
 * is ended (slow consumer), never buffered here: on the direct lane the stream detaches when
 * the socket's buffer is full and attaches again once the socket has drained.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { isAsyncIterable } from '@envelop/core';
import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import {
  type DirectResults,
  directResultsOf,
  type ResultSink,
} from './use-shared-subscription-events.ts';

const PING_MS = 12_000;
const PING = Buffer.from(':\n\n');
const COMPLETE = Buffer.from('event: complete\ndata:\n\n');

/** The bytes of a result, once per result object however many subscribers share it. */
const encoded = new WeakMap<object, Buffer>();

/** Like yoga's stringify: `extensions.http` and other internals never reach the client. */
function encode(result: ExecutionResult): Buffer {
  let bytes = encoded.get(result);
  if (!bytes) {
    const { errors, ...rest } = result;
    const body = errors
      ? {
          ...rest,
          errors: errors.map((e) => {
            const json = e.toJSON();
            if (json.extensions && 'http' in json.extensions) {
              const { http: _http, ...extensions } = json.extensions;
              return Object.keys(extensions).length > 0 ? { ...json, extensions } : json;
            }
            return json;
          }),
        }
      : rest;
    bytes = Buffer.from(`event: next\ndata: ${JSON.stringify(body)}\n\n`);
    encoded.set(result, bytes);
  }
  return bytes;
}

/**
 * The same bytes framed as one HTTP/1.1 chunk (`<size hex>\r\n…\r\n`), also once per result:
 * what node's `res.write` sends for them, as one buffer every subscriber's socket can take.
 */
const chunked = new WeakMap<Buffer, Buffer>();

function chunkOf(bytes: Buffer): Buffer {
  let chunk = chunked.get(bytes);
  if (!chunk) {
    chunk = Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, CRLF]);
    chunked.set(bytes, chunk);
  }
  return chunk;
}
const CRLF = Buffer.from('\r\n');

type NodeResponse = ServerResponse & {
  _headerSent?: boolean;
  chunkedEncoding?: boolean;
  outputData?: unknown[];
};

/**
 * The response's socket when a chunk can go to it directly: the header is out, the response
 * is chunked, is the socket's current message and holds nothing of its own. Node's
 * `res.write` would send the same bytes as a size line, the data and a CRLF: it corks the
 * socket and uncorks it on the next tick, one `nextTick` and one four-part `writev` per
 * subscriber and event. Any other state (or a runtime without these fields) takes
 * `res.write`.
 */
function socketFor(res: NodeResponse): Socket | undefined {
  const socket = res.socket;
  if (
    socket &&
    res._headerSent === true &&
    res.chunkedEncoding === true &&
    !res.writableEnded &&
    res.outputData?.length === 0 &&
    (socket as { _httpMessage?: unknown })._httpMessage === res &&
    socket.writable &&
    !socket.writableCorked
  ) {
    return socket;
  }
  return undefined;
}

/** Every open SSE stream of the process, pinged by one timer. */
const open = new Set<SseStream>();
let pinger: NodeJS.Timeout | undefined;

function track(stream: SseStream): void {
  open.add(stream);
  if (pinger) return;
  pinger = setInterval(() => {
    for (const s of open) s.ping();
  }, PING_MS);
  pinger.unref();
}

function untrack(stream: SseStream): void {
  open.delete(stream);
  if (open.size > 0 || !pinger) return;
  clearInterval(pinger);
  pinger = undefined;
}

/**
 * Node keeps a response's header block (`_header`) for the response's life as the string it
 * built by concatenation: a rope of ~40 pieces, about 1 KB, for each open SSE response. A
 * regular expression test flattens a string in place (V8), which lets those pieces go:
 * ~200 bytes kept instead. Nothing is changed; a runtime that keeps it otherwise is unaffected.
 */
function compactHeader(response: ServerResponse): void {
  const header = (response as { _header?: unknown })._header;
  if (typeof header === 'string') ANY.test(header);
}
const ANY = /^/;

/**
 * whatwg-node's Headers over a plain object keep two arrays of its keys, built the first time
 * a header it lacks is asked for (the response's `content-length`, a plugin's lookup of an
 * optional request header): about 300 B per Headers, for as long as an SSE response is open.
 * Emptied once the response is under way (a later lookup builds them again). Only ever the
 * cache is touched, and only when both arrays are there.
 */
function dropKeyCache(headers: unknown): void {
  const h = headers as {
    objectNormalizedKeysOfHeadersInit?: unknown;
    objectOriginalKeysOfHeadersInit?: unknown;
  };
  const normalized = h.objectNormalizedKeysOfHeadersInit;
  const original = h.objectOriginalKeysOfHeadersInit;
  if (Array.isArray(normalized) && Array.isArray(original)) {
    normalized.length = 0;
    original.length = 0;
  }
}

function onDrain(this: SseStream): void {
  this.drained();
}

/**
 * The response body. Served by node:http, it does not go through a pipe: the server adapter
 * calls `pipe(res)` and the stream takes the response over, writing each chunk itself (a pipe
 * holds about 1.5 KB per open response: its closures, `once` wrappers on both sides, listener
 * arrays, and passes every chunk through this stream's buffer and a 'data' event). Elsewhere
 * (`yoga.fetch`, another runtime) it is a plain Readable, read or piped as usual.
 */
class SseStream extends Readable implements ResultSink {
  private pulling = false;
  private readonly source: AsyncIterator<ExecutionResult>;
  /** Results come by the direct lane (else they are pulled from `source`). */
  private direct = false;
  /** Detached from the direct lane until the socket drains / `_read` asks again. */
  private full = false;
  private awaitingDrain = false;
  /**
   * Node's response while it may still be taken over (until `pipe` or a read); `own` once
   * taken over.
   */
  private pending: ServerResponse | undefined;
  private own: ServerResponse | undefined;
  /** Results handed over before the response was taken over (an event racing the headers). */
  private early: Buffer[] | undefined;
  /** Where the write that was not taken at once went: its 'drain' resumes this stream. */
  private drainFrom: NodeJS.EventEmitter | undefined;
  /** The request's and the response's headers, until the takeover (see dropKeyCache). */
  headers: [unknown, unknown] | undefined;

  constructor(
    results: AsyncIterable<ExecutionResult>,
    private readonly lane: DirectResults | undefined,
    /** Node's response this stream is the body of, when served by node:http. */
    response: ServerResponse | undefined,
  ) {
    super({ highWaterMark: 16 * 1024 });
    this.source = results[Symbol.asyncIterator]();
    if (response) this.pending = response;
    else this.push(PING);
    track(this);
    if (lane) {
      this.direct = true;
      lane.attach(this);
    }
  }

  /** The adapter sends the body: to node's own response, write to it directly (see above). */
  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const res = this.pending;
    if (res === undefined || (destination as unknown) !== res || options?.end === false) {
      this.toStream();
      return super.pipe(destination, options);
    }
    this.pending = undefined;
    this.own = res;
    const early = this.early;
    this.early = undefined;
    let taken = this.writeOut(PING);
    compactHeader(res);
    if (this.headers) {
      dropKeyCache(this.headers[0]);
      dropKeyCache(this.headers[1]);
      this.headers = undefined;
    }
    for (const bytes of early ?? []) taken = this.writeOut(bytes);
    if (!taken) this.stalled();
    else if (!this.direct) this.pump();
    return destination;
  }

  /** Read or piped elsewhere: a plain Readable from now on (what came early first). */
  private toStream(): void {
    if (this.pending === undefined) return;
    this.pending = undefined;
    this.headers = undefined;
    this.push(PING);
    for (const bytes of this.early ?? []) this.push(bytes);
    this.early = undefined;
  }

  /** One chunk to the response taken over; false when the socket is behind. */
  private writeOut(bytes: Buffer): boolean {
    const res = this.own!;
    if (res.writableEnded || res.destroyed) return true; // its 'close' ends this stream
    // One write of the shared, pre-framed chunk; res.write when the socket is not ours alone.
    const socket = socketFor(res as NodeResponse);
    if (socket) {
      if (socket.write(chunkOf(bytes))) return true;
      this.drainFrom = socket;
      return false;
    }
    if (res.write(bytes)) return true;
    this.drainFrom = res;
    return false;
  }

  /** The socket is behind: the queue holds what follows until it drains. */
  private stalled(): void {
    if (this.direct) {
      this.full = true;
      this.lane?.detach();
    }
    if (this.awaitingDrain || !this.drainFrom) return;
    this.awaitingDrain = true;
    this.drainFrom.once('drain', onDrain.bind(this));
    this.drainFrom = undefined;
  }

  /** A keep-alive comment, when nothing is waiting to be written. */
  ping(): void {
    if (this.destroyed) return;
    if (this.own) {
      if (!this.awaitingDrain && !this.writeOut(PING)) this.stalled();
    } else if (this.pending === undefined && this.readableLength === 0) {
      this.push(PING);
    }
  }

  /** The direct lane: one event's shared result, in the hub's loop over its subscribers. */
  write(result: ExecutionResult): void {
    if (this.destroyed) return;
    try {
      const bytes = encode(result);
      if (this.own) {
        if (!this.writeOut(bytes)) this.stalled();
      } else if (this.pending) {
        if (this.early) this.early.push(bytes);
        else this.early = [bytes];
      } else if (!this.push(bytes)) {
        this.full = true;
        this.lane?.detach();
      }
    } catch (error) {
      this.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** The socket drained after a write it could not take at once. */
  drained(): void {
    this.awaitingDrain = false;
    if (this.destroyed) return;
    if (!this.direct) {
      this.pump();
    } else if (this.full) {
      this.full = false;
      this.lane?.attach(this);
    }
  }

  /** What comes next is pulled through the iterator (errors, the end). */
  pull(): void {
    this.direct = false;
    this.full = false;
    if (this.own) {
      if (!this.awaitingDrain) this.pump();
    } else if (!this.pending) {
      this._read();
    }
  }

  /** Pulls one item through the iterator and writes it to the response taken over. */
  private pump(): void {
    if (this.pulling || this.destroyed) return;
    this.pulling = true;
    this.source.next().then(
      (item) => {
        this.pulling = false;
        if (this.destroyed) return;
        const res = this.own!;
        if (item.done) {
          untrack(this);
          this.writeOut(COMPLETE);
          if (!res.writableEnded) res.end();
          this.destroy();
          return;
        }
        const taken = this.writeOut(encode(item.value));
        if (this.lane) {
          // Back to the direct lane for what follows (it wakes us again for an end).
          this.direct = true;
          if (taken) this.lane.attach(this);
          else this.stalled();
        } else if (taken) {
          this.pump();
        } else {
          this.stalled();
        }
      },
      (error: unknown) => {
        this.pulling = false;
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  override _read(): void {
    if (this.destroyed || this.own) return;
    this.toStream();
    if (this.direct) {
      if (this.full) {
        this.full = false;
        this.lane?.attach(this);
      }
      return;
    }
    if (this.pulling) return;
    this.pulling = true;
    this.source.next().then(
      (item) => {
        this.pulling = false;
        if (this.destroyed) return;
        if (item.done) {
          untrack(this);
          this.push(COMPLETE);
          this.push(null);
          return;
        }
        // push() false: the reader is behind; _read comes back when it has drained.
        const more = this.push(encode(item.value));
        if (this.lane) {
          // Back to the direct lane for what follows (it wakes us again for an end).
          this.direct = true;
          if (more) this.lane.attach(this);
          else this.full = true;
        } else if (more) {
          this._read();
        }
      },
      (error: unknown) => {
        this.pulling = false;
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    untrack(this);
    this.lane?.detach();
    this.early = undefined;
    // A broken stream closes its response (a pipe would leave it open, silent).
    if (error && this.own && !this.own.writableEnded) this.own.destroy();
    const done = () => callback(error);
    // The client left: end the subscription (releases its queue and upstream interest).
    Promise.resolve(this.source.return?.()).then(done, done);
  }
}

/**
 * Lower case: a plugin reading one of them (`response.headers.get('content-type')`) finds it
 * at once; whatwg-node's headers otherwise build two key arrays per response, kept as long as
 * the response is open.
 */
const HEADERS = {
  'content-type': 'text/event-stream',
  connection: 'keep-alive',
  'cache-control': 'no-cache',
  'content-encoding': 'none',
};

export function useLiveSse(): Plugin {
  return {
    onResultProcess({ request, result, setResultProcessor, serverContext }) {
      if (!isAsyncIterable(result)) return;
      const accept = request.headers.get('accept') ?? '';
      if (!accept.includes('text/event-stream')) return;
      setResultProcessor((results, fetchAPI) => {
        const res = (serverContext as { res?: ServerResponse } | undefined)?.res;
        const stream = new SseStream(
          results as AsyncIterable<ExecutionResult>,
          directResultsOf(request),
          res,
        );
        const response = new fetchAPI.Response(stream as unknown as BodyInit, {
          status: 200,
          headers: HEADERS,
        });
        if (res) stream.headers = [request.headers, response.headers];
        return response;
      }, 'text/event-stream');
    },
  };
}
