// @module-tag redis
/**
 * Two gateway processes sharing one Redis (under a unique prefix) in front of one sandbox over
 * HTTP: 20 concurrent repeats of one placeOrder split over both place one order, and an
 * Idempotency-Key replays a createReferralCode and a requestInternalTransfer across replicas.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { dropPrefix, rawRedis } from '../../helpers/redis.ts';
import { type Replica, startReplica } from '../resilience/replicas.ts';
import {
  type GraphQLBody,
  makeCaller,
  REDIS_URL,
  type TestCaller,
  uniquePrefix,
} from '../server/harness.ts';
import {
  clearFaults,
  PLACE,
  type PlaceAnswer,
  restingOrder,
  setFaults,
  upstreamOrders,
} from './harness.ts';

let sandbox: Sandbox;
let a: Replica;
let b: Replica;
let dir: string;
const trader = makeCaller('idem-trader', 'trader');
const receiver = makeCaller('idem-receiver', 'trader');
const admin = makeCaller('idem-admin', 'broker_admin');
const PREFIX = uniquePrefix('idem-replicas');
const TRADER_ADDRESS = `0x${'5a'.repeat(20)}`;

beforeAll(async () => {
  sandbox = await createSandbox();
  for (const c of [trader, receiver, admin]) {
    sandbox.registerAccount({
      accountId: c.entry.accountId,
      key: c.key,
      tradingKey: c.tradingKey,
      role: c.entry.role,
      ...(c === trader ? { userAddress: TRADER_ADDRESS } : {}),
    });
  }
  dir = mkdtempSync(join(tmpdir(), 'svc-idem-'));
  const keystore = join(dir, 'keystore.json');
  writeFileSync(
    keystore,
    JSON.stringify({ principals: [trader, receiver, admin].map((c) => c.entry) }),
  );
  const env = {
    SVC_BASE_URL: sandbox.url,
    SVC_KEYSTORE: keystore,
    REDIS_URL,
    REDIS_KEY_PREFIX: PREFIX,
    GATEWAY_REPLICAS: '2',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_MS: '1000',
    UPSTREAM_TIMEOUT_MS: '2000',
  };
  [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
}, 40_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  const redis = rawRedis();
  await dropPrefix(redis, PREFIX);
  redis.disconnect();
});

interface Answer {
  status: number;
  replayedHeader: string | null;
  body: GraphQLBody & { extensions?: Record<string, unknown> };
}

async function post(
  replica: Replica,
  caller: TestCaller,
  query: string,
  variables: Record<string, unknown>,
  key?: string,
): Promise<Answer> {
  const response = await fetch(replica.graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json;q=0.9',
      authorization: `Bearer ${caller.token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    replayedHeader: response.headers.get('idempotency-replayed'),
    body: (await response.json()) as Answer['body'],
  };
}

const codesOf = (body: GraphQLBody) => (body.errors ?? []).map((e) => e.extensions?.code);
const count = (method: string, path: string, caller: TestCaller) =>
  sandbox.requestCount({ method, path, accountId: caller.entry.accountId });

describe('placeOrder on two replicas', () => {
  it('20 concurrent repeats split over both replicas place one order and all answer it', async () => {
    const input = restingOrder('replicas-20');
    // Slow enough that every repeat arrives while the first is in flight.
    await setFaults(sandbox.url, {
      latencyMs: 300,
      match: { methods: ['POST'], paths: ['/v1/order'] },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(i % 2 ? a : b, trader, PLACE, { input })),
      );
      const placed = answers.map((r) => r.body.data?.placeOrder as PlaceAnswer);
      expect(placed.map((p) => p.__typename)).toEqual(Array(20).fill('PlaceOrderSuccess'));
      expect(new Set(placed.map((p) => p.receipt?.orderId)).size).toBe(1);
      expect(placed.filter((p) => !p.replayed)).toHaveLength(1);
    } finally {
      await clearFaults(sandbox.url);
    }
    expect(count('POST', '/v1/order', trader)).toBe(1);
    const orders = await upstreamOrders(sandbox.url, trader.entry.accountId);
    expect(orders.filter((o) => o.client_order_id === 'replicas-20')).toHaveLength(1);
  });
});

describe('Idempotency-Key across replicas', () => {
  const CREATE_CODE = `mutation($input: CreateReferralCodeInput!) { createReferralCode(input: $input) {
    __typename ... on CreateReferralCodeSuccess { referralCode } ... on Error { code message } } }`;
  const TRANSFER = `mutation($input: RequestInternalTransferInput!) { requestInternalTransfer(input: $input) {
    __typename ... on RequestInternalTransferSuccess { internalTransferRequestId } ... on Error { code message } } }`;
  const code = (referralCode: string) => ({
    input: {
      accountId: trader.entry.accountId,
      referralCode,
      maxRebateRate: 0.3,
      referrerRebateRate: 0.1,
      refereeRebateRate: 0.2,
    },
  });
  const transfer = (nonce: string, amount = 10) => ({
    input: {
      signature: `0x${'ab'.repeat(65)}`,
      userAddress: TRADER_ADDRESS,
      verifyingContract: `0x${'22'.repeat(20)}`,
      message: {
        receiver: receiver.entry.accountId,
        token: 'USDC',
        amount,
        transferNonce: nonce,
        chainId: '421614',
        chainType: 'EVM',
      },
    },
  });

  it('replays a createReferralCode on the other replica; other variables are refused', async () => {
    const key = 'referral-7c1e0c7a-create-1';
    const first = await post(a, admin, CREATE_CODE, code('IDEMREPLICA'), key);
    expect(first.body).toEqual({
      data: {
        createReferralCode: {
          __typename: 'CreateReferralCodeSuccess',
          referralCode: 'IDEMREPLICA',
        },
      },
    });
    expect(first.replayedHeader).toBeNull();
    const again = await post(b, admin, CREATE_CODE, code('IDEMREPLICA'), key);
    expect(again.body).toEqual({ ...first.body, extensions: { idempotency: { replayed: true } } });
    expect(again.replayedHeader).toBe('true');
    expect(count('POST', '/v1/referral/create', admin)).toBe(1);

    const other = await post(b, admin, CREATE_CODE, code('IDEMOTHER'), key);
    expect(other.status).toBe(422);
    expect(codesOf(other.body)).toEqual(['IDEMPOTENCY_MISMATCH']);
    expect(count('POST', '/v1/referral/create', admin)).toBe(1);
    // Without the key the repeat reaches the upstream, which refuses the existing code.
    const unkeyed = await post(a, admin, CREATE_CODE, code('IDEMREPLICA'));
    expect(unkeyed.body.data?.createReferralCode).toMatchObject({ code: 'UPSTREAM_REJECTED' });
  });

  it('replays a requestInternalTransfer: one transfer, the same id on both replicas', async () => {
    const key = 'transfer-0b9d-1';
    const first = await post(b, trader, TRANSFER, transfer('9001'), key);
    const id = (first.body.data?.requestInternalTransfer as { internalTransferRequestId?: number })
      ?.internalTransferRequestId;
    expect(first.body.data?.requestInternalTransfer).toMatchObject({
      __typename: 'RequestInternalTransferSuccess',
    });
    for (const replica of [a, b, a]) {
      const again = await post(replica, trader, TRANSFER, transfer('9001'), key);
      expect(again.body.data?.requestInternalTransfer).toEqual({
        __typename: 'RequestInternalTransferSuccess',
        internalTransferRequestId: id,
      });
      expect(again.replayedHeader).toBe('true');
    }
    expect(count('POST', '/v2/internal_transfer', trader)).toBe(1);
    const other = await post(a, trader, TRANSFER, transfer('9001', 11), key);
    expect(codesOf(other.body)).toEqual(['IDEMPOTENCY_MISMATCH']);
    expect(count('POST', '/v2/internal_transfer', trader)).toBe(1);
  });

  it('a repeat while the first still runs is told to retry, then gets the replay', async () => {
    const key = 'in-flight-1';
    const before = count('POST', '/v1/referral/create', admin);
    await setFaults(sandbox.url, {
      latencyMs: 500,
      match: { methods: ['POST'], paths: ['/v1/referral/create'] },
    });
    try {
      const first = post(a, admin, CREATE_CODE, code('IDEMSLOW'), key);
      // Once the first holds the key (its record exists), the second is told to retry.
      const redis = rawRedis();
      try {
        await expect
          .poll(async () => (await redis.keys(`${PREFIX}:*:idem:key:*`)).length, { timeout: 5_000 })
          .toBeGreaterThan(0);
      } finally {
        redis.disconnect();
      }
      const busy = await post(b, admin, CREATE_CODE, code('IDEMSLOW'), key);
      expect(codesOf(busy.body)).toEqual(['IDEMPOTENCY_IN_PROGRESS']);
      expect(busy.status).toBe(409);
      expect(busy.body.errors?.[0]?.extensions?.retryAfterMs).toBeGreaterThan(0);
      expect((await first).body.data?.createReferralCode).toMatchObject({
        referralCode: 'IDEMSLOW',
      });
    } finally {
      await clearFaults(sandbox.url);
    }
    const replay = await post(b, admin, CREATE_CODE, code('IDEMSLOW'), key);
    expect(replay.replayedHeader).toBe('true');
    expect(count('POST', '/v1/referral/create', admin)).toBe(before + 1);
  });

  it('refuses a key that is too long or holds spaces, before running anything', async () => {
    const before = count('POST', '/v1/referral/create', admin);
    for (const key of ['has space', 'x'.repeat(256)]) {
      const answer = await post(a, admin, CREATE_CODE, code('IDEMBADKEY'), key);
      expect(codesOf(answer.body)).toEqual(['BAD_USER_INPUT']);
      expect(answer.body.errors?.[0]?.message).toMatch(/Idempotency-Key: 1 to 255 printable/);
    }
    expect(count('POST', '/v1/referral/create', admin)).toBe(before);
  });
});
