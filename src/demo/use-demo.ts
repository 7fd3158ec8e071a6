/**
 * `/demo`: the reference trading screen (demo/, docs/trading-screen.md), served in
 * embedded-sandbox mode only — never with an upstream URL configured, never in production
 * (`demoScreenPlugin`). The page carries the demo trader's token for a loopback peer that no
 * proxy forwarded, as GraphiQL does; anyone else gets the page without it and is asked for a
 * token. The bundle is built on the first request and kept for the process's life.
 */
import type { Plugin } from 'graphql-yoga';
import type { DemoTokens } from '../embedded.ts';
import type { Logger } from '../observability/logger.ts';
import { assetResponse } from '../plugins/asset-response.ts';
import { isLoopbackPeer } from '../plugins/graphiql-peer.ts';
import { CompressedCache } from '../plugins/http-encoding.ts';
import { buildDemoBundle, DEMO_ASSET_PREFIX, DEMO_PATH, type DemoBundle } from './bundle.ts';
import { DEMO_CSP, renderDemoPage } from './page.ts';

export interface DemoScreenOptions {
  /** Embedded mode's demo principals; the trader's token goes into a loopback peer's page. */
  demoTokens?: DemoTokens | undefined;
  logger?: Logger | undefined;
  /** The GraphQL endpoint the page talks to. @default '/graphql' */
  graphqlPath?: string;
  /** Builds the bundle. @default buildDemoBundle (esbuild over demo/) */
  build?: () => Promise<DemoBundle>;
}

const ASSET = { cacheControl: 'public, max-age=31536000, immutable', vary: 'Accept-Encoding' };
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // The page may hold the demo trader's token: never stored, by the browser or anyone else.
  'cache-control': 'no-store',
  'content-security-policy': DEMO_CSP,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

/** The plugin in embedded-sandbox mode outside production, else undefined (no `/demo`). */
export function demoScreenPlugin(
  mode: { embedded: boolean; production: boolean },
  options: DemoScreenOptions,
): Plugin | undefined {
  return mode.embedded && !mode.production ? useDemoScreen(options) : undefined;
}

export function useDemoScreen(options: DemoScreenOptions = {}): Plugin {
  const { demoTokens, logger } = options;
  const build = options.build ?? (() => buildDemoBundle());
  const graphqlPath = options.graphqlPath ?? '/graphql';
  const compressed = new CompressedCache();
  let bundle: Promise<DemoBundle> | undefined;
  const load = () => {
    bundle ??= build().then(
      (built) => {
        const { buildMs, js, css } = built;
        logger?.info('trading screen bundled', {
          buildMs,
          jsBytes: js.body.length,
          cssBytes: css.body.length,
        });
        return built;
      },
      (error: unknown) => {
        bundle = undefined; // the next request tries again (a fixed source, an installed esbuild)
        throw error;
      },
    );
    return bundle;
  };

  return {
    onRequest({ request, url, serverContext, endResponse, fetchAPI }) {
      const path = url.pathname;
      if (path !== DEMO_PATH && !path.startsWith(DEMO_ASSET_PREFIX)) return;
      const { Response } = fetchAPI;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        endResponse(new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } }));
        return;
      }
      const answer = async (): Promise<Response> => {
        const built = await load();
        if (path === DEMO_PATH || path === DEMO_ASSET_PREFIX) {
          const loopback = isLoopbackPeer(request, serverContext);
          const token = loopback && demoTokens ? demoTokens.trader : null;
          const html = renderDemoPage(built, { token, graphqlPath });
          return new Response(request.method === 'HEAD' ? null : html, { headers: PAGE_HEADERS });
        }
        const asset = built.byPath.get(path);
        if (!asset) return new Response('Not found', { status: 404 });
        return assetResponse(fetchAPI, request, compressed, asset, ASSET);
      };
      return answer()
        .catch((error: unknown) => {
          logger?.error('trading screen bundle failed', { error: (error as Error).message });
          const text =
            'The trading screen could not be built from demo/ (it needs the dev dependencies: ' +
            `npm install): ${(error as Error).message}`;
          return new Response(text, { status: 503, headers: { 'content-type': 'text/plain' } });
        })
        .then(endResponse);
    },
  };
}
