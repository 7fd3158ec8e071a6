/**
 * GraphiQL at `/graphql` for browsers. Its JavaScript and CSS are served from this process
 * (`@graphql-yoga/render-graphiql` inlines them), so it works without internet access.
 */
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { GraphiQLOptions } from 'graphql-yoga';

export type GraphiQLRenderer = (options?: GraphiQLOptions) => string;

export const DEFAULT_QUERY = `# Press ▶ to run. Your bearer token goes under Headers.
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

/** The local renderer, memoized (its page is a few MB). */
export function createGraphiQLRenderer(): GraphiQLRenderer {
  let cached: { key: string; html: string } | undefined;
  return (options) => {
    const key = JSON.stringify(options ?? {});
    if (cached?.key !== key) cached = { key, html: renderGraphiQL(options) };
    return cached.html;
  };
}

export interface GraphiQLSetup {
  /** Pre-fills `Authorization: Bearer <token>` (embedded mode's demo trader). */
  demoToken?: string;
}

export function graphiqlOptions({ demoToken }: GraphiQLSetup): GraphiQLOptions {
  return {
    title: 'svc-graphql',
    defaultQuery: DEFAULT_QUERY,
    ...(demoToken ? { headers: JSON.stringify({ Authorization: `Bearer ${demoToken}` }) } : {}),
    // Headers are not persisted in the browser's storage: tokens stay out of localStorage.
    shouldPersistHeaders: false,
    defaultEditorToolsVisibility: demoToken ? 'headers' : true,
  };
}
