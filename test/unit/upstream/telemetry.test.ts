/**
 * The telemetry layer's log lines and the exchange wrapper's headers and retry lines, over
 * scripted handlers and a scripted wire; store fallback transitions of StoreHealth.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/observability/logger.ts';
import { CATALOG, type Operation } from '../../../src/upstream/catalog.ts';
import {
  RateLimitedError,
  UnavailableError,
  UpstreamRejectedError,
} from '../../../src/upstream/errors.ts';
import type { Exchange, ExchangeRequest } from '../../../src/upstream/exchange.ts';
import { StoreHealth } from '../../../src/upstream/health.ts';
import { observeExchange } from '../../../src/upstream/observe-exchange.ts';
import type { AccountContext, Call } from '../../../src/upstream/pipeline.ts';
import { accountHash, withTelemetry } from '../../../src/upstream/telemetry.ts';

const ACCOUNT_ID = `0x${'ab'.repeat(32)}`;
const account = {
  accountId: ACCOUNT_ID,
  scope: { kind: 'account', accountId: ACCOUNT_ID },
} as unknown as AccountContext;

const makeCall = (op: Operation, requestId?: string): Call => ({
  op,
  args: {},
  ...(requestId === undefined ? {} : { requestId }),
  account,
  scope: account.scope,
  stats: { cache: 'bypass', budgetWaitMs: 0, attempts: 0 },
});

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ level: 'debug', write: (l) => lines.push(JSON.parse(l)) });
  return { lines, logger };
}

describe('upstream call log lines', () => {
  const run = async (error: Error | undefined) => {
    const { lines, logger } = capture();
    const layer = withTelemetry({ logger })(async (call) => {
      call.stats.attempts = 1;
      call.stats.budgetWaitMs = 40;
      if (error) throw error;
      return 'ok';
    });
    await layer(makeCall(CATALOG.accountInfo, 'r-1')).catch(() => undefined);
    expect(lines).toHaveLength(1);
    return lines[0] as Record<string, unknown>;
  };

  it('a timeout (or deadline) is a warning with its reason, the wait and the request id', async () => {
    const line = await run(new UnavailableError('accountInfo', 'timeout', 'no response in 10 ms'));
    expect(line).toMatchObject({
      level: 'warn',
      msg: 'upstream call failed',
      requestId: 'r-1',
      operation: 'accountInfo',
      outcome: 'unavailable',
      reason: 'timeout',
      attempts: 1,
      budgetWaitMs: 40,
      accountHash: accountHash(ACCOUNT_ID),
    });
    expect(JSON.stringify(line)).not.toContain(ACCOUNT_ID);
  });

  it('a spent budget is an info line; a business rejection and a success only debug', async () => {
    expect(await run(new RateLimitedError('accountInfo', 300, 'budget'))).toMatchObject({
      level: 'info',
      msg: 'upstream budget exhausted',
      retryAfterMs: 300,
    });
    expect(await run(new UpstreamRejectedError('accountInfo', -1005, 'bad', 400))).toMatchObject({
      level: 'debug',
      outcome: 'rejected',
    });
    expect(await run(undefined)).toMatchObject({ level: 'debug', msg: 'upstream call' });
  });

  it('a throwing metrics listener silences neither the log line nor the call', async () => {
    const { lines, logger } = capture();
    const layer = withTelemetry({
      logger,
      emit: () => {
        throw new Error('metrics down');
      },
    })(async () => 'data');
    expect(await layer(makeCall(CATALOG.accountInfo))).toBe('data');
    expect(lines.map((l) => l.msg)).toEqual(['upstream call']);
  });
});

describe('exchange wrapper', () => {
  const wire = (statuses: number[]) => {
    const sent: ExchangeRequest[] = [];
    const exchange: Exchange = {
      async send(request) {
        sent.push(request);
        const status = statuses.shift() ?? 200;
        return { status, text: '{}', retryAfter: null, date: null, contentType: null };
      },
      close() {},
    };
    return { sent, exchange };
  };
  const request: ExchangeRequest = {
    method: 'GET',
    path: '/v1/client/info?x=1',
    headers: { accept: 'application/json' },
    body: undefined,
    timeoutMs: 1_000,
  };

  it('leaves requests outside any call (readiness pings) untouched', async () => {
    const { sent, exchange } = wire([]);
    const observed = observeExchange(exchange, 'http://127.0.0.1:1');
    await observed.send(request);
    expect(sent[0]).toBe(request);
    expect(request.headers).toEqual({ accept: 'application/json' });
  });

  it('logs the second attempt of a call as a retry, with the wait and what came before', async () => {
    const { lines, logger } = capture();
    const { exchange } = wire([503, 200]);
    const observed = observeExchange(exchange, 'http://127.0.0.1:1', { logger });
    const layer = withTelemetry({ logger })(async (call) => {
      await observed.send({ ...request, telemetry: call.telemetry });
      await observed.send({ ...request, telemetry: call.telemetry });
      return 'ok';
    });
    await layer(makeCall(CATALOG.accountInfo, 'r-2'));
    const retry = lines.find((l) => l.msg === 'upstream retry');
    expect(retry).toMatchObject({
      level: 'info',
      requestId: 'r-2',
      operation: 'accountInfo',
      attempt: 2,
      previous: '503',
      waitMs: expect.any(Number),
      accountHash: accountHash(ACCOUNT_ID),
    });
    expect(lines.filter((l) => l.msg === 'upstream attempt').map((l) => l.status)).toEqual([
      503, 200,
    ]);
  });
});

describe('store fallback transitions', () => {
  it('are reported once each way, not once per failing command', async () => {
    const changes: Array<[boolean, string | undefined]> = [];
    const health = new StoreHealth(() => 0, {
      onChange: (healthy, error) => changes.push([healthy, error]),
    });
    const down = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    await health.guard(down, () => 'fallback');
    await health.guard(down, () => 'fallback');
    await health.guard(
      async () => 'store',
      () => 'fallback',
    );
    await health.guard(
      async () => 'store',
      () => 'fallback',
    );
    expect(changes).toEqual([
      [false, 'connect ECONNREFUSED 127.0.0.1:6379'],
      [true, 'connect ECONNREFUSED 127.0.0.1:6379'],
    ]);
  });
});
