/**
 * The "Trading screen" GraphiQL tab's document (registered in the tab list by
 * graphiql-tabs.ts): valid against the schema, one subscription named as the tab, and small
 * (the GraphiQL page has a size bound).
 */
import { Kind, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCREEN_TAB } from '../../../src/plugins/graphiql-screen-tab.ts';
import { schema } from '../../../src/schema/index.ts';

describe('GraphiQL Trading screen tab', () => {
  it('is one valid tradingScreen subscription, run as the trader', () => {
    const document = parse(SCREEN_TAB.query);
    expect(validate(schema, document).map((e) => e.message)).toEqual([]);
    const [op] = document.definitions;
    expect(op?.kind === Kind.OPERATION_DEFINITION && op.operation).toBe('subscription');
    expect(op?.kind === Kind.OPERATION_DEFINITION && op.name?.value).toBe('TradingScreen');
    expect(SCREEN_TAB).toMatchObject({ name: 'Trading screen', as: 'trader' });
    expect(SCREEN_TAB.variables).toEqual({ symbol: 'PERP_BTC_USDC', depth: 5 });
    expect(SCREEN_TAB.query.length).toBeLessThan(1_000);
  });
});
