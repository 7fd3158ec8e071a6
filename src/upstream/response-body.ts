/**
 * Reading an upstream answer's body within a size cap (`UPSTREAM_MAX_RESPONSE_BYTES`): the
 * raw bytes are counted as they arrive and, when the answer is compressed (nothing asks for
 * it, but a proxy may compress anyway), so is the decompressor's output, streamed: a gzip,
 * deflate or brotli bomb stops at the cap instead of filling memory. Past the cap the read
 * fails with {@link RESPONSE_TOO_LARGE} and the exchange drops the connection.
 */
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { MalformedResponseError } from './errors.ts';

/** Default cap of one answer, raw and decompressed: 4 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** `code` of the exchange's error for an answer past the cap. */
export const RESPONSE_TOO_LARGE = 'ERR_UPSTREAM_RESPONSE_TOO_LARGE';

/** The upstream's answer was larger than the cap: not retried (the next one would be too). */
export class ResponseTooLargeError extends MalformedResponseError {
  constructor(
    operation: string,
    httpStatus: number,
    readonly maxBytes: number,
  ) {
    super(operation, httpStatus, `response larger than ${maxBytes} bytes`);
  }
}

export interface TooLarge extends Error {
  code: typeof RESPONSE_TOO_LARGE;
  maxBytes: number;
  status: number;
}

export const tooLarge = (maxBytes: number, status: number): TooLarge =>
  Object.assign(new Error(`response larger than ${maxBytes} bytes`), {
    code: RESPONSE_TOO_LARGE,
    maxBytes,
    status,
  } as const);

export const isTooLarge = (error: unknown): error is TooLarge =>
  (error as { code?: unknown })?.code === RESPONSE_TOO_LARGE;

function decoderFor(encoding: string | undefined): Transform | undefined {
  const coding = encoding?.trim().toLowerCase();
  if (coding === 'gzip' || coding === 'x-gzip') return createGunzip();
  if (coding === 'deflate') return createInflate();
  if (coding === 'br') return createBrotliDecompress();
  return undefined;
}

function text(chunks: Buffer[], size: number): string {
  if (size === 0) return '';
  const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  const decoded = bytes.toString('utf8');
  return decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
}

/**
 * One answer's body, read whole as UTF-8 text within the cap as the HTTP client hands over its
 * raw chunks ({@link push}, then {@link end}), decompressed by its `Content-Encoding`; `done` is
 * called once. On an error (too large, bad compressed data) the caller drops the connection.
 */
export class CappedBody {
  readonly #chunks: Buffer[] = [];
  #size = 0;
  #raw = 0;
  #finished = false;
  readonly #decoder: Transform | undefined;

  constructor(
    private readonly maxBytes: number,
    private readonly status: number,
    encoding: string | undefined,
    private readonly done: (error: Error | undefined, text?: string) => void,
  ) {
    const decoder = decoderFor(encoding);
    this.#decoder = decoder;
    if (decoder) {
      decoder.on('data', (chunk: Buffer) => this.#collect(chunk));
      decoder.on('end', () => this.#finish(undefined, text(this.#chunks, this.#size)));
      decoder.on('error', (error: Error) => this.#finish(error));
    }
  }

  /** A raw chunk off the wire. */
  push(chunk: Buffer): void {
    if (this.#finished) return;
    if (!this.#decoder) {
      this.#collect(chunk);
      return;
    }
    this.#raw += chunk.length;
    if (this.#raw > this.maxBytes) this.#finish(tooLarge(this.maxBytes, this.status));
    else this.#decoder.write(chunk);
  }

  /** The last raw chunk has come. */
  end(): void {
    if (this.#finished) return;
    if (this.#decoder) this.#decoder.end();
    else this.#finish(undefined, text(this.#chunks, this.#size));
  }

  /** The exchange gave up on this answer (timeout, abort, connection lost). */
  destroy(): void {
    this.#finished = true;
    this.#decoder?.destroy();
  }

  #collect(chunk: Buffer): void {
    if (this.#finished) return;
    this.#size += chunk.length;
    if (this.#size > this.maxBytes) this.#finish(tooLarge(this.maxBytes, this.status));
    else this.#chunks.push(chunk);
  }

  #finish(error: Error | undefined, body?: string): void {
    if (this.#finished) return;
    this.#finished = true;
    if (error) this.#decoder?.destroy();
    this.done(error, body);
  }
}

/** The same cap over a WHATWG Response (the injected-fetch exchange; fetch decompresses). */
export async function readCappedResponse(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes || !response.body) {
    await response.body?.cancel();
    if (declared > maxBytes) throw tooLarge(maxBytes, response.status);
    return '';
  }
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes, response.status);
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return text(chunks, size);
}
