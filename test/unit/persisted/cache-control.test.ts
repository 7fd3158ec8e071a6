/** Which GraphQL answers an HTTP cache may keep, and for whom (`src/persisted/cache-control.ts`). */
import { OperationTypeNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  type CacheHints,
  type CacheInput,
  cacheControl,
  cacheHintsFrom,
  rootFieldsOf,
} from '../../../src/persisted/cache-control.ts';

const hints: CacheHints = { public: { markets: 30 }, private: { account: 5, orders: 1 } };
const base: CacheInput = {
  method: 'GET',
  byHash: true,
  operation: OperationTypeNode.QUERY,
  rootFields: ['account'],
  authenticated: true,
  hasErrors: false,
};

describe('cacheControl', () => {
  it('per-caller data: private (never a CDN), the least max-age of the root fields', () => {
    expect(cacheControl(base, hints)).toBe('private, max-age=5');
    expect(cacheControl({ ...base, rootFields: ['account', 'orders'] }, hints)).toBe(
      'private, max-age=1',
    );
    expect(cacheControl({ ...base, rootFields: ['markets'] }, hints)).toBe('private, max-age=30');
  });

  it('public only for anonymous callers asking public fields only', () => {
    const anonymous = { ...base, authenticated: false };
    expect(cacheControl({ ...anonymous, rootFields: ['markets'] }, hints)).toBe(
      'public, max-age=30',
    );
    expect(cacheControl(anonymous, hints)).toBe('no-store');
    expect(cacheControl({ ...anonymous, rootFields: ['markets', 'account'] }, hints)).toBe(
      'no-store',
    );
  });

  it('no-store for POST, text, mutations, errors, unhinted fields and root fragments', () => {
    for (const input of [
      { ...base, method: 'POST' },
      { ...base, byHash: false },
      { ...base, operation: OperationTypeNode.MUTATION },
      { ...base, hasErrors: true },
      { ...base, rootFields: ['account', 'withdrawNonce'] },
      { ...base, rootFields: ['*'] },
      { ...base, rootFields: [] },
    ]) {
      expect(cacheControl(input, hints)).toBe('no-store');
    }
  });

  it('hints follow the gateway cache TTLs; nonces get none; cache off means no hints', () => {
    const cache = {
      enabled: true,
      accountTtlMs: 5_000,
      openOrderTtlMs: 1_000,
      finalOrderTtlMs: 60_000,
      referralTtlMs: 5_000,
    };
    const derived = cacheHintsFrom(cache);
    expect(derived.private).toMatchObject({ account: 5, order: 1, orders: 1 });
    // Market data is public (anonymous, shared caches) for the market TTL; the signed book private.
    expect(derived.public).toEqual({ markets: 1, market: 1, marketTrades: 1, klines: 1 });
    expect(derived.private).toMatchObject({ orderBook: 1 });
    expect(cacheHintsFrom({ ...cache, marketTtlMs: 3_000 }).public.markets).toBe(3);
    expect(derived.private).not.toHaveProperty('withdrawNonce');
    expect(derived.private).not.toHaveProperty('strategyVaultNonce');
    expect(cacheHintsFrom({ ...cache, enabled: false })).toEqual({ public: {}, private: {} });
  });
});

describe('rootFieldsOf', () => {
  it('names the root fields of the operation that runs, without __typename', () => {
    const doc = parse(
      'query A { __typename account { id } } query B { orders(clientOrderIds: []) { clientOrderId } ...F } fragment F on Query { withdrawNonce }',
    );
    expect(rootFieldsOf(doc, 'A')).toEqual({ operation: 'query', rootFields: ['account'] });
    expect(rootFieldsOf(doc, 'B')).toEqual({ operation: 'query', rootFields: ['orders', '*'] });
  });
});
