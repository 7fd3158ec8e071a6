/**
 * GraphiQL at `/graphql` for browsers, as a workspace: example tabs (account, trading,
 * portfolio, live updates, live market, admin) that run as they open against the embedded
 * sandbox's demo principals — the admin tab carries the broker admin's token, every other tab the trader's.
 * Subscriptions run over SSE (yoga's GraphiQL default), so they carry the tab's headers. The page is
 * a few KB; GraphiQL's JavaScript, CSS and workers are separate cacheable files served by this
 * process (graphiql-assets.ts), so it works without internet access.
 */
import type { GraphiQLOptions } from 'graphql-yoga';
import type { DemoTokens } from '../embedded.ts';
import { graphiqlAssets } from './graphiql-assets.ts';

export type GraphiQLRenderer = (options?: GraphiQLOptions) => string;

export const DEFAULT_QUERY = `# Press ▶ to run. The token is under Headers.
query Account {
  account {
    id
    email
    accountMode
    maxLeverage
    feeRates {
      kind
      makerFeeRate
      takerFeeRate
    }
  }
}
`;

export interface ExampleTab {
  query: string;
  variables?: Record<string, unknown>;
  /** Whose demo token the tab's headers carry. */
  as: 'trader' | 'brokerAdmin';
}

/** The workspace's tabs, in order; GraphiQL names each after its operation. */
export const EXAMPLE_TABS: readonly ExampleTab[] = [
  { query: DEFAULT_QUERY, as: 'trader' },
  {
    query: `# Trading, as the demo trader: a limit order.
# Edit the variables and press ▶ again; a
# clientOrderId is generated when omitted.
mutation PlaceOrder($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    __typename
    ... on PlaceOrderSuccess {
      receipt { orderId clientOrderId }
      order { clientOrderId status filledFraction }
    }
    ... on InputError { field rule }
    ... on Error { code message }
  }
}
`,
    variables: {
      input: {
        symbol: 'PERP_BTC_USDC',
        orderType: 'LIMIT',
        side: 'BUY',
        orderPrice: 55000,
        orderQuantity: 0.01,
      },
    },
    as: 'trader',
  },
  {
    query: `# Trading, as the demo trader: the open-orders
# list and what its buttons do. Pick an operation
# from ▶'s menu. PlaceOrders places a ladder (its
# fixed clientOrderIds replay on a re-run); copy an
# orderId from OpenOrders into the edit variables.
query OpenOrders($first: Int, $after: String) {
  account {
    orders(filter: { status: INCOMPLETE }, first: $first, after: $after) {
      totalCount
      edges { node { orderId clientOrderId symbol side price quantity status } }
      pageInfo { hasNextPage endCursor }
    }
  }
}

mutation PlaceOrders($ladder: [PlaceOrderInput!]!) {
  placeOrders(inputs: $ladder) {
    ... on PlaceOrdersSuccess {
      results {
        __typename
        ... on PlaceOrderSuccess { replayed receipt { orderId clientOrderId } }
        ... on BatchItemError { index upstreamMessage }
      }
    }
    ... on Error { code message }
  }
}

mutation EditOrder($edit: EditOrderInput!) {
  editOrder(input: $edit) {
    __typename
    ... on EditOrderSuccess { status order { orderId price quantity status } }
    ... on InputError { field rule }
    ... on Error { code message }
  }
}

mutation CancelOrder($cancel: CancelOrderInput!) {
  cancelOrder(input: $cancel) {
    __typename
    ... on CancelOrderSuccess { status order { clientOrderId status } }
    ... on Error { code message }
  }
}
`,
    variables: {
      first: 10,
      ladder: [54_000, 53_000, 52_000].map((price, i) => ({
        symbol: 'PERP_BTC_USDC',
        orderType: 'LIMIT',
        side: 'BUY',
        orderPrice: price,
        orderQuantity: 0.01,
        clientOrderId: `btc-ladder-${i + 1}`,
      })),
      edit: {
        orderId: 'paste one from OpenOrders',
        symbol: 'PERP_BTC_USDC',
        side: 'BUY',
        orderType: 'LIMIT',
        orderPrice: 54_500,
        orderQuantity: 0.02,
      },
      cancel: { symbol: 'PERP_BTC_USDC', clientOrderId: 'btc-ladder-3' },
    },
    as: 'trader',
  },
  {
    query: `# Portfolio, as the demo trader: margin
# settings per symbol and referee rebates.
query Portfolio($from: Date, $to: Date) {
  account {
    maxLeverage
    feeRates { kind makerFeeRate takerFeeRate }
    imrFactors { symbol value }
    maxNotionals { symbol value }
  }
  refereeRebateSummary(startDate: $from, endDate: $to) {
    totalRefereeRebate
    days { date refereeRebate }
  }
}
`,
    variables: { from: '2024-01-01', to: '2024-12-31' },
    as: 'trader',
  },
  {
    query: `# Live, as the demo trader (over SSE): press ▶,
# then place an order in another tab; each change
# of your orders arrives here. ■ stops.
subscription OrderUpdates($symbol: String) {
  orderUpdates(symbol: $symbol) {
    clientOrderId
    orderId
    symbol
    side
    status
    price
    quantity
    executedQuantity
    fill { price quantity fee }
    timestamp
  }
}
`,
    variables: { symbol: 'PERP_BTC_USDC' },
    as: 'trader',
  },
  {
    query: `# Live and public: one symbol's 24-hour ticker,
# about every second.
subscription Ticker($symbol: String!) {
  ticker(symbol: $symbol) { symbol open close high low volume count }
}
`,
    variables: { symbol: 'PERP_BTC_USDC' },
    as: 'trader',
  },
  {
    query: `# Live market, public: the order book (the
# current book at once, then each change), and
# the trades as they print (▶'s menu). Move the
# market: POST <sandbox>/sandbox/markets/
# PERP_BTC_USDC/mid {"price": 60100}.
subscription Market($symbol: String!, $depth: Int) {
  orderBook(symbol: $symbol, depth: $depth) {
    timestamp
    asks { price quantity }
    bids { price quantity }
  }
}

subscription MarketTrades($symbol: String!) {
  marketTrades(symbol: $symbol) { side price quantity timestamp }
}
`,
    variables: { symbol: 'PERP_BTC_USDC', depth: 5 },
    as: 'trader',
  },
  {
    query: `# Broker admin: this tab's headers hold the
# demo broker admin's token (a trader gets
# FORBIDDEN here).
query ReferralAdmin {
  referralAdminInfo(page: 1, size: 10, sortBy: TOTAL_INVITES) {
    rows {
      accountId
      totalInvites
      referralCodes { code referrerRebateRate }
    }
    meta { currentPage total totalPages hasNextPage }
  }
}
`,
    as: 'brokerAdmin',
  },
];

export interface GraphiQLSetup {
  /** Embedded mode's demo principals: their tokens go in the tabs' headers. */
  demoTokens?: DemoTokens;
}

const bearer = (token: string) => JSON.stringify({ Authorization: `Bearer ${token}` }, null, 2);

export function graphiqlOptions({ demoTokens }: GraphiQLSetup): GraphiQLOptions {
  const defaultTabs = EXAMPLE_TABS.map((tab) => ({
    query: tab.query,
    variables: tab.variables ? JSON.stringify(tab.variables, null, 2) : null,
    headers: demoTokens ? bearer(demoTokens[tab.as]) : null,
  }));
  return {
    title: 'svc-graphql',
    defaultQuery: DEFAULT_QUERY,
    defaultTabs,
    // New tabs (+) start as the demo trader too.
    ...(demoTokens ? { defaultHeaders: bearer(demoTokens.trader) } : {}),
    // Headers are not persisted in the browser's storage: tokens stay out of localStorage.
    shouldPersistHeaders: false,
    defaultEditorToolsVisibility: 'headers',
  };
}

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/** The page: @graphql-yoga/render-graphiql's markup, with its inlined bundle as file links. */
export function renderWorkspace(options: GraphiQLOptions = {}): string {
  const assets = graphiqlAssets();
  const workers = Object.fromEntries(
    Object.entries(assets.workers).map(([label, asset]) => [label, asset.path]),
  );
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options.title ?? 'GraphiQL')}</title>
    <link rel="icon" href="${assets.favicon.path}" />
    <link rel="stylesheet" href="${assets.css.path}" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run this app.</noscript>
    <div id="root"></div>
    <script>
      self.MonacoEnvironment = {
        globalAPI: false,
        getWorkerUrl: (_moduleId, label) => (${scriptJson(workers)})[label],
      };
    </script>
    <script src="${assets.js.path}"></script>
    <script>
      // GraphiQL keeps its tabs in the window's sessionStorage, not localStorage: two windows
      // never overwrite each other's tabs. Headers are never stored and the demo tokens
      // change with every start, so each load opens on the example tabs (history stays).
      let storage;
      try {
        storage = window.sessionStorage;
        for (const key of ['tabState', 'query', 'variables', 'headers'])
          storage.removeItem('graphiql:' + key);
      } catch {}
      YogaGraphiQL.renderYogaGraphiQL(
        document.querySelector('#root'),
        Object.assign(${scriptJson(options)}, storage ? { storage } : {}),
      );
    </script>
  </body>
</html>
`;
}

/** The renderer, memoized on its options (the same page for every request). */
export function createGraphiQLRenderer(): GraphiQLRenderer {
  let cached: { key: string; html: string } | undefined;
  return (options) => {
    const key = JSON.stringify(options ?? {});
    if (cached?.key !== key) cached = { key, html: renderWorkspace(options) };
    return cached.html;
  };
}
