// @module-tag redis
/** /metrics: what it counts, that every label stays bounded, and that no secret shows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToken } from '../../../src/auth/principals.ts';
import { type Running, startGateway, uniquePrefix } from './harness.ts';

const prefix = uniquePrefix('metrics');
let gw: Running;
let text = '';

/** `name{labels} value` lines of one metric. */
function samples(name: string): Array<{ labels: Record<string, string>; value: number }> {
  const out: Array<{ labels: Record<string, string>; value: number }> = [];
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g))
      labels[pair[1] as string] = pair[2] as string;
    out.push({ labels, value: Number(match[3]) });
  }
  return out;
}

function value(name: string, labels: Record<string, string>): number {
  const found = samples(name).find((s) =>
    Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found?.value ?? 0;
}

beforeAll(async () => {
  gw = await startGateway({ prefix });
  const trader = gw.gateway.demoTokens?.trader as string;
  // Two reads of the account: the second is served from the cache.
  for (let i = 0; i < 2; i++) {
    const { body } = await gw.gql('query EvilNameX1 { account { id } }', { token: trader });
    expect(body.errors).toBeUndefined();
  }
  expect((await gw.gql('{ account { id } }', { token: generateToken() })).status).toBe(401);
  expect((await gw.gql('{ account { id } }')).body.errors).toHaveLength(1);
  expect((await gw.gql('{ nope }')).status).toBe(400);
  await fetch(`${gw.origin}/no/such/path/with-a-unique-name`);
  const response = await fetch(`${gw.adminOrigin}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  text = await response.text();
});
afterAll(() => gw?.close());

describe('/metrics', () => {
  it('counts requests by route and status, and operations by type', () => {
    expect(value('svc_http_requests_total', { route: '/graphql', status: '200' })).toBe(3);
    expect(value('svc_http_requests_total', { route: '/graphql', status: '400' })).toBe(1);
    expect(value('svc_http_requests_total', { route: '/graphql', status: '401' })).toBe(1);
    expect(value('svc_http_requests_total', { route: 'other', status: '404' })).toBe(1);
    expect(value('svc_graphql_operations_total', { type: 'query' })).toBe(3);
  });

  it('counts errors by code', () => {
    expect(value('svc_graphql_errors_total', { code: 'UNAUTHENTICATED' })).toBe(2);
    expect(value('svc_graphql_errors_total', { code: 'GRAPHQL_VALIDATION_FAILED' })).toBe(1);
    expect(samples('svc_graphql_errors_total').reduce((n, s) => n + s.value, 0)).toBe(3);
  });

  it('counts upstream calls by operation and outcome, cache hits and budget waits', () => {
    expect(value('svc_upstream_calls_total', { operation: 'accountInfo', outcome: 'ok' })).toBe(2);
    expect(
      value('svc_upstream_cache_lookups_total', { operation: 'accountInfo', result: 'hit' }),
    ).toBe(1);
    expect(
      value('svc_upstream_cache_lookups_total', { operation: 'accountInfo', result: 'miss' }),
    ).toBe(1);
    expect(value('svc_upstream_cache_hit_ratio', {})).toBe(0.5);
    expect(text).toContain('# TYPE svc_upstream_budget_waits_total counter');
    expect(text).toContain('# TYPE svc_upstream_budget_wait_seconds histogram');
    expect(gw.gateway.sandbox?.requestCount()).toBeGreaterThanOrEqual(1);
  });

  it('holds no secret, token, account id or caller-chosen text', () => {
    const demo = gw.gateway.demoTokens;
    const forbidden = [
      demo?.trader,
      demo?.brokerAdmin,
      ...gw.gateway.principals.flatMap((p) => [
        p.credentials.secret,
        p.credentials.tradingSecret,
        p.credentials.accountId,
        p.label,
      ]),
      'EvilNameX1',
      'with-a-unique-name',
      'svcgw_',
      'Bearer',
    ];
    for (const secret of forbidden) {
      expect(secret).toBeTruthy();
      expect(text).not.toContain(secret);
    }
  });

  it('answers only GET, and only on the admin listener', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await fetch(`${gw.adminOrigin}/metrics`, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow'), method).toBe('GET');
      expect(await response.text(), method).toBe('');
    }
    const publicPort = await fetch(`${gw.origin}/metrics`);
    expect(publicPort.status).toBe(404);
    expect(await publicPort.text()).not.toContain('svc_http_requests_total');
  });

  it('times parse, validate and execute per operation type (no operation name)', () => {
    // Four documents parsed (the bad token is refused before parsing), three executed.
    for (const phase of ['parse', 'validate', 'execute']) {
      const name = `graphql_envelop_phase_${phase}`;
      expect(text).toContain(`# TYPE ${name} histogram`);
      const counts = samples(`${name}_count`);
      expect(counts.length, name).toBeGreaterThan(0);
      for (const { labels } of counts) {
        expect(
          Object.keys(labels).filter((l) => l !== 'operationType'),
          name,
        ).toEqual([]);
      }
    }
    const total = (name: string) => samples(name).reduce((n, s) => n + s.value, 0);
    expect(total('graphql_envelop_phase_parse_count')).toBe(4);
    expect(total('graphql_envelop_phase_validate_count')).toBe(4);
    expect(total('graphql_envelop_phase_execute_count')).toBe(3);
    expect(value('graphql_envelop_phase_execute_count', { operationType: 'query' })).toBe(3);
    expect(text).not.toContain('operationName');
  });

  it('uses only bounded label values', () => {
    const allowed: Record<string, RegExp> = {
      route: /^(\/graphql|\/health|\/ready|\/metrics|other)$/,
      status: /^[1-5]\d\d$/,
      type: /^(query|mutation|subscription|unknown)$/,
      code: /^[A-Z_]+$/,
      operation: /^[A-Za-z][A-Za-z0-9_]{0,63}$/,
      outcome: /^(ok|rejected|rate_limited|unauthorized|unavailable|malformed|other)$/,
      result: /^(hit|miss|bypass)$/,
      // Connection caps (src/connections/metrics.ts), idempotency records, trading screens.
      kind: /^(http|ws|sse|order|key|algo|screens|subscribers)$/,
      // Book and trading-screen events, order waits refused (each an enumerated list in code).
      event: /^(snapshots|breaks|emissions|frames|held|loads)$/,
      scope: /^(account|process)$/,
      reason: /^(per_ip|per_principal|global|slow_consumer|upstream_refused)$/,
      le: /^[0-9.e+-]+|\+Inf$/,
    };
    const names = text
      .split('\n')
      .filter((l) => l.startsWith('svc_'))
      .map((l) => /^([a-z_]+)/.exec(l)?.[1] as string);
    expect(names.length).toBeGreaterThan(10);
    for (const name of new Set(names)) {
      for (const { labels } of samples(name)) {
        for (const [label, v] of Object.entries(labels)) {
          expect(allowed[label], `${name} label ${label}`).toBeDefined();
          expect(v, `${name}{${label}}`).toMatch(allowed[label] as RegExp);
        }
      }
    }
  });
});
