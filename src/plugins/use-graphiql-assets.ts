/**
 * Serves GraphiQL's files (graphiql-assets.ts) and makes its page cheap to load again:
 * - `/graphiql/<name>.<hash>.<ext>`: content-addressed, so `Cache-Control: public,
 *   max-age=31536000, immutable`, with a strong ETag; brotli or gzip per Accept-Encoding,
 *   each compressed copy made once per process.
 * - the page itself (yoga renders it at the GraphQL endpoint): compressed the same way, with
 *   an ETag and `private, no-cache` — it holds the demo tokens in embedded mode, so it is
 *   revalidated (304 when unchanged) and never stored by a shared cache.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';
import { assetResponse } from './asset-response.ts';
import { ASSET_PREFIX, graphiqlAssets } from './graphiql-assets.ts';
import { CompressedCache, negotiateEncoding } from './http-encoding.ts';

export interface GraphiQLAssetsOptions {
  /** Path of the GraphiQL page. @default '/graphql' */
  graphqlEndpoint?: string;
}

const ASSET = { cacheControl: 'public, max-age=31536000, immutable', vary: 'Accept-Encoding' };
/** The page holds the demo tokens in embedded mode: revalidated, never in a shared cache. */
const PAGE = { cacheControl: 'private, no-cache', vary: 'Accept, Accept-Encoding' };

/** The browser asks for the assets next: start compressing them now (once each). */
function precompress(compressed: CompressedCache, encoding: ReturnType<typeof negotiateEncoding>) {
  if (!encoding) return;
  for (const asset of graphiqlAssets().byPath.values()) {
    compressed.get(asset.body, encoding).catch(() => undefined);
  }
}

export function useGraphiQLAssets(options: GraphiQLAssetsOptions = {}): Plugin {
  const endpoint = options.graphqlEndpoint ?? '/graphql';
  const compressed = new CompressedCache();
  /** The last page served, as bytes with its ETag (the page changes only with its options). */
  let page: { html: string; body: Buffer; etag: string } | undefined;

  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (!url.pathname.startsWith(ASSET_PREFIX)) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        endResponse(new fetchAPI.Response(null, { status: 405, headers: { allow: 'GET, HEAD' } }));
        return;
      }
      const asset = graphiqlAssets().byPath.get(url.pathname);
      if (!asset) {
        endResponse(new fetchAPI.Response('Not found', { status: 404 }));
        return;
      }
      return assetResponse(fetchAPI, request, compressed, asset, ASSET).then(endResponse);
    },
    // Synchronous for every other response: a promise only for the GraphiQL page.
    onResponse({ request, response, setResponse, fetchAPI }) {
      if (request.method !== 'GET' || response.status !== 200) return;
      if (!response.headers.get('content-type')?.startsWith('text/html')) return;
      if (new URL(request.url).pathname.replace(/\/$/, '') !== endpoint) return;
      return response.text().then(async (html) => {
        if (page?.html !== html) {
          const body = Buffer.from(html);
          const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
          page = { html, body, etag: `"${hash}"` };
        }
        precompress(compressed, negotiateEncoding(request.headers.get('accept-encoding')));
        const served = {
          body: page.body,
          etag: page.etag,
          contentType: 'text/html; charset=utf-8',
        };
        setResponse(await assetResponse(fetchAPI, request, compressed, served, PAGE));
      });
    },
  };
}
