/**
 * placeOrder's input rules parsed synchronously inside Pothos' asynchronous validation give
 * exactly what the asynchronous parse of the same schema gives: the same issues (path, message,
 * rule, in order) for any input, and the same parsed value for a valid one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { placeOrderInput } from '../../../src/schema/input-rules.ts';
import { parsedSynchronously, placeOrderInputSync } from '../../../src/schema/order-rules.ts';
import { toInputIssues } from '../../../src/schema/validation.ts';

/** What @pothos/plugin-zod builds for `placeOrder(input:)` around the input type's schema. */
const asPothosArgs = (schema: z.ZodType) =>
  z.looseObject({ input: schema.pipe(z.lazy(() => z.looseObject({}))) });
const before = asPothosArgs(placeOrderInput);
const after = asPothosArgs(placeOrderInputSync);

async function outcome(schema: z.ZodType, input: unknown) {
  try {
    return { data: await schema.parseAsync({ input }) };
  } catch (error) {
    return { issues: toInputIssues(error as z.ZodError) };
  }
}

const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
const number = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -1, 0.5, 1, 2, 1e-7, 1e21, Number.NaN, Number.POSITIVE_INFINITY),
  fc.constant(null),
);
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('PERP_ETH_USDC', 'BTC-USDC', '-abc', 'a b', 'enum:GRID', 'enum:bad!', ''),
  fc.constant(null),
);
const inputs = fc.record({
  symbol: fc.oneof(text, fc.constant(7)),
  orderType: fc.constantFrom('LIMIT', 'MARKET', 'IOC', 'FOK', 'POST_ONLY', 'ASK', 'BID', 'NOPE'),
  side: fc.constantFrom('BUY', 'SELL', 'UP'),
  clientOrderId: maybe(text),
  orderPrice: maybe(number),
  orderQuantity: maybe(number),
  orderAmount: maybe(number),
  visibleQuantity: maybe(number),
  reduceOnly: maybe(fc.oneof(fc.boolean(), fc.constant(null))),
  slippage: maybe(number),
  orderTag: maybe(text),
  level: maybe(fc.oneof(fc.integer({ min: -2, max: 6 }), fc.constant(1.5), fc.constant(null))),
  postOnlyAdjust: maybe(fc.oneof(fc.boolean(), fc.constant(null))),
  marginMode: maybe(fc.constantFrom('CROSS', 'ISOLATED', 'BAD', null)),
});

describe('parsedSynchronously', () => {
  it('answers every input exactly like the asynchronous parse', async () => {
    await fc.assert(
      fc.asyncProperty(inputs, async (input) => {
        expect(await outcome(after, input)).toEqual(await outcome(before, input));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a valid order as parsed, and fails a bad one with its rule', async () => {
    const order = {
      symbol: 'PERP_ETH_USDC',
      orderType: 'LIMIT',
      side: 'BUY',
      orderPrice: 1000,
      orderQuantity: 0.02,
      clientOrderId: 'a-1',
    };
    expect(await outcome(after, order)).toEqual({ data: { input: order } });
    const { issues } = await outcome(after, { ...order, orderPrice: null });
    expect(issues).toEqual([
      {
        field: 'input.orderPrice',
        path: ['input', 'orderPrice'],
        rule: 'requiredForType',
        message: 'is required unless orderType is MARKET, ASK or BID',
      },
    ]);
  });

  it('refuses a schema with asynchronous checks (zod throws)', () => {
    const slow = parsedSynchronously(z.string().refine(async () => true));
    expect(() => slow.parse('x')).toThrow();
  });
});
