/**
 * One GraphiQL example tab: its document (GraphiQL names the tab after its first operation),
 * its variables, and whose demo token its headers carry. Each tab is a file of this folder,
 * registered in ../graphiql-tabs.ts; the tabs reach the browser in the workspace script
 * (../graphiql-workspace.ts), a cacheable asset, and never in the page.
 */
export interface ExampleTab {
  query: string;
  variables?: Record<string, unknown>;
  /** Whose demo token the tab's headers carry (the page holds the tokens). */
  as: 'trader' | 'brokerAdmin';
}

export type TabRole = ExampleTab['as'];
