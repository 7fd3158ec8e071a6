/** GraphiQL workspace: example tabs valid against the schema, tokens where they belong. */
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphiqlOptions, renderWorkspace } from '../../../src/plugins/graphiql.ts';
import { EXAMPLE_TABS } from '../../../src/plugins/graphiql-tabs.ts';
import { schema } from '../../../src/schema/index.ts';

const demoTokens = { trader: 'svcgw_trader_token', brokerAdmin: 'svcgw_admin_token' };

describe('GraphiQL example tabs', () => {
  it('validate against the schema', () => {
    for (const tab of EXAMPLE_TABS) {
      expect(
        validate(schema, parse(tab.query)).map((e) => e.message),
        tab.query,
      ).toEqual([]);
    }
  });

  it("carry the trader's token, and the admin tab the broker admin's", () => {
    const tabs = graphiqlOptions({ demoTokens }).defaultTabs ?? [];
    const names = tabs.map((t) => /(?:query|mutation|subscription) (\w+)/.exec(t.query ?? '')?.[1]);
    expect(names).toEqual([
      'Account',
      'PlaceOrder',
      'OpenOrders',
      'Portfolio',
      'TpSl',
      'OrderUpdates',
      'Ticker',
      'Market',
      'ReferralAdmin',
    ]);
    const bearerOf = (headers: string | null | undefined) =>
      (JSON.parse(headers ?? '{}') as { Authorization?: string }).Authorization;
    expect(tabs.map((t) => bearerOf(t.headers))).toEqual([
      ...Array(8).fill('Bearer svcgw_trader_token'),
      'Bearer svcgw_admin_token',
    ]);
    expect(graphiqlOptions({ demoTokens }).shouldPersistHeaders).toBe(false);
  });

  it('without demo principals, carry no headers', () => {
    const options = graphiqlOptions({});
    expect(options.defaultTabs?.map((t) => t.headers)).toEqual(Array(9).fill(null));
    expect(options.defaultHeaders).toBeUndefined();
  });
});

describe('GraphiQL page', () => {
  it('links its assets instead of inlining them, and escapes its options', () => {
    const html = renderWorkspace({ title: 'a<b', defaultQuery: '</script><script>alert(1)' });
    expect(html.length).toBeLessThan(10_000);
    expect(html).toMatch(/<script src="\/graphiql\/graphiql\.[0-9a-f]{16}\.js"><\/script>/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/graphiql\/graphiql\.[0-9a-f]{16}\.css"/);
    expect(html).toContain('<title>a&lt;b</title>');
    expect(html).not.toContain('</script><script>alert(1)');
  });
});
