// @module-tag redis
/**
 * docs/algo-orders.md's GraphQL examples, run as written and in order for a trader without a
 * position, through a real gateway in front of the sandbox (the mark at 3000): every query and
 * mutation answers without errors and every result is its Success member (a variable takes
 * the value of the same-named field in an earlier answer); the subscription block delivers.
 */
import { Kind, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, remember } from '../../helpers/doc-operations.ts';
import { fencedBlocks, readDoc } from '../../unit/docs/markdown.ts';
import { type AlgoHarness, startAlgo } from '../graphql/algo-harness.ts';
import { sseSubscribe } from '../streams/gateway-harness.ts';

const blocks = fencedBlocks(readDoc('docs/algo-orders.md'), 'graphql');
let h: AlgoHarness;
beforeAll(async () => {
  h = await startAlgo(2);
  await h.moveMid(3000);
});
afterAll(() => h.close());

const isSubscription = (block: string) =>
  parse(block).definitions.some(
    (d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'subscription',
  );

describe('docs/algo-orders.md', () => {
  it('runs each query and mutation, in order, each answering its Success member', async () => {
    const trader = h.trader();
    const seen = new Map<string, unknown>();
    const ran: string[] = [];
    let placedOnce: unknown;
    for (const block of blocks.filter((b) => !isSubscription(b))) {
      for (const { name, variables } of operations(parse(block))) {
        const values = Object.fromEntries(variables.map((v) => [v, seen.get(v)]));
        const r = await h.gql(trader, block, values, {}, name);
        expect(r.errors, name).toBeUndefined();
        for (const value of Object.values(r.data ?? {})) {
          const typename = (value as { __typename?: string }).__typename;
          if (typename) expect(typename, `${name}: ${JSON.stringify(value)}`).toMatch(/Success$/);
        }
        remember(r.data, seen);
        if (name === 'PlaceStopOnce') placedOnce = r.data.placeAlgoOrder;
        ran.push(name as string);
      }
    }
    expect(ran).toEqual([
      'PlaceStopOnce',
      'OpenLong',
      'SetLeverage',
      'Leverage',
      'FullTpSl',
      'PartialTakeProfit',
      'TpSlPanel',
      'StopOrder',
      'MoveStop',
      'CancelStop',
      'AlgoOrders',
      'CancelPartials',
    ]);
    // Its clientOrderId makes the first block's repeat a replay of the same algo order.
    const once = blocks.find((b) => b.includes('PlaceStopOnce')) as string;
    const again = (await h.gql(trader, once)).data.placeAlgoOrder;
    expect(again).toEqual({ ...(placedOnce as object), replayed: true });
    expect(placedOnce).toMatchObject({ replayed: false });
  });

  it('its subscription delivers the trader’s algo-order changes', async () => {
    const trader = h.trader();
    const [block] = blocks.filter(isSubscription);
    const sub = sseSubscribe(h.live.replicas[0]!, block as string, { token: trader.token });
    expect(await sub.status).toBe(200);
    await expect
      .poll(() => h.live.replicas[0]!.gateway.live.hub.accountReady(trader.entry.accountId))
      .toBe(true);
    const stop = `mutation { placeAlgoOrder(input: { symbol: "PERP_ETH_USDC", algoType: STOP,
      side: BUY, type: MARKET, quantity: 0.1, triggerPrice: 3500 }) { __typename } }`;
    expect((await h.gql(trader, stop)).data.placeAlgoOrder.__typename).toBe(
      'PlaceAlgoOrderSuccess',
    );
    const update = await sub.next((r) => r.data?.algoOrderUpdates?.algoType === 'STOP');
    expect(update.data.algoOrderUpdates).toMatchObject({ status: 'NEW', triggerPrice: 3500 });
    sub.stop();
  });
});
