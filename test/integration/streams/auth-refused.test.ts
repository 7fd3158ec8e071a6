// @module-tag redis
/**
 * An account whose stream key the upstream refuses (carol: known to the gateway, unknown to the
 * sandbox): after a bounded number of refused auths her subscribers get UPSTREAM_UNAVAILABLE
 * (reason STREAM_AUTH_REFUSED) and end, over graphql-ws and SSE; other accounts carry on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LiveHarness,
  type Result,
  sseSubscribe,
  startLive,
  wsClient,
  wsSubscribe,
} from './gateway-harness.ts';

let h: LiveHarness;
beforeAll(async () => {
  h = await startLive();
});
afterAll(() => h.close());

const ORDERS = 'subscription { orderUpdates { clientOrderId status } }';
const refused = (r: Result) => r.errors?.[0]?.extensions?.reason === 'STREAM_AUTH_REFUSED';

describe('refused stream auth', () => {
  it('ends the account subscribers with a typed error, and the hub forgets the stream', async () => {
    const { carol, alice } = h.callers;
    const replica = h.replicas[0]!;
    const aliceClient = wsClient(replica, alice.token);
    const aliceSub = wsSubscribe(aliceClient, ORDERS);
    await expect
      .poll(() => replica.gateway.live.hub.accountReady(alice.entry.accountId), { interval: 10 })
      .toBe(true);

    const client = wsClient(replica, carol.token);
    const ws = wsSubscribe(client, ORDERS);
    const sse = sseSubscribe(replica, ORDERS, { token: carol.token });
    expect(await sse.status).toBe(200);

    for (const sub of [ws, sse]) {
      const result = await sub.next(refused, 10_000);
      expect(result.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(result.errors?.[0]?.message).toMatch(/refused this account's stream authentication/);
      await expect.poll(() => sub.done, { interval: 10 }).toBe(true);
      // Nothing but the error was delivered.
      expect(sub.results).toHaveLength(1);
    }
    expect(replica.gateway.live.hub.stats().accounts).toBe(1);
    const text = await replica.gateway.metrics.render();
    expect(text).toMatch(
      /^svc_graphql_subscriptions_ended_total\{field="orderUpdates",reason="upstream_refused"\} 2$/m,
    );
    // Alice's stream was untouched.
    expect(replica.gateway.live.hub.accountReady(alice.entry.accountId)).toBe(true);
    expect(aliceSub.done).toBe(false);
    aliceSub.stop();
    await client.dispose();
    await aliceClient.dispose();
  });

  it('tries again for a later subscriber, and ends it the same way', async () => {
    const { carol } = h.callers;
    const client = wsClient(h.replicas[0]!, carol.token);
    const sub = wsSubscribe(client, 'subscription { balanceUpdates { token } }');
    const result = await sub.next(refused, 10_000);
    expect(result.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    await expect.poll(() => sub.done, { interval: 10 }).toBe(true);
    await client.dispose();
  });
});
