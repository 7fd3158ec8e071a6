/**
 * GraphQL over SSE for subscriptions, in place of yoga's SSE result processor (same wire
 * format: a `:` comment first, `event: next` / `data: …` per result, `event: complete` at the
 * end), built for thousands of idle subscribers per replica:
 *
 * - one keep-alive timer for every SSE response of the process, not one interval each;
 * - one chunk per event (yoga enqueues two), written straight into the Node stream the
 *   server pipes to the socket (no web-stream pull/enqueue promises per event);
 * - one serialization per result object: subscribers of the same selection get the same
 *   result (use-shared-subscription-events.ts), so its bytes are encoded once;
 * - the direct lane of that plugin: an error-free shared result is handed over in the hub's
 *   loop over the event's subscribers and written at once, no promise per subscriber and
 *   event; errors and the end are pulled through yoga's iterator as before.
 *
 * yoga's `onResultProcess` hook is its documented way to replace a result processor; results
 * that are not streams (errors) keep yoga's. Backpressure: the next event is pulled only when
 * the socket has taken the last, so a client that cannot keep up fills its bounded queue and
 * is ended (slow consumer), never buffered here: on the direct lane the stream detaches when
 * its buffer is full and attaches again once the socket has drained.
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
    for (const s of open) if (s.readableLength === 0) s.push(PING);
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

function onDrain(this: SseStream): void {
  this.drained();
}

class SseStream extends Readable implements ResultSink {
  private pulling = false;
  private readonly source: AsyncIterator<ExecutionResult>;
  /** Results come by the direct lane (else they are pulled from `source`). */
  private direct = false;
  /** Detached from the direct lane because the buffer is full; attach again on `_read`. */
  private full = false;
  private headerCompacted = false;
  private awaitingDrain = false;

  constructor(
    results: AsyncIterable<ExecutionResult>,
    private readonly lane: DirectResults | undefined,
    /** Node's response this stream is piped to, when served by node:http. */
    private readonly response: ServerResponse | undefined,
  ) {
    super({ highWaterMark: 16 * 1024 });
    this.source = results[Symbol.asyncIterator]();
    this.push(PING);
    track(this);
    if (lane) {
      this.direct = true;
      lane.attach(this);
    }
  }

  /**
   * The direct lane: one event's shared result, in the hub's loop over its subscribers.
   * Written straight into node's response when nothing waits in this stream (the pipe would
   * only hand the same bytes on, through a 'data' event per chunk: ~10% of the fan-out's
   * JavaScript time); pushed into the stream otherwise, so the order holds.
   */
  write(result: ExecutionResult): void {
    if (this.destroyed) return;
    try {
      const bytes = encode(result);
      const res = this.response;
      if (res && this.readableLength === 0 && res.headersSent && !res.writableEnded) {
        // One write of the shared, pre-framed chunk; res.write when the socket is not ours alone.
        const socket = socketFor(res as NodeResponse);
        const taken = socket ? socket.write(chunkOf(bytes)) : res.write(bytes);
        if (!taken) {
          // The socket is behind: the queue holds what follows until it drains.
          this.full = true;
          this.lane?.detach();
          if (!this.awaitingDrain) {
            this.awaitingDrain = true;
            // The socket's own drain when written directly (the response's follows it).
            (socket ?? res).once('drain', onDrain.bind(this));
          }
        }
      } else if (!this.push(bytes)) {
        this.full = true;
        this.lane?.detach();
      }
    } catch (error) {
      this.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Node's response drained after a direct write it could not take at once. */
  drained(): void {
    this.awaitingDrain = false;
    if (this.destroyed || !this.direct || !this.full) return;
    this.full = false;
    this.lane?.attach(this);
  }

  /** What comes next is pulled through the iterator (errors, the end). */
  pull(): void {
    this.direct = false;
    this.full = false;
    this._read();
  }

  override _read(): void {
    if (this.destroyed) return;
    if (this.response && !this.headerCompacted) {
      this.headerCompacted = true;
      compactHeader(this.response);
    }
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
        // push() false: the socket is behind; _read comes back when it has drained.
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
      setResultProcessor(
        (results, fetchAPI) =>
          new fetchAPI.Response(
            new SseStream(
              results as AsyncIterable<ExecutionResult>,
              directResultsOf(request),
              (serverContext as { res?: ServerResponse } | undefined)?.res,
            ) as unknown as BodyInit,
            { status: 200, headers: HEADERS },
          ),
        'text/event-stream',
      );
    },
  };
}
