/**
 * The subscription events plugin on the gateway's schema: a subscription's arguments are
 * checked when it subscribes (a bad one refused with the usual BAD_USER_INPUT), its events
 * then execute without checking them again, synchronously; the scope check stays.
 */
import { execute, parse, subscribe } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../src/schema/index.ts';

const trader = { principal: { role: 'trader', credentials: { accountId: 'a' } } };
const screen = (depth: number) =>
  parse(`subscription { tradingScreen(symbol: "PERP_ETH_USDC", depth: ${depth}) { sequence } }`);

describe('subscription events', () => {
  it('refuses a bad argument when subscribing', async () => {
    const refused = await subscribe({ schema, document: screen(51), contextValue: trader });
    expect('errors' in refused && refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'depth',
    });
  });

  it('executes an event at once, without a promise, the scope still checked', () => {
    const event = { sequence: 3 };
    const result = execute({ schema, document: screen(5), rootValue: event, contextValue: trader });
    expect(result).not.toBeInstanceOf(Promise);
    expect(result).toEqual({ data: { tradingScreen: { sequence: 3 } } });
    const anonymous = execute({
      schema,
      document: screen(5),
      rootValue: event,
      contextValue: { principal: null },
    });
    expect('errors' in anonymous && anonymous.errors?.[0]?.extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
