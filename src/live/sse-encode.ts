/** The bytes of GraphQL over SSE (yoga's wire format), once per result object. */
import type { ExecutionResult } from 'graphql';
import { cursorOf } from './event-meta.ts';
import { splitJson } from './split-execution.ts';

/** The keep-alive comment; also the first bytes of every response. */
export const PING = Buffer.from(':\n\n');
export const COMPLETE = Buffer.from('event: complete\ndata:\n\n');

const encoded = new WeakMap<object, Buffer>();

/**
 * `event: next` with the result, however many subscribers share it. Like yoga's stringify:
 * `extensions.http` and other internals never reach the client.
 */
export function encode(result: ExecutionResult): Buffer {
  let bytes = encoded.get(result);
  if (!bytes) {
    // An account event's cursor is its SSE id (a reconnecting client sends it as
    // Last-Event-ID); last in the block, so `event: next` still opens it.
    const cursor = cursorOf(result);
    const id = cursor === undefined ? '' : `id: ${cursor}\n`;
    bytes = Buffer.from(`event: next\ndata: ${json(result)}\n${id}\n`);
    encoded.set(result, bytes);
  }
  return bytes;
}

function json(result: ExecutionResult): string {
  const { errors, ...rest } = result;
  // Data alone, put together around shared parts: their texts are reused.
  const data = rest.data;
  if (!errors && data && Object.keys(rest).length === 1) {
    const text = splitJson(data);
    if (text !== undefined) return `{"data":${text}}`;
  }
  return JSON.stringify(errors ? { ...rest, errors: errors.map(errorJson) } : rest);
}

function errorJson(error: NonNullable<ExecutionResult['errors']>[number]) {
  const json = error.toJSON();
  if (!json.extensions || !('http' in json.extensions)) return json;
  const { http: _http, ...extensions } = json.extensions;
  return Object.keys(extensions).length > 0 ? { ...json, extensions } : json;
}
