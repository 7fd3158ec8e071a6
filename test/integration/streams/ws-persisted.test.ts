// @module-tag redis
/**
 * Persisted operations over graphql-ws, through the same registry and rules as HTTP: a
 * subscribe message with `extensions.persistedQuery.sha256Hash` (or `documentId`) and an
 * empty `query` runs the registered document; APQ registers text sent with its hash;
 * `PERSISTED_OPERATIONS=require` refuses text (except from developers). Also the
 * subscription metrics on the gateway's registry.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveHarness, type Sub, startLive, wsClient, wsSubscribe } from './gateway-harness.ts';

/** `subscription Tickers { tickers { __typename close count symbol volume } }`, built in. */
const TICKERS_HASH = '335779ec7310b6e19cb23e78b8723e08adb3f21480679b8d02201c4cd6ed8bc0';
const apq = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const codeOf = (sub: Sub) =>
  (sub.error as { extensions?: { code?: string } }[] | undefined)?.[0]?.extensions?.code;
const ticks = (sub: Sub) =>
  expect.poll(() => sub.results.some((r) => r.data?.tickers?.length > 0), { interval: 20 });

describe('PERSISTED_OPERATIONS=allow (default)', () => {
  let h: LiveHarness;
  beforeAll(async () => {
    h = await startLive();
  });
  afterAll(() => h.close());

  it('runs a built-in subscription by hash with an empty query', async () => {
    const client = wsClient(h.replicas[0]!, h.callers.alice.token);
    const sub = wsSubscribe(client, '', {}, apq(TICKERS_HASH));
    await ticks(sub).toBe(true);
    expect(sub.results[0]?.data?.tickers[0]).toHaveProperty('__typename', 'Ticker');
    expect(sub.error).toBeUndefined();
    sub.stop();
    await client.dispose();
  });

  it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND, then registers it (APQ)', async () => {
    const client = wsClient(h.replicas[0]!);
    const query = `subscription Apq${Date.now()} { tickers { symbol close } }`;
    const hash = sha256(query);
    const missing = wsSubscribe(client, '', {}, apq(hash));
    await expect.poll(() => missing.done, { interval: 10 }).toBe(true);
    expect(codeOf(missing)).toBe('PERSISTED_QUERY_NOT_FOUND');

    const mismatch = wsSubscribe(client, query, {}, apq(sha256('something else')));
    await expect.poll(() => mismatch.done, { interval: 10 }).toBe(true);
    expect(codeOf(mismatch)).toBe('PERSISTED_QUERY_HASH_MISMATCH');

    const withText = wsSubscribe(client, query, {}, apq(hash));
    await ticks(withText).toBe(true);
    withText.stop();
    // Registered: the hash alone now works, on the connection or any other.
    const byHash = wsSubscribe(client, '', {}, apq(hash));
    await ticks(byHash).toBe(true);
    expect(byHash.results[0]?.data?.tickers[0]).toEqual({
      symbol: expect.any(String),
      close: expect.any(Number),
    });
    byHash.stop();
    await client.dispose();
  });

  it('counts subscribers and deliveries by field in /metrics', async () => {
    const gateway = h.replicas[0]!.gateway;
    const client = wsClient(h.replicas[0]!);
    const subs = [1, 2].map(() => wsSubscribe(client, 'subscription { tickers { symbol } }'));
    for (const sub of subs) await ticks(sub).toBe(true);
    const text = await gateway.metrics.render();
    expect(text).toMatch(/^svc_graphql_subscribers\{field="tickers"\} 2$/m);
    const delivered = Number(
      /^svc_graphql_subscription_events_total\{field="tickers"\} (\d+)$/m.exec(text)?.[1],
    );
    expect(delivered).toBeGreaterThanOrEqual(2);
    for (const sub of subs) sub.stop();
    await expect
      .poll(
        async () =>
          /^svc_graphql_subscribers\{field="tickers"\} 0$/m.test(await gateway.metrics.render()),
        {
          interval: 20,
        },
      )
      .toBe(true);
    await client.dispose();
  });
});

describe('PERSISTED_OPERATIONS=require', () => {
  let h: LiveHarness;
  beforeAll(async () => {
    h = await startLive({ env: { PERSISTED_OPERATIONS: 'require' } });
  });
  afterAll(() => h.close());

  it('refuses operation text with PERSISTED_QUERY_ONLY and keeps the connection', async () => {
    const client = wsClient(h.replicas[0]!, h.callers.alice.token);
    const text = wsSubscribe(client, 'subscription { tickers { symbol } }');
    await expect.poll(() => text.done, { interval: 10 }).toBe(true);
    expect(codeOf(text)).toBe('PERSISTED_QUERY_ONLY');
    // APQ registration is text too: refused.
    const query = 'subscription NewOne { tickers { symbol } }';
    const register = wsSubscribe(client, query, {}, apq(sha256(query)));
    await expect.poll(() => register.done, { interval: 10 }).toBe(true);
    expect(codeOf(register)).toBe('PERSISTED_QUERY_ONLY');
    // The same connection still runs registered operations, by hash or documentId.
    const byHash = wsSubscribe(client, '', {}, apq(TICKERS_HASH));
    await ticks(byHash).toBe(true);
    byHash.stop();
    let dispose = () => {};
    const byId: unknown[] = [];
    dispose = client.subscribe(
      { query: '', documentId: `sha256:${TICKERS_HASH}` } as { query: string },
      { next: (r) => byId.push(r), error: () => {}, complete: () => {} },
    );
    await expect.poll(() => byId.length, { interval: 20 }).toBeGreaterThan(0);
    expect(byId[0]).toMatchObject({ data: { tickers: expect.any(Array) } });
    dispose();
    await client.dispose();
  });

  it('lets a developer principal send text', async () => {
    const client = wsClient(h.replicas[0]!, h.callers.dev.token);
    const sub = wsSubscribe(client, 'subscription { tickers { symbol } }');
    await ticks(sub).toBe(true);
    sub.stop();
    await client.dispose();
  });

  it('refuses a message with neither text nor hash', async () => {
    const client = wsClient(h.replicas[0]!);
    const sub = wsSubscribe(client, '');
    await expect.poll(() => sub.done, { interval: 10 }).toBe(true);
    expect(codeOf(sub)).toBe('PERSISTED_QUERY_ID_REQUIRED');
    await client.dispose();
  });
});
