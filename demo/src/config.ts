/** The settings the gateway wrote into the page (src/demo/page.ts: `#demo-config`). */

export interface ScreenConfig {
  /** The demo trader's bearer token (loopback peers in embedded mode), else null. */
  token: string | null;
  /** The GraphQL endpoint on this origin: queries over HTTP, subscriptions over graphql-ws. */
  graphqlPath: string;
}

export function readConfig(doc: Document): ScreenConfig {
  let parsed: Partial<ScreenConfig> = {};
  try {
    parsed = JSON.parse(doc.getElementById('demo-config')?.textContent ?? '{}');
  } catch {}
  return {
    token: typeof parsed.token === 'string' ? parsed.token : null,
    graphqlPath: typeof parsed.graphqlPath === 'string' ? parsed.graphqlPath : '/graphql',
  };
}
