/**
 * The endpoint table is the one source of the upstream: the gateway's catalog, the sandbox's
 * routes and the caller-limit costs each read every row once, and agree with it.
 */
import { describe, expect, it } from 'vitest';
import { ROOT_FIELD_ENDPOINTS } from '../../../src/caller-limits/cost.ts';
import { CLIENT_ORDER_ID_MAX, CLIENT_ORDER_ID_PATTERN } from '../../../src/contract/constants.ts';
import { ENDPOINT_KEYS, ENDPOINTS, type Endpoint } from '../../../src/contract/endpoints.ts';
import { UPSTREAM_ERRORS } from '../../../src/contract/errors.ts';
import { CLIENT_ORDER_ID } from '../../../src/contract/fields.ts';
import { ROUTE_DOCS } from '../../../src/sandbox/openapi-routes.ts';
import { SANDBOX_ROUTES } from '../../../src/sandbox/routes/index.ts';
import { CATALOG, type Operation } from '../../../src/upstream/catalog.ts';
import { UPSTREAM_CODES } from '../../../src/upstream/error-map.ts';

const rows = Object.entries(ENDPOINTS) as [string, Endpoint][];

describe('endpoint table', () => {
  it('names a gateway budget exactly for the documented limits', () => {
    for (const [key, row] of rows) {
      expect(row.budget !== undefined, key).toBe(row.limit.source !== 'default');
    }
    const budgets = rows.flatMap(([, row]) => (row.budget ? [row.budget] : []));
    expect(new Set(budgets).size).toBe(budgets.length);
  });

  it('is the catalog: one entry per row, named and routed by it', () => {
    const entries = Object.entries(CATALOG) as [string, Operation][];
    expect(entries.map(([, op]) => `${op.method} ${op.path}`).sort()).toEqual(
      [...ENDPOINT_KEYS].sort(),
    );
    for (const [name, op] of entries) {
      const row = ENDPOINTS[`${op.method} ${op.path}` as keyof typeof ENDPOINTS];
      expect(op.name, name).toBe(name);
      expect(row.name, name).toBe(name);
      expect(op.auth, name).toBe(row.auth);
      expect(op.signature, name).toBe(row.signature);
      expect(op.idempotency, name).toBe(row.idempotency);
    }
  });

  it('is served by the sandbox once per row, and described once per row', () => {
    expect(SANDBOX_ROUTES.map((r) => r.endpoint).sort()).toEqual([...ENDPOINT_KEYS].sort());
    expect(Object.keys(ROUTE_DOCS).sort()).toEqual([...ENDPOINT_KEYS].sort());
  });

  it('signs orders only on trading endpoints, which all take an order signature', () => {
    for (const [key, row] of rows) {
      expect(row.signature !== 'none', key).toBe(row.auth === 'trading');
      if (row.signature === 'query')
        expect(Object.keys(row.query ?? {}), key).toContain('signature');
      if (row.signature === 'body') expect(row.body?.signature?.required, key).toBe(true);
      if (row.signature === 'items') {
        const items = row.body?.orders;
        expect(
          items?.kind === 'list' && items.of.kind === 'object' && items.of.fields.signature,
          key,
        ).toBeTruthy();
      }
    }
  });

  it('maps every root field of the costs to a row', () => {
    for (const [field, key] of Object.entries(ROOT_FIELD_ENDPOINTS)) {
      expect(ENDPOINTS[key], field).toBeDefined();
    }
  });
});

describe('error table', () => {
  it('is the one list of codes: the gateway maps each of them', () => {
    expect([...UPSTREAM_CODES.keys()].sort()).toEqual(
      Object.keys(UPSTREAM_ERRORS).map(Number).sort(),
    );
    expect(UPSTREAM_ERRORS[-1007].status).toBe(409);
    expect(UPSTREAM_ERRORS[-1003].status).toBe(429);
  });
});

describe('client_order_id rule', () => {
  const samples = [
    'a',
    'A-1_b',
    'x'.repeat(36),
    'x'.repeat(37),
    '',
    '-abc',
    '_abc',
    'a.b',
    'a b',
    'a/b',
    'é',
    '0-',
  ];
  it('the named checks and the pattern are the same rule', () => {
    for (const id of samples) {
      const ok =
        id.length > 0 &&
        id.length <= CLIENT_ORDER_ID_MAX &&
        (CLIENT_ORDER_ID.checks ?? []).every((check) => check.test(id));
      expect(ok, JSON.stringify(id)).toBe(CLIENT_ORDER_ID_PATTERN.test(id));
    }
    expect(CLIENT_ORDER_ID.form).toBe(CLIENT_ORDER_ID_PATTERN);
  });
});
