/**
 * The workspace script: GraphiQL's example tabs (graphiql-tabs.ts) and the code that opens the
 * page on them, one JavaScript file served as a content-addressed asset (graphiql-assets.ts),
 * cached by the browser for good. The page (graphiql.ts) only calls
 * `svcWorkspace(root, options)`; its options carry the demo tokens per tab role
 * (`tabHeaders`), which never enter this public file.
 */
import { DEFAULT_QUERY } from './graphiql-tabs/account.ts';
import { EXAMPLE_TABS } from './graphiql-tabs.ts';

/** The tabs as the script holds them: the document, its variables as text, the role. */
const tabsJson = () =>
  JSON.stringify(
    EXAMPLE_TABS.map((tab) => ({
      query: tab.query,
      variables: tab.variables ? JSON.stringify(tab.variables, null, 2) : null,
      as: tab.as,
    })),
  );

/** The script's text (renderYogaGraphiQL comes from GraphiQL's bundle, loaded before it). */
export function workspaceScript(): string {
  return `"use strict";
(() => {
  const tabs = ${tabsJson()};
  const defaultQuery = ${JSON.stringify(DEFAULT_QUERY)};
  /** Opens GraphiQL in root on the example tabs, each with the headers of its role. */
  self.svcWorkspace = (root, { tabHeaders = {}, ...options }) => {
    // GraphiQL keeps its tabs in the window's sessionStorage, not localStorage: two windows
    // never overwrite each other's tabs. Headers are never stored and the demo tokens
    // change with every start, so each load opens on the example tabs (history stays).
    let storage;
    try {
      storage = window.sessionStorage;
      for (const key of ["tabState", "query", "variables", "headers"])
        storage.removeItem("graphiql:" + key);
    } catch {}
    const defaultTabs = tabs.map(({ query, variables, as }) => ({
      query,
      variables,
      headers: tabHeaders[as] ?? null,
    }));
    YogaGraphiQL.renderYogaGraphiQL(root, {
      defaultQuery,
      defaultTabs,
      ...options,
      ...(storage ? { storage } : {}),
    });
  };
})();
`;
}
