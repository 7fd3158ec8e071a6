/**
 * The fan-out bench's SSE reader (bench/lib/sse-subscriber.ts): the same blocks however the
 * chunked body is split across reads, reads that are a prefix of a larger buffer, the end,
 * and a body that is not chunked refused.
 */
import { describe, expect, it } from 'vitest';
import { ChunkedSseReader } from '../../../bench/lib/sse-subscriber.ts';

const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
const BLOCKS = [':', 'event: next\ndata: {"n":1}', 'event: next\ndata: {"n":22}'];
// One block split over two chunks, two blocks in one chunk, a chunk extension.
const BODY = Buffer.from(
  `${chunk(':\n\n')}${chunk('event: next\ndata: {"n')}${chunk('":1}\n\nevent: next\n').replace('\r\n', ';x=y\r\n')}${chunk('data: {"n":22}\n\n')}0\r\n\r\n`,
);

describe('ChunkedSseReader', () => {
  it('reads the same blocks at every split of the body into two reads', () => {
    for (let at = 0; at <= BODY.length; at++) {
      const blocks: string[] = [];
      const reader = new ChunkedSseReader((b) => blocks.push(b));
      reader.feed(BODY.subarray(0, at));
      reader.feed(BODY.subarray(at));
      expect(blocks, `split at ${at}`).toEqual(BLOCKS);
      expect(reader.ended).toBe(true);
    }
  });

  it('reads only up to the end it is given (a reused read buffer holds stale bytes)', () => {
    const buffer = Buffer.alloc(BODY.length + 64, 'x\n');
    const blocks: string[] = [];
    const reader = new ChunkedSseReader((b) => blocks.push(b));
    for (let i = 0; i < BODY.length; i += 7) {
      const n = Math.min(7, BODY.length - i);
      BODY.copy(buffer, 0, i, i + n);
      reader.feed(buffer, 0, n);
    }
    expect(blocks).toEqual(BLOCKS);
  });

  it('refuses a body that is not chunked', () => {
    const reader = new ChunkedSseReader(() => {});
    expect(() => reader.feed(Buffer.from('event: next\ndata: {}\n\n'))).toThrow(/bad chunk size/);
  });
});
