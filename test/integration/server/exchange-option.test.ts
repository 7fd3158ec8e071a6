// @module-tag redis
/**
 * `GatewayOptions.exchange` (bench/cpu-per-op.ts `--canned`): the gateway sends its upstream
 * attempts through the exchange it is given — signed as always — and answers from its replies.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import type { Exchange, ExchangeRequest } from '../../../src/upstream/exchange.ts';
import { createHttpExchange } from '../../../src/upstream/http-exchange.ts';
import {
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  uniquePrefix,
} from './harness.ts';

let sandbox: Sandbox;
let running: Running;
const trader = makeCaller('exchange-trader', 'trader');
const sent: ExchangeRequest[] = [];

beforeAll(async () => {
  sandbox = await createSandbox({ log: () => {} });
  registerCallers(sandbox, [trader]);
  const wire = createHttpExchange(sandbox.url);
  const exchange: Exchange = {
    send: (request) => {
      sent.push(request);
      return wire.send(request);
    },
    close: () => wire.close(),
  };
  running = await startGateway({
    prefix: uniquePrefix('exchange-option'),
    upstreamUrl: sandbox.url,
    keystore: { principals: [trader.entry] },
    env: { CACHE_ENABLED: 'false', LOG_LEVEL: 'warn' },
    exchange,
  });
});
afterAll(async () => {
  await running?.close();
  await sandbox?.close();
});

it('sends every upstream attempt through the given exchange, signed', async () => {
  sandbox.resetRequestLog();
  const { status, body } = await running.gql('{ account { id } }', { token: trader.token });
  expect(status).toBe(200);
  expect(body.data).toEqual({ account: { id: trader.entry.accountId } });
  const reads = sent.filter((request) => request.path === '/v1/client/info');
  expect(reads).toHaveLength(1);
  expect(reads[0]?.method).toBe('GET');
  expect(reads[0]?.headers['svc-account-id']).toBe(trader.entry.accountId);
  expect(reads[0]?.headers['svc-signature']).toMatch(/\S{40,}/);
  expect(sandbox.requestCount({ path: '/v1/client/info' })).toBe(1);
});
