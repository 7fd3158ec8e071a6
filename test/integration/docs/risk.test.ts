/**
 * docs/risk.md's GraphQL blocks run as the page says: each against the sandbox as the demo
 * trader, answering exactly the JSON printed under it; and what the page says placeOrder answers
 * for the previewed input holds, with no order sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness,
  INPUT_ERROR,
  inputError,
  startHarness,
} from '../../helpers/graphql-harness.ts';
import { fencedBlocks, readDoc } from '../../unit/docs/markdown.ts';

const PAGE = readDoc('docs/risk.md');
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** The JSON a block prints in its `# ` comment lines. */
const printed = (block: string): unknown =>
  JSON.parse(
    block
      .split('\n')
      .filter((line) => line.startsWith('# '))
      .map((line) => line.slice(2))
      .join(''),
  );

const ORDER_WRITES = /^\/v1\/(order|batch-order)$/;

describe('docs/risk.md', () => {
  // The blocks that print their answer (the Position example's figures move with the mark).
  const blocks = fencedBlocks(PAGE, 'graphql').filter((b) => /^# \{/m.test(b));

  it('has the maxOrderQuantity and orderPreview examples', () => {
    expect(blocks.map((b) => /query (\w+)/.exec(b)?.[1])).toEqual([
      'MaxOrderQuantity',
      'OrderPreview',
    ]);
  });

  blocks.forEach((block, i) => {
    it(`block ${i + 1} answers what the page prints, placing nothing`, async () => {
      expect(await h.exec('trader', block)).toEqual(printed(block));
      expect(h.upstreamCalls({ method: 'POST', path: ORDER_WRITES })).toBe(0);
    });
  });

  it('placeOrder refuses the previewed input as the page says, first by the input rules', async () => {
    const input = {
      symbol: 'PERP_ETH_USDC',
      orderType: 'LIMIT',
      side: 'BUY',
      orderPrice: 3100.005,
      orderQuantity: 2500,
    };
    const place = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { ${INPUT_ERROR} } }`;
    const issues = async (variables: Record<string, unknown>) => {
      const r = await h.exec<never>('trader', place, variables);
      expect(r.errors).toBeUndefined();
      const found = inputError(r, 'placeOrder')?.issues ?? [];
      return found.map((issue) => `${issue.field} ${issue.rule}`);
    };
    expect(await issues({ input: { ...input, slippage: 2 } })).toEqual(['input.slippage max']);
    expect(await issues({ input })).toEqual([
      'input.orderPrice tick',
      'input.orderPrice priceRange',
      'input.orderQuantity max',
    ]);
    expect(h.upstreamCalls({ method: 'POST', path: ORDER_WRITES })).toBe(0);
  });
});
