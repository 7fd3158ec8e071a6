/**
 * The bytes of graphql-ws `next` messages on the direct lane: `{"id":<id>,"type":"next",
 * "payload":<result>}`, byte for byte what graphql-ws sends (its `stringifyMessage` of that
 * object, no replacer configured). The prefix is built once per subscription, the result's
 * JSON once per result object for every subscriber; ws's exported `Sender.frame` frames
 * them (server frames: FIN, text, unmasked).
 */

import type { ExecutionResult } from 'graphql';
import * as wsExports from 'ws';

/** ws's `Sender.frame` (exported by ws, documented in its source, not in @types/ws). */
interface SenderApi {
  frame(
    data: Buffer,
    options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
  ): Buffer[];
}
const { Sender } = wsExports as unknown as { Sender: SenderApi };
const TEXT = { fin: true, opcode: 0x01, mask: false, readOnly: true, rsv1: false };
const CLOSE_BRACE = 0x7d;

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

/** Body bytes of one message (prefix, payload, `}`). */
export const messageLength = (prefix: Buffer, payload: Buffer): number =>
  prefix.length + payload.length + 1;

/**
 * Prefix, payload, prefix, payload… (`bodyBytes`: their message lengths added up) as one
 * buffer of WebSocket frames, one frame per message, for one write.
 */
export function frameMessages(parts: Buffer[], bodyBytes: number): Buffer {
  const bodies = Buffer.allocUnsafe(bodyBytes);
  const framed: Buffer[] = [];
  let at = 0;
  let total = 0;
  for (let i = 0; i < parts.length; i += 2) {
    const start = at;
    at += parts[i]!.copy(bodies, at);
    at += parts[i + 1]!.copy(bodies, at);
    bodies[at++] = CLOSE_BRACE;
    for (const piece of Sender.frame(bodies.subarray(start, at), TEXT)) {
      framed.push(piece);
      total += piece.length;
    }
  }
  return Buffer.concat(framed, total);
}
