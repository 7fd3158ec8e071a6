// @module-tag redis
/**
 * Traces through the real gateway against the sandbox over HTTP, exported in memory: the
 * span tree of a GraphQL request down to each upstream HTTP attempt, the W3C trace context
 * the sandbox receives, an incoming `traceparent` continued, and no secret in any span.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { SpanKind } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTracing, type Tracing } from '../../../src/observability/tracing.ts';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { findLeaks, secretForms, secretPieces } from '../security/harness.ts';
import {
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  type TestCaller,
  uniquePrefix,
} from '../server/harness.ts';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let sandbox: Sandbox;
let gw: Running;
let trader: TestCaller;
/** Headers and bodies of every request the sandbox received. */
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
/** Requests to fail with a 503 before answering (path → count). */
const failures = new Map<string, number>();

beforeAll(async () => {
  sandbox = await createSandbox({
    faults: async (req, next) => {
      received.push({ path: req.path, headers: req.headers, body: req.body.toString('utf8') });
      const left = failures.get(req.path) ?? 0;
      if (left > 0) {
        failures.set(req.path, left - 1);
        return { status: 503, headers: {}, body: 'unavailable' };
      }
      return next(req);
    },
  });
  trader = makeCaller('trader-t', 'trader');
  registerCallers(sandbox, [trader]);
  tracing = createTracing([new SimpleSpanProcessor(exporter)]);
  gw = await startGateway({
    prefix: uniquePrefix('tracing'),
    upstreamUrl: sandbox.url,
    keystore: { principals: [trader.entry] },
    tracing,
  });
});
afterAll(async () => {
  await gw?.close();
  await sandbox?.close();
  await tracing?.shutdown();
});
beforeEach(() => {
  exporter.reset();
  received.length = 0;
  failures.clear();
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN_ID = '00f067aa0ba902b7';

async function query(body: unknown, headers: Record<string, string> = {}) {
  const response = await gw.post(body, { token: trader.token, headers });
  const json = (await response.json()) as { data?: unknown; errors?: unknown[] };
  return { response, json };
}

/** The spans of one trace, once the request span (the root, ended last) is exported. */
async function traceOf(traceId: string): Promise<ReadableSpan[]> {
  await expect
    .poll(() =>
      exporter
        .getFinishedSpans()
        .some((s) => s.spanContext().traceId === traceId && s.kind === SpanKind.SERVER),
    )
    .toBe(true);
  return exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
}

const byName = (spans: ReadableSpan[], name: string) => {
  const found = spans.filter((s) => s.name === name);
  expect(
    found.map((s) => s.name),
    `span ${name}`,
  ).toEqual([name]);
  return found[0] as ReadableSpan;
};
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('traces', () => {
  it('continue an incoming traceparent down to each upstream attempt, and send it upstream', async () => {
    const { json } = await query(
      { query: 'query Me { account { id } }', operationName: 'Me' },
      { traceparent: `00-${TRACE_ID}-${PARENT_SPAN_ID}-01` },
    );
    expect(json.data).toEqual({ account: { id: trader.entry.accountId } });
    const spans = await traceOf(TRACE_ID);

    const request = byName(spans, 'POST /graphql');
    expect(request.kind).toBe(SpanKind.SERVER);
    expect(parentOf(request)).toBe(PARENT_SPAN_ID);
    expect(request.attributes['http.response.status_code']).toBe(200);

    const operation = byName(spans, 'query Me');
    expect(parentOf(operation)).toBe(request.spanContext().spanId);
    expect(operation.attributes).toMatchObject({
      'graphql.operation.name': 'Me',
      'graphql.operation.type': 'query',
    });
    for (const phase of ['graphql.parse', 'graphql.validate', 'graphql.execute']) {
      expect(parentOf(byName(spans, phase))).toBe(operation.spanContext().spanId);
    }
    const execute = byName(spans, 'graphql.execute');

    const call = byName(spans, 'upstream accountInfo');
    expect(parentOf(call)).toBe(execute.spanContext().spanId);
    expect(call.attributes).toMatchObject({
      'svc.upstream.operation': 'accountInfo',
      'svc.upstream.outcome': 'ok',
      'svc.upstream.cache': 'miss',
      'svc.upstream.attempts': 1,
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'url.template': '/v1/client/info',
    });

    const attempt = byName(spans, 'GET /v1/client/info');
    expect(attempt.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(attempt)).toBe(call.spanContext().spanId);
    expect(attempt.attributes['http.response.status_code']).toBe(200);

    const upstream = received.filter((r) => r.path === '/v1/client/info');
    expect(upstream).toHaveLength(1);
    expect(upstream[0]?.headers.traceparent).toBe(
      `00-${TRACE_ID}-${attempt.spanContext().spanId}-01`,
    );
  });

  it('start a new trace without traceparent; a cache hit has no HTTP attempt', async () => {
    await query({ query: '{ strategyVaultNonce }' });
    const sent = received.find((r) => r.path === '/v1/public/sv_nonce');
    const traceId = /^00-([0-9a-f]{32})-[0-9a-f]{16}-01$/.exec(
      String(sent?.headers.traceparent),
    )?.[1];
    expect(traceId).toBeDefined();
    const spans = await traceOf(traceId as string);
    expect(parentOf(byName(spans, 'POST /graphql'))).toBeUndefined();
    expect(byName(spans, 'query').attributes['graphql.operation.type']).toBe('query');
    expect(byName(spans, 'upstream strategyVaultNonce').attributes['svc.upstream.cache']).toBe(
      'bypass',
    );

    await query({ query: '{ account { id } }' });
    exporter.reset();
    received.length = 0;
    await query({ query: '{ account { id } }' });
    await expect
      .poll(() => exporter.getFinishedSpans().some((s) => s.kind === SpanKind.SERVER))
      .toBe(true);
    expect(byName(exporter.getFinishedSpans(), 'upstream accountInfo').attributes).toMatchObject({
      'svc.upstream.cache': 'hit',
      'svc.upstream.attempts': 0,
    });
    expect(exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.CLIENT)).toEqual([]);
    expect(received).toHaveLength(0);
  });

  it('show a retried call as one call span with two attempt spans', async () => {
    failures.set('/v1/public/sv_nonce', 1);
    const { json } = await query(
      { query: '{ strategyVaultNonce }' },
      { traceparent: `00-${'1'.repeat(32)}-${PARENT_SPAN_ID}-01` },
    );
    expect(json.errors).toBeUndefined();
    const spans = await traceOf('1'.repeat(32));
    const call = spans.find((s) => s.name.startsWith('upstream '));
    expect(call?.attributes['svc.upstream.attempts']).toBe(2);
    const attempts = spans
      .filter((s) => s.kind === SpanKind.CLIENT)
      .sort((a, b) => (a.startTime[1] ?? 0) - (b.startTime[1] ?? 0));
    expect(attempts.map((s) => parentOf(s))).toEqual([
      call?.spanContext().spanId,
      call?.spanContext().spanId,
    ]);
    expect(attempts.map((s) => s.attributes['http.response.status_code']).sort()).toEqual([
      200, 503,
    ]);
    expect(attempts.some((s) => s.attributes['http.request.resend_count'] === 1)).toBe(true);
    expect(
      gw.logs.some(
        (line) => line.includes('"msg":"upstream retry"') && line.includes('"attempt":2'),
      ),
    ).toBe(true);
  });

  it('hold no secret: no token, key, trading secret or signature in any span', async () => {
    await query({ query: '{ account { id } }' });
    const placed = await query({
      query: `mutation { placeOrder(input: {symbol: "PERP_BTC_USDC", orderType: MARKET,
        side: BUY, orderQuantity: 0.001, clientOrderId: "trace-1"}) { __typename } }`,
    });
    expect(placed.json.errors).toBeUndefined();
    await expect.poll(() => exporter.getFinishedSpans().length).toBeGreaterThan(10);
    const signatures = received.flatMap((r) => {
      const out = [r.headers['svc-signature']].filter((v): v is string => typeof v === 'string');
      const signature = r.body ? (JSON.parse(r.body) as { signature?: unknown }).signature : null;
      if (typeof signature === 'string') out.push(signature);
      return out;
    });
    expect(signatures.length).toBeGreaterThan(1);
    // Everything a span carries, as text.
    const texts = exporter
      .getFinishedSpans()
      .flatMap((s) => [
        s.name,
        JSON.stringify(s.attributes),
        JSON.stringify(s.events),
        JSON.stringify(s.resource.attributes),
      ]);
    expect(texts.join('\n')).toContain('createOrder'); // the order call was traced
    expect(findLeaks(texts, secretPieces([...secretForms(trader), ...signatures]))).toEqual([]);
    expect(texts.join('\n')).not.toMatch(/\?|timestamp=|signature/i);
  });
});
