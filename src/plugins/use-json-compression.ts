/**
 * Compresses GraphQL JSON answers of at least `minBytes` when the client accepts br or gzip
 * (introspection, a long order list: tens of kilobytes). Written here rather than taken from
 * whatwg-node's `useContentEncoding`, which compresses every response, event streams and
 * one-byte answers included, and inflates request bodies past the body limit. Small answers
 * (most of them) pass untouched and synchronously.
 */
import type { Plugin } from 'graphql-yoga';
import { compress, negotiateEncoding } from './http-encoding.ts';

export interface JsonCompressionOptions {
  /** @default 1024 (below it the headers and the CPU cost more than the bytes saved) */
  minBytes?: number;
}

const JSON_TYPES = /^application\/(?:graphql-response\+)?json\b/;

export function useJsonCompression(options: JsonCompressionOptions = {}): Plugin {
  const minBytes = options.minBytes ?? 1024;
  return {
    onResponse({ request, response, setResponse, fetchAPI }) {
      if (!JSON_TYPES.test(response.headers.get('content-type') ?? '')) return;
      if (response.headers.has('content-encoding') || !response.body) return;
      const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
      if (!encoding) return;
      const length = Number(response.headers.get('content-length'));
      // Known small: untouched, synchronously. Unknown length: read, then decide.
      if (Number.isFinite(length) && length < minBytes) return;
      return response.arrayBuffer().then(async (bytes) => {
        const body = Buffer.from(bytes);
        const headers = new fetchAPI.Headers(response.headers);
        headers.append('vary', 'Accept-Encoding');
        let sent: Buffer = body;
        if (body.length >= minBytes) {
          sent = await compress(body, encoding, 'dynamic');
          headers.set('content-encoding', encoding);
        }
        headers.set('content-length', String(sent.length));
        const view = new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.length);
        setResponse(new fetchAPI.Response(view, { status: response.status, headers }));
      });
    },
  };
}
