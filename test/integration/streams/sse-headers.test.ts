// @module-tag redis
/** An SSE subscription's response headers: an event stream no proxy may transform. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveHarness, startLive } from './gateway-harness.ts';

let h: LiveHarness;
beforeAll(async () => {
  h = await startLive();
});
afterAll(() => h.close());

it('answers text/event-stream, no-transform, and no content-encoding', async () => {
  const abort = new AbortController();
  const response = await fetch(h.replicas[0]!.url, {
    method: 'POST',
    signal: abort.signal,
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query: 'subscription { markPrices { symbol price } }' }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
  expect(response.headers.get('content-encoding')).toBeNull();
  abort.abort();
});
