/** The bytes of GraphQL over SSE (yoga's wire format), once per result object. */
import type { ExecutionResult } from 'graphql';
import { cursorOf } from './event-meta.ts';

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
    const { errors, ...rest } = result;
    const body = errors ? { ...rest, errors: errors.map(errorJson) } : rest;
    // An account event's cursor is its SSE id (a reconnecting client sends it as
    // Last-Event-ID); last in the block, so `event: next` still opens it.
    const cursor = cursorOf(result);
    const id = cursor === undefined ? '' : `id: ${cursor}\n`;
    bytes = Buffer.from(`event: next\ndata: ${JSON.stringify(body)}\n${id}\n`);
    encoded.set(result, bytes);
  }
  return bytes;
}

function errorJson(error: NonNullable<ExecutionResult['errors']>[number]) {
  const json = error.toJSON();
  if (!json.extensions || !('http' in json.extensions)) return json;
  const { http: _http, ...extensions } = json.extensions;
  return Object.keys(extensions).length > 0 ? { ...json, extensions } : json;
}
