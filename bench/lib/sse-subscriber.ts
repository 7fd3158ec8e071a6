/**
 * The fan-out bench's SSE subscriber: one raw TCP connection sending the request node:http
 * would send, reading the chunked response and its SSE blocks from the bytes.
 *
 * Why not node:http: thousands of responses on one process cost the bench about 17 µs of CPU
 * per delivery (HTTP parser, IncomingMessage stream, string decoder), as much as the gateway
 * spends sending it, on the same 2 cores, so the fan-out figures were half the load
 * generator's. A load generator should be cheap next to the server (as wrk is). Hand-written
 * because no library reads SSE from a socket without node:http or fetch underneath; it knows
 * only what the gateway sends (HTTP/1.1, `Transfer-Encoding: chunked`) and fails on anything
 * else rather than guessing.
 */
import { connect, type Socket } from 'node:net';

export interface SseSubscriberOptions {
  host: string;
  port: number;
  path: string;
  /** Request headers besides host, connection, content-length. */
  headers: Record<string, string>;
  body: string;
  /** One SSE block (without its blank line), in order. */
  onBlock: (block: string) => void;
  /** The response ended or the connection failed after it was open. */
  onClose: (error?: Error) => void;
}

const HEAD_END = Buffer.from('\r\n\r\n');
/**
 * Every subscriber's socket reads into this one buffer (`onread`): no Buffer and no stream
 * 'data' event per read. Safe because each read is consumed before the next one starts.
 */
const READ_BUFFER = Buffer.alloc(64 * 1024);
const HEX = /^[0-9a-f]{1,8}$/i;
const CR = 13;
const LF = 10;

/** Reads a chunked HTTP/1.1 body, handing on its SSE blocks. */
export class ChunkedSseReader {
  /** Bytes left of the current chunk's data; -1 while reading a size line, -2 the CRLF after data. */
  private left = -1;
  private size = '';
  private text = '';
  /** The terminating zero-size chunk was read. */
  ended = false;

  constructor(private readonly onBlock: (block: string) => void) {}

  /** Throws on bytes that are not a chunked body. */
  feed(bytes: Buffer, start = 0, end = bytes.length): void {
    let i = start;
    const n = end;
    while (i < n && !this.ended) {
      if (this.left === -1) {
        const lf = bytes.indexOf(LF, i);
        // (The buffer may be longer than this read: what lies past `end` is stale.)
        if (lf < 0 || lf >= n) {
          this.size += bytes.toString('latin1', i, n);
          if (this.size.length > 64) throw new Error('SSE: chunk size line too long');
          return;
        }
        const line = this.size + bytes.toString('latin1', i, lf);
        this.size = '';
        i = lf + 1;
        const hex = line.endsWith('\r') ? line.slice(0, -1) : line;
        const digits = hex.split(';', 1)[0]!.trim();
        if (!HEX.test(digits)) throw new Error(`SSE: bad chunk size ${JSON.stringify(hex)}`);
        const size = Number.parseInt(digits, 16);
        if (size === 0) {
          this.ended = true;
          return;
        }
        this.left = size;
      } else if (this.left === -2) {
        // The CRLF after a chunk's data (one byte at a time: a read may split it).
        const b = bytes[i++];
        if (b === LF) this.left = -1;
        else if (b !== CR) throw new Error('SSE: no CRLF after a chunk');
      } else {
        const end = Math.min(n, i + this.left);
        this.text += bytes.toString('latin1', i, end);
        this.left -= end - i;
        i = end;
        if (this.left === 0) {
          this.left = -2;
          this.blocks();
        }
      }
    }
  }

  private blocks(): void {
    let text = this.text;
    let end = text.indexOf('\n\n');
    while (end >= 0) {
      this.onBlock(text.slice(0, end));
      text = text.slice(end + 2);
      end = text.indexOf('\n\n');
    }
    this.text = text;
  }
}

/** Opens one subscriber; resolves with its socket once a 200 chunked SSE response began. */
export function openSseSubscriber(options: SseSubscriberOptions): Promise<Socket> {
  const head =
    `POST ${options.path} HTTP/1.1\r\nHost: ${options.host}:${options.port}\r\nConnection: close\r\n` +
    Object.entries(options.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    `Content-Length: ${Buffer.byteLength(options.body)}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: options.host,
      port: options.port,
      noDelay: true,
      onread: { buffer: READ_BUFFER, callback: read },
    });
    const reader = new ChunkedSseReader(options.onBlock);
    let header: Buffer | undefined = Buffer.alloc(0);
    let open = false;
    const fail = (error: Error) => {
      socket.destroy();
      if (open) options.onClose(error);
      else reject(error);
    };
    /** Returns true: keep reading. */
    function read(n: number, buf: Uint8Array): boolean {
      const bytes = buf as Buffer;
      try {
        if (header === undefined) {
          reader.feed(bytes, 0, n);
        } else {
          // The head is copied out: the read buffer is reused.
          const all = Buffer.concat([header, bytes.subarray(0, n)]);
          const end = all.indexOf(HEAD_END);
          if (end < 0) {
            if (all.length > 16 * 1024) throw new Error('SSE: response head too long');
            header = all;
            return true;
          }
          header = undefined;
          const lines = all.toString('latin1', 0, end).toLowerCase().split('\r\n');
          if (!/^http\/1\.1 200 /.test(lines[0] ?? '')) {
            throw new Error(`SSE subscribe: ${lines[0]}`);
          }
          if (!lines.includes('transfer-encoding: chunked')) {
            throw new Error('SSE subscribe: response not chunked');
          }
          if (!lines.some((l) => l.startsWith('content-type: text/event-stream'))) {
            throw new Error('SSE subscribe: not text/event-stream');
          }
          open = true;
          resolve(socket);
          reader.feed(all, end + HEAD_END.length);
        }
        if (reader.ended) {
          socket.destroy();
          options.onClose();
        }
      } catch (error) {
        fail(error as Error);
      }
      return true;
    }
    socket.on('error', fail);
    socket.on('close', () => {
      if (!open) reject(new Error('SSE subscribe: connection closed'));
    });
    socket.write(head + options.body);
  });
}
