/**
 * GraphiQL at `/graphql` for browsers, as a workspace: example tabs (account, trading,
 * portfolio, TP/SL, live updates, live market, admin: graphiql-tabs.ts) that run as they open
 * against the embedded sandbox's demo principals — the admin tab carries the broker admin's
 * token, every other tab the trader's.
 * Subscriptions run over SSE (yoga's GraphiQL default), so they carry the tab's headers. The page is
 * about 2 KB whatever the tabs: it holds the options and the tokens; GraphiQL's JavaScript, CSS
 * and workers and the tabs' workspace script are separate cacheable files served by this
 * process (graphiql-assets.ts), so it works without internet access.
 */
import type { GraphiQLOptions } from 'graphql-yoga';
import type { DemoTokens } from '../embedded.ts';
import { graphiqlAssets } from './graphiql-assets.ts';
import type { TabRole } from './graphiql-tabs/tab.ts';

export type GraphiQLRenderer = (options?: GraphiQLOptions) => string;

/** GraphiQL's options, plus the headers of each tab role (the workspace script reads them). */
export interface WorkspaceOptions extends GraphiQLOptions {
  tabHeaders?: Record<TabRole, string>;
}

export interface GraphiQLSetup {
  /** Embedded mode's demo principals: their tokens go in the tabs' headers. */
  demoTokens?: DemoTokens;
}

/**
 * A tab's headers: the Authorization value on a line of its own, so the whole token is in view
 * in the Headers pane (the editor does not wrap lines; e2e test/e2e/graphiql.test.ts).
 */
const bearer = (token: string) =>
  `{\n  "Authorization":\n    ${JSON.stringify(`Bearer ${token}`)}\n}`;

export function graphiqlOptions({ demoTokens }: GraphiQLSetup): WorkspaceOptions {
  return {
    title: 'svc-graphql',
    // New tabs (+) start as the demo trader too.
    ...(demoTokens
      ? {
          defaultHeaders: bearer(demoTokens.trader),
          tabHeaders: {
            trader: bearer(demoTokens.trader),
            brokerAdmin: bearer(demoTokens.brokerAdmin),
          },
        }
      : {}),
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

/**
 * The page: @graphql-yoga/render-graphiql's markup, with its inlined bundle as file links, and
 * the workspace script (the tabs) called with the options.
 */
export function renderWorkspace(options: WorkspaceOptions = {}): string {
  const assets = graphiqlAssets();
  const workers = Object.fromEntries(
    Object.entries(assets.workers).map(([label, asset]) => [label, asset.path]),
  );
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options.title ?? 'GraphiQL')}</title>
    <link rel="icon" type="image/svg+xml" href="${assets.favicon.path}" />
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
    <script src="${assets.workspace.path}"></script>
    <script>
      svcWorkspace(document.querySelector('#root'), ${scriptJson(options)});
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
