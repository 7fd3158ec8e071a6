/**
 * The connection budget's bookkeeping: caps per IP, per principal and on streams in total;
 * each lease given back once however often it is released; maps emptied at zero; the cap
 * derived from the open-file limit; client IPs of raw node requests.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { ConnectionBudget } from '../../../src/connections/budget.ts';
import { requestClientIp } from '../../../src/connections/client-address.ts';
import { createConnectionBudget } from '../../../src/connections/create-budget.ts';
import { openFileLimit } from '../../../src/connections/fd-limit.ts';
import type { Lease } from '../../../src/connections/lease.ts';

const budget = (max = 1_000) =>
  new ConnectionBudget({
    max,
    httpPerIp: 2,
    ws: { perIp: 2, perPrincipal: 1 },
    sse: { perIp: 3, perPrincipal: 2 },
  });

const lease = (value: Lease | string): Lease => {
  if (typeof value === 'string') throw new Error(`refused: ${value}`);
  return value;
};

describe('ConnectionBudget', () => {
  it('caps each kind per IP and per principal, independently of the other kinds', () => {
    const b = budget();
    lease(b.acquire('ws', '10.0.0.1'));
    lease(b.acquire('ws', '10.0.0.1'));
    expect(b.acquire('ws', '10.0.0.1')).toBe('per_ip');
    lease(b.acquire('ws', '10.0.0.2'));
    lease(b.acquire('sse', '10.0.0.1', 'alice'));
    lease(b.acquire('sse', '10.0.0.2', 'alice'));
    expect(b.acquire('sse', '10.0.0.3', 'alice')).toBe('per_principal');
    lease(b.acquire('sse', '10.0.0.3', 'bob'));
    expect([b.open('ws'), b.open('sse'), b.open('http')]).toEqual([3, 3, 0]);
  });

  it('charges a principal bound later, and refuses it over its cap without changing the lease', () => {
    const b = budget();
    const first = lease(b.acquire('ws', '10.0.0.1'));
    expect(first.bindPrincipal('alice')).toBe(true);
    const second = lease(b.acquire('ws', '10.0.0.2'));
    expect(second.bindPrincipal('alice')).toBe(false);
    expect(b.keys('ws')).toEqual({ ips: 2, principals: 1 });
    second.release();
    first.release();
    expect(b.keys('ws')).toEqual({ ips: 0, principals: 0 });
  });

  it('gives a slot back once however often a lease is released, and empties its maps', () => {
    const b = budget();
    const held = lease(b.acquire('sse', '10.0.0.1', 'alice'));
    const other = lease(b.acquire('sse', '10.0.0.1', 'alice'));
    held.release();
    held.release();
    held.release();
    expect(b.open('sse')).toBe(1);
    expect(b.keys('sse')).toEqual({ ips: 1, principals: 1 });
    other.release();
    expect(b.open('sse')).toBe(0);
    expect(b.keys('sse')).toEqual({ ips: 0, principals: 0 });
    expect(held.bindPrincipal('bob')).toBe(false);
    expect(b.keys('sse')).toEqual({ ips: 0, principals: 0 });
  });

  it('keeps headroom: graphql-ws and SSE together stop short of the connection cap', () => {
    const b = budget(70);
    expect(b.streamsMax).toBe(6);
    for (let i = 0; i < 3; i++) lease(b.acquire('ws', `10.0.1.${i}`));
    for (let i = 0; i < 3; i++) lease(b.acquire('sse', `10.0.2.${i}`));
    expect(b.acquire('ws', '10.0.3.1')).toBe('global');
    expect(b.acquire('sse', '10.0.3.1')).toBe('global');
    // TCP connections are capped by the server (maxConnections), not here.
    lease(b.acquire('http', '10.0.3.1'));
  });

  it('counts refusals by kind and reason, with no IP or principal in the labels', async () => {
    const registry = new Registry();
    const b = new ConnectionBudget({
      max: 100,
      httpPerIp: 1,
      ws: { perIp: 1, perPrincipal: 1 },
      sse: { perIp: 1, perPrincipal: 1 },
      registry,
    });
    lease(b.acquire('http', '192.0.2.7'));
    b.acquire('http', '192.0.2.7');
    b.acquire('http', '192.0.2.7');
    const text = await registry.metrics();
    expect(text).toContain('svc_connections_refused_total{kind="http",reason="per_ip"} 2');
    expect(text).toContain('svc_connections_open{kind="http"} 1');
    expect(text).not.toContain('192.0.2.7');
  });
});

describe('createConnectionBudget', () => {
  const config = (env: Record<string, string> = {}) => loadConfig(env).connections;

  it('derives the cap from the open-file limit minus the reserve, unless CONN_MAX is set', () => {
    expect(createConnectionBudget(config(), { proxyHops: 0, fdLimit: 4_096 }).max).toBe(3_840);
    const set = config({ CONN_MAX: '500', CONN_FD_RESERVE: '10' });
    expect(createConnectionBudget(set, { proxyHops: 0, fdLimit: 4_096 }).max).toBe(500);
  });

  it('does not count TCP connections per IP behind trusted proxies (the peer is the proxy)', () => {
    const b = createConnectionBudget(config({ CONN_MAX_PER_IP: '1' }), {
      proxyHops: 1,
      fdLimit: 4_096,
    });
    lease(b.acquire('http', '10.0.0.1'));
    lease(b.acquire('http', '10.0.0.1'));
    expect(b.keys('http').ips).toBe(0);
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() =>
      loadConfig({ CONN_HEADERS_TIMEOUT_MS: '2000', CONN_REQUEST_TIMEOUT_MS: '1000' }),
    ).toThrow(/CONN_HEADERS_TIMEOUT_MS: must be at most CONN_REQUEST_TIMEOUT_MS/);
  });
});

describe('openFileLimit', () => {
  it("reads the soft limit of /proc/self/limits' format", () => {
    const dir = mkdtempSync(join(tmpdir(), 'limits-'));
    const file = join(dir, 'limits');
    writeFileSync(
      file,
      'Limit                     Soft Limit           Hard Limit           Units\n' +
        'Max open files            4096                 8192                 files\n',
    );
    expect(openFileLimit(file)).toBe(4_096);
    writeFileSync(
      file,
      'Max open files            unlimited            unlimited            files\n',
    );
    expect(openFileLimit(file)).toBeUndefined();
    expect(openFileLimit(join(dir, 'absent'))).toBeUndefined();
  });
});

describe('requestClientIp', () => {
  const req = (forwarded: string | undefined, remoteAddress = '::ffff:10.0.0.9') => ({
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    socket: { remoteAddress },
  });

  it('is the peer address unless proxies are trusted', () => {
    expect(requestClientIp(req('203.0.113.5') as never, 0)).toBe('10.0.0.9');
    expect(requestClientIp(req('203.0.113.5, 10.0.0.2') as never, 1)).toBe('10.0.0.2');
    expect(requestClientIp(req('203.0.113.5, 10.0.0.2') as never, 2)).toBe('203.0.113.5');
    expect(requestClientIp(req(undefined, '2001:db8::1') as never, 1)).toBe('2001:db8::1');
  });
});
