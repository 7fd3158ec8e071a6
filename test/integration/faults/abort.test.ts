// @module-tag redis
/**
 * A client that disconnects mid-request stops its upstream work: a raw node:http client
 * posts a GraphQL request to the real gateway, then destroys its socket while the gateway is
 * (a) waiting on a slow upstream read, (b) sleeping before a retry, (c) waiting for budget.
 * Between the gateway and the sandbox a TCP relay records every upstream connection: who
 * closed it first and the requests it carried; the sandbox's request log says what arrived.
 *
 * A placeOrder whose send is in flight is not cut (it cannot be unsent): it completes, once,
 * and the account holds exactly one order.
 *
 * The gateway's deadline (20 s) and attempt timeout (15 s) are far beyond every poll here, so
 * only the abort can explain what is observed within them.
 */
import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type FaultConfig, type Sandbox } from '../../../src/sandbox/index.ts';
import {
  callerPool,
  type Running,
  registerCallers,
  startGateway,
  type TestCaller,
  uniquePrefix,
} from '../server/harness.ts';
import { ACCOUNT, orderInput, PLACE } from './harness.ts';

const INFO = '/v1/client/info';

interface Relayed {
  /** What the gateway sent on this connection (request heads and bodies). */
  sent: string;
  closedBy?: 'gateway' | 'sandbox';
}

/** A TCP relay to `port` that records each connection. */
async function startRelay(
  port: number,
): Promise<{ url: string; conns: Relayed[]; server: Server }> {
  const conns: Relayed[] = [];
  const server = createServer((gateway: Socket) => {
    const conn: Relayed = { sent: '' };
    conns.push(conn);
    const upstream = connect(port, '127.0.0.1');
    const closed = (by: Relayed['closedBy']) => () => {
      conn.closedBy ??= by;
      gateway.destroy();
      upstream.destroy();
    };
    gateway.on('data', (chunk: Buffer) => {
      conn.sent += chunk.toString('latin1');
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => gateway.write(chunk));
    for (const event of ['end', 'close', 'error']) {
      gateway.on(event, closed('gateway'));
      upstream.on(event, closed('sandbox'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, conns, server };
}

let sandbox: Sandbox;
let relay: Awaited<ReturnType<typeof startRelay>>;
let gw: Running;
const pool = callerPool('abort', 8);
const caller = pool.next;

beforeAll(async () => {
  sandbox = await createSandbox({ limits: { scale: 1_000 } });
  registerCallers(sandbox, pool.all);
  relay = await startRelay(Number(new URL(sandbox.url).port));
  gw = await startGateway({
    prefix: uniquePrefix('faults-abort'),
    upstreamUrl: relay.url,
    keystore: { principals: pool.all.map((c) => c.entry) },
    env: {
      UPSTREAM_DEADLINE_MS: '20000',
      UPSTREAM_TIMEOUT_MS: '15000',
      UPSTREAM_RETRY_MAX: '2',
      // Every backoff lasts 5 to 10 s: only an abort ends one within the polls below.
      UPSTREAM_RETRY_BASE_MS: '10000',
      UPSTREAM_RETRY_CAP_MS: '10000',
      UPSTREAM_BUDGET_WAIT_MS: '10000',
      UPSTREAM_LIMIT_SCALE: '1000',
      CACHE_ENABLED: 'false',
    },
  });
});
afterAll(async () => {
  await gw?.close();
  relay?.server.close();
  await sandbox?.close();
});
beforeEach(() => {
  sandbox.setFaults(null);
});

/** Posts a GraphQL request from a real HTTP client; `disconnect()` destroys its socket. */
function post(c: TestCaller, query: string, variables?: Record<string, unknown>) {
  const body = JSON.stringify({ query, ...(variables ? { variables } : {}) });
  const req = httpRequest(gw.graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      authorization: `Bearer ${c.token}`,
    },
  });
  const answered = new Promise<string>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
  });
  answered.catch(() => undefined); // a disconnect rejects it; only some tests read it
  req.end(body);
  return { answered, disconnect: () => req.destroy() };
}

/** The gateway's log lines, parsed. */
const logLines = () => gw.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
/** The failed-call line of `operation` whose error matches `pattern`, once logged. */
const failedCall = (operation: string, pattern: RegExp) =>
  logLines().find(
    (l) =>
      l.msg === 'upstream call failed' &&
      l.operation === operation &&
      pattern.test(String(l.error)),
  );

/** The requests a connection carried (keep-alive: several callers' in turn). */
const requestsOf = (conn: Relayed) => conn.sent.split(/(?=\b(?:GET|POST|PUT|DELETE) \/)/);
const mentions = (text: string, accountId: string) =>
  text.toLowerCase().includes(accountId.toLowerCase());
/** The connections that carried a request of this account. */
const carrying = (accountId: string) =>
  relay.conns.filter((conn) => mentions(conn.sent, accountId));
const requestsTo = (c: TestCaller, method: string, path: string) =>
  relay.conns
    .flatMap(requestsOf)
    .filter((r) => r.startsWith(`${method} ${path}`) && mentions(r, c.entry.accountId)).length;

async function withFaults<T>(faults: FaultConfig, run: () => Promise<T>): Promise<T> {
  sandbox.setFaults(faults);
  try {
    return await run();
  } finally {
    sandbox.setFaults(null);
  }
}

describe('a client that disconnects', () => {
  it('closes the upstream connection of a read in flight, and nothing is resent', async () => {
    const c = caller();
    await withFaults({ latencyMs: 3_000, match: { paths: [INFO] } }, async () => {
      const client = post(c, ACCOUNT);
      // The read is at the upstream (the relay has carried it).
      await expect.poll(() => requestsTo(c, 'GET', INFO), { timeout: 5_000 }).toBe(1);
      client.disconnect();
      // The gateway drops that connection itself, well before the sandbox would answer
      // (a finished keep-alive connection would stay open).
      await expect
        .poll(() => carrying(c.entry.accountId).map((conn) => conn.closedBy), { timeout: 2_500 })
        .toEqual(['gateway']);
      await expect
        .poll(() => failedCall('accountInfo', /caller went away at attempt 1/), { timeout: 2_500 })
        .toBeDefined();
      // The call is over: no attempt came after the first.
      expect(requestsTo(c, 'GET', INFO)).toBe(1);
      // The sandbox logs the request once it has slept its latency out: just that one.
      await expect
        .poll(() => sandbox.requestCount({ path: INFO, accountId: c.entry.accountId }), {
          timeout: 6_000,
        })
        .toBe(1);
    });
  });

  it('ends a retry backoff: the second attempt never leaves', async () => {
    const c = caller();
    await withFaults({ status5xx: true, match: { paths: [INFO] }, count: 1 }, async () => {
      const client = post(c, ACCOUNT);
      // The first attempt was answered 500: the gateway now sleeps 5-10 s before a retry.
      await expect
        .poll(() => sandbox.requestCount({ path: INFO, accountId: c.entry.accountId }), {
          timeout: 5_000,
        })
        .toBe(1);
      client.disconnect();
      await expect
        .poll(() => failedCall('accountInfo', /caller went away at backoff before attempt 2/), {
          timeout: 4_000,
        })
        .toBeDefined();
      expect(requestsTo(c, 'GET', INFO)).toBe(1);
      expect(sandbox.requestCount({ path: INFO, accountId: c.entry.accountId })).toBe(1);
    });
  });

  it('ends a wait for budget: the read never leaves', async () => {
    const c = caller();
    // One upstream 429 (Retry-After 6 s) blocks accountInfo's budget key for 6 s.
    await withFaults({ rateLimitBurst: { retryAfterSec: 6 }, count: 1 }, async () => {
      const first = await post(c, ACCOUNT).answered;
      expect(first).toContain('RATE_LIMITED');
    });
    // Its sibling field goes upstream at once: once the relay has carried it, the operation
    // is executing and the account read is in its wait.
    const nonces = () =>
      relay.conns.flatMap(requestsOf).filter((r) => r.startsWith('GET /v1/public/sv_nonce')).length;
    const before = nonces();
    const client = post(c, '{ strategyVaultNonce account { id } }');
    await expect.poll(nonces, { timeout: 5_000 }).toBe(before + 1);
    client.disconnect();
    await expect
      .poll(() => failedCall('accountInfo', /caller went away at budget wait/), { timeout: 4_000 })
      .toBeDefined();
    expect(requestsTo(c, 'GET', INFO)).toBe(1);
    expect(sandbox.requestCount({ path: INFO, accountId: c.entry.accountId })).toBe(1);
  });

  it('lets a placement in flight finish: one POST, one order, no read-back', async () => {
    const c = caller();
    await withFaults(
      { latencyMs: 1_500, match: { methods: ['POST'], paths: ['/v1/order'] } },
      async () => {
        const client = post(c, PLACE, { input: orderInput() });
        await expect.poll(() => requestsTo(c, 'POST', '/v1/order'), { timeout: 5_000 }).toBe(1);
        client.disconnect();
        await expect
          .poll(() => sandbox.orders(c.entry.accountId).length, { timeout: 6_000 })
          .toBe(1);
        await expect
          .poll(
            () =>
              logLines().some(
                (l) =>
                  l.msg === 'upstream call' &&
                  l.operation === 'createOrder' &&
                  l.outcome === 'ok' &&
                  l.accountHash !== undefined,
              ),
            { timeout: 6_000 },
          )
          .toBe(true);
        expect(requestsTo(c, 'POST', '/v1/order')).toBe(1);
        expect(requestsTo(c, 'GET', '/v1/order')).toBe(0);
        expect(sandbox.orders(c.entry.accountId)).toHaveLength(1);
      },
    );
  });
});
