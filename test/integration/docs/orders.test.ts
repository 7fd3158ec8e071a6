// @module-tag redis
/**
 * docs/orders.md's GraphQL examples, run as written and in order for a trader without a
 * position, through a real gateway in front of the sandbox (the mark at 3000): every mutation
 * answers its Success member without errors (a variable takes the value of the same-named
 * field in an earlier answer), and the answers are the ones the page shows.
 */
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, remember } from '../../helpers/doc-operations.ts';
import { fencedBlocks, readDoc } from '../../unit/docs/markdown.ts';
import { type AlgoHarness, startAlgo } from '../graphql/algo-harness.ts';

const blocks = fencedBlocks(readDoc('docs/orders.md'), 'graphql');
let h: AlgoHarness;
beforeAll(async () => {
  h = await startAlgo(1);
  await h.moveMid(3000);
});
afterAll(() => h.close());

describe('docs/orders.md', () => {
  it('runs each mutation, in order, each answering what the page says', async () => {
    const trader = h.trader();
    const seen = new Map<string, unknown>();
    const answers: Record<string, Record<string, unknown>> = {};
    for (const block of blocks) {
      for (const { name, variables } of operations(parse(block))) {
        const values = Object.fromEntries(variables.map((v) => [v, seen.get(v)]));
        const r = await h.gql(trader, block, values, {}, name);
        expect(r.errors, name).toBeUndefined();
        const [value] = Object.values(r.data ?? {}) as Record<string, unknown>[];
        expect(value?.__typename, `${name}: ${JSON.stringify(value)}`).toMatch(/Success$/);
        answers[name as string] = value as Record<string, unknown>;
        remember(r.data, seen);
      }
    }
    expect(Object.keys(answers)).toEqual([
      'MarketBuy',
      'RestingBid',
      'MoveBid',
      'CancelBid',
      'StopWhenAccepted',
      'ProtectLong',
      'ClosePosition',
    ]);
    expect(answers.MarketBuy).toMatchObject({
      timedOut: false,
      outcome: { status: 'FILLED', executedQuantity: 0.1 },
    });
    expect(answers.RestingBid).toMatchObject({ timedOut: true, outcome: { status: 'NEW' } });
    expect(answers.MoveBid).toMatchObject({ outcome: { status: 'REPLACED', price: 2600 } });
    expect(answers.CancelBid).toMatchObject({ outcome: { status: 'CANCELLED' } });
    expect(answers.StopWhenAccepted).toMatchObject({ outcome: { status: 'NEW' } });
    expect(answers.ClosePosition).toMatchObject({ flat: true, timedOut: false });
    expect(answers.ClosePosition?.cancelledAlgoOrderIds).toHaveLength(1);
  });
});
