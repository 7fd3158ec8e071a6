/**
 * GraphiQL workspace: every registered tab valid against the schema; the page small whatever
 * the tabs; the workspace script (a public, cacheable asset) run as a browser would, opening
 * on the tabs with each tab's token from the page, and holding no token itself.
 */
import { runInNewContext } from 'node:vm';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphiqlOptions, renderWorkspace } from '../../../src/plugins/graphiql.ts';
import { graphiqlAssets } from '../../../src/plugins/graphiql-assets.ts';
import { EXAMPLE_TABS } from '../../../src/plugins/graphiql-tabs.ts';
import { schema } from '../../../src/schema/index.ts';
import { readDoc } from '../docs/markdown.ts';

const demoTokens = { trader: 'svcgw_trader_token', brokerAdmin: 'svcgw_admin_token' };
const NAMES = [
  'Account',
  'PlaceOrder',
  'OpenOrders',
  'Portfolio',
  'PortfolioHistory',
  'TpSl',
  'OrderUpdates',
  'TradingScreen',
  'Ticker',
  'Market',
  'ReferralAdmin',
];

/** The `#` lines at the top of a tab's document, as one text. */
const commentOf = (query: string) =>
  query
    .split('\n')
    .filter((line) => line.startsWith('#'))
    .map((line) => line.slice(1).trim())
    .join(' ');

const firstOperation = (query: string | null | undefined) =>
  /(?:query|mutation|subscription) (\w+)/.exec(query ?? '')?.[1];

interface Opened {
  defaultQuery?: string;
  defaultTabs?: { query: string; variables: string | null; headers: string | null }[];
  defaultHeaders?: string;
  shouldPersistHeaders?: boolean;
  storage?: unknown;
  tabHeaders?: unknown;
}

/** Runs the workspace asset, then the page's call, in a bare context; answers GraphiQL's options. */
function openWorkspace(options: object): { opened: Opened; removed: string[] } {
  const removed: string[] = [];
  const sessionStorage = { removeItem: (key: string) => removed.push(key) };
  let opened: Opened | undefined;
  const context: Record<string, unknown> = {
    window: { sessionStorage },
    YogaGraphiQL: { renderYogaGraphiQL: (_root: unknown, o: Opened) => (opened = o) },
  };
  context.self = context;
  runInNewContext(graphiqlAssets().workspace.body.toString(), context);
  (context.svcWorkspace as (root: unknown, o: object) => void)({}, structuredClone(options));
  return { opened: opened as Opened, removed };
}

describe('GraphiQL example tabs', () => {
  it.each(EXAMPLE_TABS.map((tab) => [firstOperation(tab.query), tab] as const))(
    '%s parses and validates against the schema',
    (_name, tab) => {
      expect(validate(schema, parse(tab.query)).map((e) => e.message)).toEqual([]);
      expect(() => JSON.stringify(tab.variables ?? {})).not.toThrow();
    },
  );

  it("open with the trader's token, and the admin tab with the broker admin's", () => {
    const { opened, removed } = openWorkspace(graphiqlOptions({ demoTokens }));
    const tabs = opened.defaultTabs ?? [];
    expect(tabs.map((t) => firstOperation(t.query))).toEqual(NAMES);
    const bearerOf = (headers: string | null | undefined) =>
      (JSON.parse(headers ?? '{}') as { Authorization?: string }).Authorization;
    expect(tabs.map((t) => bearerOf(t.headers))).toEqual([
      ...Array(10).fill('Bearer svcgw_trader_token'),
      'Bearer svcgw_admin_token',
    ]);
    expect(bearerOf(opened.defaultHeaders)).toBe('Bearer svcgw_trader_token');
    expect(opened.shouldPersistHeaders).toBe(false);
    expect(opened.tabHeaders).toBeUndefined();
    // Variables as GraphiQL's editor shows them.
    const placeOrder = EXAMPLE_TABS[1]?.variables;
    expect(JSON.parse(tabs[1]?.variables ?? 'null')).toEqual(placeOrder);
    expect(firstOperation(opened.defaultQuery)).toBe('Account');
    // Each load opens on the examples: the stored tabs of this window are dropped.
    expect(removed).toEqual([
      'graphiql:tabState',
      'graphiql:query',
      'graphiql:variables',
      'graphiql:headers',
    ]);
    expect(opened.storage).toBeDefined();
  });

  it('point to Variables where their comment asks for a change there: Headers opens first', () => {
    expect(graphiqlOptions({}).defaultEditorToolsVisibility).toBe('headers');
    const asking = EXAMPLE_TABS.filter((tab) => /variables/i.test(commentOf(tab.query)));
    expect(asking.map((tab) => firstOperation(tab.query))).toEqual([
      'PlaceOrder',
      'OpenOrders',
      'OrderUpdates',
    ]);
    for (const tab of asking) {
      expect(commentOf(tab.query), firstOperation(tab.query)).toMatch(
        /Variables \(below,? next to Headers/,
      );
    }
  });

  it('follow the order docs/subscriptions.md places: OrderUpdates pins no other symbol', () => {
    const section = readDoc('docs/subscriptions.md').split('## From GraphiQL')[1] ?? '';
    const symbol = /placeOrder\(input: \{ symbol: "(\w+)"/.exec(section)?.[1];
    expect(symbol).toBe('PERP_ETH_USDC');
    const tab = EXAMPLE_TABS.find((t) => firstOperation(t.query) === 'OrderUpdates');
    const pinned = (tab?.variables as { symbol?: string } | undefined)?.symbol;
    expect(pinned === undefined || pinned === symbol, `pinned to ${pinned}`).toBe(true);
  });

  it('without demo principals, carry no headers', () => {
    const { opened } = openWorkspace(graphiqlOptions({}));
    expect(opened.defaultTabs?.map((t) => t.headers)).toEqual(Array(NAMES.length).fill(null));
    expect(opened.defaultHeaders).toBeUndefined();
  });
});

describe('GraphiQL page', () => {
  it('links its assets instead of inlining them, and escapes its options', () => {
    const html = renderWorkspace({ title: 'a<b', defaultQuery: '</script><script>alert(1)' });
    expect(html.length).toBeLessThan(10_000);
    expect(html).toMatch(/<script src="\/graphiql\/graphiql\.[0-9a-f]{16}\.js"><\/script>/);
    expect(html).toMatch(/<script src="\/graphiql\/workspace\.[0-9a-f]{16}\.js"><\/script>/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/graphiql\/graphiql\.[0-9a-f]{16}\.css"/);
    expect(html).toContain('<title>a&lt;b</title>');
    expect(html).not.toContain('</script><script>alert(1)');
  });

  it('links a favicon of a few hundred bytes (SVG), served like the other assets', () => {
    const { favicon, byPath } = graphiqlAssets();
    expect(favicon.contentType).toBe('image/svg+xml');
    expect(favicon.body.length).toBeLessThan(1_024);
    expect(favicon.path).toMatch(/^\/graphiql\/favicon\.[0-9a-f]{16}\.svg$/);
    expect(byPath.get(favicon.path)).toBe(favicon);
    expect(renderWorkspace()).toContain(
      `<link rel="icon" type="image/svg+xml" href="${favicon.path}" />`,
    );
  });

  it("puts a tab's token on a line of its own, short enough to stay in view", () => {
    const token = `svcgw_${'x'.repeat(22)}`; // a demo token: 16 random bytes
    const headers = graphiqlOptions({ demoTokens: { trader: token, brokerAdmin: token } })
      .defaultHeaders as string;
    expect(JSON.parse(headers)).toEqual({ Authorization: `Bearer ${token}` });
    expect(headers.split('\n')).toContain(`    "Bearer ${token}"`);
    expect(Math.max(...headers.split('\n').map((line) => line.length))).toBeLessThanOrEqual(41);
  });

  it('stays small whatever the tabs: they are in the workspace asset, the tokens in the page', () => {
    const html = renderWorkspace(graphiqlOptions({ demoTokens }));
    expect(html.length).toBeLessThan(2_500);
    for (const tab of EXAMPLE_TABS) expect(html).not.toContain(firstOperation(tab.query));
    expect(html).toContain(demoTokens.brokerAdmin);
    const script = graphiqlAssets().workspace.body.toString();
    for (const tab of EXAMPLE_TABS) expect(script).toContain(JSON.stringify(tab.query));
    expect(script).not.toMatch(/svcgw_/);
  });
});
