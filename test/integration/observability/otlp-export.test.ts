/**
 * The documented way to turn tracing on, as a process: `npm start` with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at a collector (here a small HTTP server on port 0
 * that keeps what is POSTed to /v1/traces) exports the spans of a request, named by
 * OTEL_SERVICE_NAME, and flushes them on SIGTERM.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REDIS_URL, uniquePrefix } from '../server/harness.ts';
import { startMain } from '../server/main-process.ts';
import { type Collector, startCollector } from './collector.ts';

let collector: Collector;

beforeAll(async () => {
  collector = await startCollector();
});
afterAll(() => collector?.close());

const spans = () => collector.spans();

it('npm start with OTEL_EXPORTER_OTLP_ENDPOINT exports the spans of a request', async () => {
  const app = await startMain({
    REDIS_URL,
    REDIS_KEY_PREFIX: uniquePrefix('otlp'),
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
    OTEL_SERVICE_NAME: 'svc-graphql-otlp-test',
  });
  const exited = once(app.child, 'exit');
  try {
    const response = await fetch(app.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${app.trader}` },
      body: JSON.stringify({ query: 'query Me { account { id } }' }),
    });
    expect(response.status).toBe(200);
    await response.json();
    expect(app.stdout.join('')).toContain('"msg":"tracing on"');
  } finally {
    // SIGTERM closes the gateway, which flushes the batch of spans before the exit.
    app.child.kill('SIGTERM');
  }
  expect((await exited)[0]).toBe(0);
  await expect
    .poll(() => spans().map((s) => s.name))
    .toEqual(
      expect.arrayContaining([
        'POST /graphql',
        'query Me',
        'upstream accountInfo',
        'GET /v1/client/info',
      ]),
    );
  expect(collector.exports[0]?.contentType).toContain('application/json');
  expect(collector.serviceName()).toBe('svc-graphql-otlp-test');
  const request = spans().find((s) => s.name === 'POST /graphql');
  expect(spans().find((s) => s.name === 'GET /v1/client/info')?.traceId).toBe(request?.traceId);
});
