/**
 * A static file's answer: 304 when `If-None-Match` names its ETag, else its bytes, compressed
 * per Accept-Encoding (each compressed copy made once per process).
 */
import type { FetchAPI } from 'graphql-yoga';
import type { Asset } from './graphiql-assets.ts';
import { type CompressedCache, negotiateEncoding } from './http-encoding.ts';

/** True when `If-None-Match` lists `etag` (or `*`); weak and strong forms compare equal. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

export async function assetResponse(
  { Response, Headers }: FetchAPI,
  request: Request,
  compressed: CompressedCache,
  asset: Pick<Asset, 'body' | 'contentType' | 'etag'>,
  policy: { cacheControl: string; vary: string },
): Promise<Response> {
  const headers = new Headers({
    'cache-control': policy.cacheControl,
    etag: asset.etag,
    vary: policy.vary,
  });
  if (matches(request.headers.get('if-none-match'), asset.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
  const body = encoding ? await compressed.get(asset.body, encoding) : asset.body;
  headers.set('content-type', asset.contentType);
  headers.set('content-length', String(body.length));
  if (encoding) headers.set('content-encoding', encoding);
  // A view of the cached bytes, not a copy (the JS bundle is large).
  const view = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
  return new Response(request.method === 'HEAD' ? null : view, { headers });
}
