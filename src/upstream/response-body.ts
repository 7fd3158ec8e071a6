/**
 * Reading an upstream answer's body within a size cap (`UPSTREAM_MAX_RESPONSE_BYTES`): the
 * raw bytes are counted as they arrive and, when the answer is compressed (nothing asks for
 * it, but a proxy may compress anyway), so is the decompressor's output, streamed: a gzip,
 * deflate or brotli bomb stops at the cap instead of filling memory. Past the cap the read
 * fails with {@link RESPONSE_TOO_LARGE} and the exchange drops the connection.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
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

const connectionLost = (): Error =>
  Object.assign(new Error('connection closed before the answer was complete'), {
    code: 'ECONNRESET',
  });

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
 * Reads `res` whole as UTF-8 text, decompressed, calling `done` once. On an error (too
 * large, bad compressed data, connection lost) the caller destroys the request.
 */
export function readCappedBody(
  res: IncomingMessage,
  maxBytes: number,
  done: (error: Error | undefined, text?: string) => void,
): void {
  const status = res.statusCode ?? 0;
  let finished = false;
  const decoder = decoderFor(res.headers['content-encoding']);
  const finish = (error: Error | undefined, body?: string) => {
    if (finished) return;
    finished = true;
    if (error) decoder?.destroy();
    done(error, body);
  };
  const declared = Number(res.headers['content-length']);
  if (declared > maxBytes) {
    finish(tooLarge(maxBytes, status));
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let source: Readable = res;
  if (decoder) {
    let raw = 0;
    res.on('data', (chunk: Buffer) => {
      raw += chunk.length;
      if (raw > maxBytes) finish(tooLarge(maxBytes, status));
    });
    source = res.pipe(decoder);
    decoder.on('error', finish);
  }
  source.on('data', (chunk: Buffer) => {
    if (finished) return;
    size += chunk.length;
    if (size > maxBytes) finish(tooLarge(maxBytes, status));
    else chunks.push(chunk);
  });
  source.on('end', () => finish(undefined, text(chunks, size)));
  res.on('error', finish);
  res.on('close', () => {
    if (!res.complete) finish(connectionLost());
  });
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
