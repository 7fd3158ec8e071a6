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
import type { FetchAPI, Plugin } from 'graphql-yoga';
import { ASSET_PREFIX, type Asset, graphiqlAssets } from './graphiql-assets.ts';
import { CompressedCache, negotiateEncoding } from './http-encoding.ts';

export interface GraphiQLAssetsOptions {
  /** Path of the GraphiQL page. @default '/graphql' */
  graphqlEndpoint?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** True when `If-None-Match` lists `etag` (or `*`); weak and strong forms compare equal. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

export function useGraphiQLAssets(options: GraphiQLAssetsOptions = {}): Plugin {
  const endpoint = options.graphqlEndpoint ?? '/graphql';
  const compressed = new CompressedCache();
  /** The last page served, as bytes with its ETag (the page changes only with its options). */
  let page: { html: string; body: Buffer; etag: string } | undefined;

  async function respond(
    { Response, Headers }: FetchAPI,
    request: Request,
    asset: Pick<Asset, 'body' | 'contentType' | 'etag'>,
    cacheControl: string,
    vary: string,
  ): Promise<Response> {
    const headers = new Headers({ 'cache-control': cacheControl, etag: asset.etag, vary });
    if (matches(request.headers.get('if-none-match'), asset.etag)) {
      return new Response(null, { status: 304, headers });
    }
    const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
    const body = encoding ? await compressed.get(asset.body, encoding) : asset.body;
    headers.set('content-type', asset.contentType);
    headers.set('content-length', String(body.length));
    if (encoding) headers.set('content-encoding', encoding);
    // A view of the cached bytes, not a copy (the JS bundle is 5 MB).
    const view = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
    return new Response(request.method === 'HEAD' ? null : view, { headers });
  }

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
      return respond(fetchAPI, request, asset, IMMUTABLE, 'Accept-Encoding').then(endResponse);
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
        const { body, etag } = page;
        // The browser asks for the assets next: start compressing them now (once each).
        const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
        if (encoding) {
          for (const asset of graphiqlAssets().byPath.values()) {
            compressed.get(asset.body, encoding).catch(() => undefined);
          }
        }
        const served = { body, etag, contentType: 'text/html; charset=utf-8' };
        setResponse(
          await respond(fetchAPI, request, served, 'private, no-cache', 'Accept, Accept-Encoding'),
        );
      });
    },
  };
}
