/**
 * docs/market-data.md shows only what runs: each of its GraphQL blocks runs against the
 * sandbox as the demo trader; the queries answer without errors, and the refused order answers
 * the InputError the page prints, word for word.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../helpers/graphql-harness.ts';
import { fencedBlocks, readDoc } from '../../unit/docs/markdown.ts';

const PAGE = readDoc('docs/market-data.md');
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** The JSON a block prints in its `# ` comment lines, when they hold a whole JSON value. */
function printed(block: string): unknown {
  const text = block
    .split('\n')
    .filter((line) => line.startsWith('# '))
    .map((line) => line.slice(2))
    .join('');
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe('docs/market-data.md', () => {
  const blocks = fencedBlocks(PAGE, 'graphql');

  it('has the examples of its sections', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
  });

  blocks.forEach((block, i) => {
    it(`block ${i + 1} runs as the page says`, async () => {
      const answer = await h.exec('trader', block);
      if (/^\s*mutation\b/m.test(block)) {
        // The refused order: the printed InputError word for word, and nothing sent.
        expect(answer).toMatchObject(printed(block) as object);
        expect(h.upstreamCalls({ method: 'POST', path: '/v1/order' })).toBe(0);
      } else {
        expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
        expect(Object.values(answer.data ?? {}).every((v) => v !== null)).toBe(true);
      }
    });
  });
});
