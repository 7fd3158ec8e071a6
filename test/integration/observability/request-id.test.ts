/**
 * Request ids through the real gateway and the sandbox over HTTP: accepted when plain,
 * replaced otherwise, returned on every response, sent upstream, and on every log line of
 * the request — the upstream lines (attempts, 429s) included, under concurrency too.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import {
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  type TestCaller,
  uniquePrefix,
} from '../server/harness.ts';

let sandbox: Sandbox;
let gw: Running;
let trader: TestCaller;
/** x-request-id of every request the sandbox received, by path. */
const received: Array<{ path: string; requestId: unknown }> = [];
/** Paths answered 429 once. */
const limited = new Set<string>();

beforeAll(async () => {
  sandbox = await createSandbox({
    faults: async (req, next) => {
      received.push({ path: req.path, requestId: req.headers['x-request-id'] });
      if (limited.delete(req.path)) {
        return {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
          body: JSON.stringify({ success: false, code: -1003, message: 'too many requests' }),
        };
      }
      return next(req);
    },
  });
  trader = makeCaller('trader-r', 'trader');
  registerCallers(sandbox, [trader]);
  gw = await startGateway({
    prefix: uniquePrefix('request-id'),
    upstreamUrl: sandbox.url,
    keystore: { principals: [trader.entry] },
    // Not a test of caller limits: anonymous callers may take the whole sv_nonce budget.
    env: { UPSTREAM_RETRY_MAX: '0', CALLER_GLOBAL_SHARE: '1' },
  });
});
afterAll(async () => {
  await gw?.close();
  await sandbox?.close();
});
beforeEach(() => {
  received.length = 0;
  limited.clear();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const linesOf = (requestId: string) =>
  gw.logs.map((line) => JSON.parse(line)).filter((line) => line.requestId === requestId);

describe('request id', () => {
  it('is taken from x-request-id, returned, sent upstream and on every line of the request', async () => {
    const id = 'client-req.42:a_b';
    const response = await gw.post(
      { query: '{ account { id } }' },
      { token: trader.token, headers: { 'x-request-id': id } },
    );
    expect(response.status).toBe(200);
    await response.text();
    expect(response.headers.get('x-request-id')).toBe(id);
    expect(received).toEqual([{ path: '/v1/client/info', requestId: id }]);
    await expect.poll(() => linesOf(id).map((line) => line.msg)).toContain('request');
    const messages = linesOf(id).map((line) => line.msg);
    expect(messages).toEqual(expect.arrayContaining(['upstream attempt', 'upstream call']));
    expect(linesOf(id).find((line) => line.msg === 'upstream attempt')).toMatchObject({
      operation: 'accountInfo',
      attempt: 1,
      status: 200,
      accountHash: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['outside the charset', 'id with spaces'],
    ['a header injection attempt', 'abc\tdef'],
    ['shaped like a gateway token', `svcgw_${'A'.repeat(40)}`],
  ])('is replaced by a new UUID when the incoming one is %s', async (_, incoming) => {
    const response = await gw.post(
      { query: '{ strategyVaultNonce }' },
      { headers: { 'x-request-id': incoming } },
    );
    await response.text();
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(received.map((r) => r.requestId)).toEqual([id]);
    expect(gw.logs.join('')).not.toContain(incoming);
  });

  it('is made when absent, also for probes', async () => {
    const health = await fetch(`${gw.origin}/health`);
    await health.text();
    expect(health.headers.get('x-request-id')).toMatch(UUID);
    const response = await gw.post({ query: '{ strategyVaultNonce }' });
    await response.text();
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    expect(response.headers.get('x-request-id')).not.toBe(health.headers.get('x-request-id'));
  });

  it('stays with its own request under concurrency', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `concurrent-${i}`);
    const responses = await Promise.all(
      ids.map((id) =>
        gw.post({ query: '{ strategyVaultNonce }' }, { headers: { 'x-request-id': id } }),
      ),
    );
    await Promise.all(responses.map((r) => r.text()));
    expect(responses.map((r) => r.headers.get('x-request-id'))).toEqual(ids);
    expect(received.map((r) => r.requestId).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      await expect.poll(() => linesOf(id).map((line) => line.msg)).toContain('request');
      expect(linesOf(id).filter((line) => line.msg === 'upstream attempt')).toHaveLength(1);
    }
  });

  it('marks an upstream 429 with a warning naming the operation and attempt', async () => {
    limited.add('/v1/public/sv_nonce');
    const response = await gw.post(
      { query: '{ strategyVaultNonce }' },
      { headers: { 'x-request-id': 'limited-1' } },
    );
    const body = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    await expect.poll(() => linesOf('limited-1').map((line) => line.msg)).toContain('request');
    expect(linesOf('limited-1').find((line) => line.msg === 'upstream 429')).toMatchObject({
      level: 'warn',
      operation: 'strategyVaultNonce',
      attempt: 1,
      status: 429,
      retryAfter: '1',
    });
  });
});
