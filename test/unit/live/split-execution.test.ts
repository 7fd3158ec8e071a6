/**
 * A trading screen frame's execution split around its book (shared with every frame of the
 * symbol and depth) against one execution of the whole selection, on the gateway's schema:
 * the same result and the same JSON key for key, whatever the selection (aliases, the book
 * first, last, twice or alone, fragments inside it, variables); the book's part executed once
 * for two frames that hold it; selections that do not split (fragments or directives at the
 * top) and a failing part run whole, with graphql-js's own errors.
 */
import { type DocumentNode, type ExecutionResult, execute, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { declareShared } from '../../../src/live/shared-parts.ts';
import { executeEvent } from '../../../src/live/split-execution.ts';
import { encode } from '../../../src/live/sse-encode.ts';
import type { TradingScreenModel } from '../../../src/models/trading-screen.ts';
import { schema } from '../../../src/schema/index.ts';
import { book, order, SYMBOL } from '../screen/fixtures.ts';

const BOOK = book(
  [
    [99, 1],
    [98, 0.5],
  ],
  [[101, 2]],
);

function frame(
  over: Partial<TradingScreenModel> = {},
  shared: readonly string[] = ['book'],
): TradingScreenModel {
  const f: TradingScreenModel = {
    symbol: SYMBOL,
    depth: 5,
    sequence: 7,
    timestamp: 1_000,
    book: BOOK,
    markPrice: 100.5,
    openOrders: [order({ price: 98, quantity: 0.5 })],
    algoOrders: [],
    positions: [],
    balances: [{ token: 'USDC', holding: 10, frozen: 0, pendingShort: 0, updatedAt: 1 }],
    funding: null,
    coherent: true,
    ...over,
  } as TradingScreenModel;
  declareShared(f, shared);
  return f;
}

const contextValue = { principal: { role: 'trader', credentials: { accountId: 'a' } } };
const ROOT = `tradingScreen(symbol: "${SYMBOL}", depth: 5)`;
const LEVELS = 'asks { price quantity } bids { price quantity }';

async function both(
  document: DocumentNode,
  event: object,
  variableValues?: Record<string, unknown>,
) {
  const args = { schema, document, contextValue, variableValues: variableValues ?? {} };
  const whole = (await execute({ ...args, rootValue: event })) as ExecutionResult;
  const split = await executeEvent(args, JSON.stringify(variableValues ?? {}), event);
  return { whole, split };
}

const SELECTIONS = [
  `subscription { ${ROOT} { sequence book { timestamp ${LEVELS} } markPrice coherent } }`,
  `subscription { ${ROOT} { book { ${LEVELS} } sequence } }`,
  `subscription { ${ROOT} { sequence markPrice book { bids { price } } } }`,
  `subscription { screen: ${ROOT} { b: book { asks { price } } n: sequence top: book { bids { quantity } } __typename } }`,
  `subscription { ${ROOT} { book { ...Side } openOrders { orderId price } } } fragment Side on OrderBook { asks { price } }`,
  `subscription { ${ROOT} { book { ${LEVELS} } } }`,
  `subscription S($d: Int) { tradingScreen(symbol: "${SYMBOL}", depth: $d) { balances { token } book { timestamp } } }`,
];

describe('split execution', () => {
  it.each(SELECTIONS)('gives what one execution gives: %s', async (query) => {
    const variables = query.includes('$d') ? { d: 5 } : undefined;
    const { whole, split } = await both(parse(query), frame(), variables);
    expect(whole.errors).toBeUndefined();
    expect(split).toEqual(whole);
    expect(JSON.stringify(split)).toBe(JSON.stringify(whole));
    expect(encode(split).toString()).toBe(encode(whole).toString());
  });

  it('executes the book once for the frames that hold it', async () => {
    const document = parse(`subscription { ${ROOT} { sequence book { ${LEVELS} } } }`);
    const args = { schema, document, contextValue };
    const a = (await executeEvent(args, '', frame({ sequence: 1 }))) as ExecutionResult;
    const b = (await executeEvent(args, '', frame({ sequence: 2 }))) as ExecutionResult;
    const c = (await executeEvent(args, '', frame({ book: { ...BOOK } }))) as ExecutionResult;
    const bookOf = (r: ExecutionResult) =>
      (r.data as { tradingScreen: { book: object } }).tradingScreen.book;
    expect(bookOf(b)).toBe(bookOf(a));
    expect(bookOf(c)).not.toBe(bookOf(a));
    expect(bookOf(c)).toEqual(bookOf(a));
  });

  it("splits around several parts: the book and a screen's lists", async () => {
    const shared = ['book', 'openOrders', 'algoOrders', 'balances'];
    const document = parse(
      `subscription { ${ROOT} { sequence book { ${LEVELS} } markPrice coherent openOrders { orderId side price remainingQuantity } positions { quantity } balances { token holding } algoOrders { algoOrderId } } }`,
    );
    const first = frame({ sequence: 1 }, shared);
    const { whole, split } = await both(document, first);
    expect(JSON.stringify(split)).toBe(JSON.stringify(whole));
    expect(encode(split).toString()).toBe(encode(whole).toString());
    const args = { schema, document, contextValue };
    const next = frame({ sequence: 2, openOrders: first.openOrders }, shared);
    const again = (await executeEvent(args, '{}', next)) as ExecutionResult;
    const ordersOf = (r: ExecutionResult) =>
      (r.data as { tradingScreen: { openOrders: object } }).tradingScreen.openOrders;
    expect(ordersOf(again)).toBe(ordersOf(split as ExecutionResult));
  });

  it('runs whole what does not split, and what fails', async () => {
    const fragment = parse(
      `subscription { ${ROOT} { ...F } } fragment F on TradingScreen { book { asks { price } } sequence }`,
    );
    const directive = parse(
      `subscription { ${ROOT} { book @include(if: true) { asks { price } } } }`,
    );
    for (const document of [fragment, directive]) {
      const { whole, split } = await both(document, frame());
      expect(JSON.stringify(split)).toBe(JSON.stringify(whole));
    }
    const broken = frame({ book: { ...BOOK, timestamp: 'soon' as unknown as number } });
    const { whole, split } = await both(
      parse(`subscription { ${ROOT} { sequence book { timestamp } } }`),
      broken,
    );
    expect(whole.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(split)).toBe(JSON.stringify(whole));
  });
});
