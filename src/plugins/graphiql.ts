/**
 * GraphiQL at `/graphql` for browsers, as a workspace: example tabs (account, trading,
 * portfolio, TP/SL, live updates, live market, admin: graphiql-tabs.ts) that run as they open
 * against the embedded sandbox's demo principals — the admin tab carries the broker admin's
 * token, every other tab the trader's.
 * Subscriptions run over SSE (yoga's GraphiQL default), so they carry the tab's headers. The page is
 * a few KB; GraphiQL's JavaScript, CSS and workers are separate cacheable files served by this
 * process (graphiql-assets.ts), so it works without internet access.
 */
import type { GraphiQLOptions } from 'graphql-yoga';
import type { DemoTokens } from '../embedded.ts';
import { graphiqlAssets } from './graphiql-assets.ts';
import { DEFAULT_QUERY, EXAMPLE_TABS } from './graphiql-tabs.ts';

export type GraphiQLRenderer = (options?: GraphiQLOptions) => string;

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
