/**
 * The trading screen's HTML: a shell that loads the bundle and hands it its settings in a JSON
 * element (never executed, so the Content-Security-Policy needs no inline script). The demo
 * trader's token is in it only for a loopback peer (use-demo.ts), as in GraphiQL.
 */
import type { DemoBundle } from './bundle.ts';

/** What the page's script reads from `#demo-config` (demo/src/config.ts). */
export interface DemoPageConfig {
  /** The demo trader's bearer token; null: the page asks for one. */
  token: string | null;
  /** The GraphQL endpoint (HTTP and graphql-ws), on this origin. */
  graphqlPath: string;
}

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));

/** Scripts, styles, requests and sockets from this origin only; no frames, forms or plugins. */
export const DEMO_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function renderDemoPage(bundle: Pick<DemoBundle, 'js' | 'css'>, config: DemoPageConfig) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>svc trading screen</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${bundle.css.path}" />
    <script type="module" src="${bundle.js.path}"></script>
  </head>
  <body>
    <noscript>The trading screen needs JavaScript.</noscript>
    <div id="root"></div>
    <script type="application/json" id="demo-config">${scriptJson(config)}</script>
  </body>
</html>
`;
}
