/**
 * Response compression: Accept-Encoding negotiation, a compressed copy made once per body for
 * the large repeated ones (GraphiQL's page and assets), and per request for GraphQL answers
 * above a size (use-json-compression.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip';

type NegotiateWithPreference = (
  available: string[],
  options: { preferred: string[] },
) => string | undefined;
const PREFERRED = ['br', 'gzip', 'identity'];
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The encoding the client prefers among br and gzip (negotiator's q rules); null: identity. */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
  const negotiator = new Negotiator({
    headers: { 'accept-encoding': acceptEncoding ?? undefined },
  });
  // negotiator 1 takes a server preference for equal q values; @types/negotiator (0.6) lacks it.
  const encoding = negotiator.encoding as unknown as NegotiateWithPreference;
  const chosen = encoding.call(negotiator, ['identity', 'br', 'gzip'], { preferred: PREFERRED });
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/**
 * Compresses on zlib's thread pool (not the event loop). A static body, compressed once:
 * brotli quality 6, nearly the best ratio on GraphiQL's bundle in much less time than
 * quality 9 (docs/performance.md). A dynamic one (a GraphQL answer, compressed per request):
 * brotli 4 and gzip 6, zlib's and most servers' defaults for dynamic content.
 */
export function compress(
  body: Buffer,
  encoding: Encoding,
  kind: 'static' | 'dynamic' = 'static',
): Promise<Buffer> {
  const dynamic = kind === 'dynamic';
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: dynamic ? 4 : 6,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gz(body, { level: dynamic ? 6 : 9 });
}

/** Compressed copies made at most once per (body, encoding); the body object is the key. */
export class CompressedCache {
  readonly #copies = new WeakMap<Buffer, Map<Encoding, Promise<Buffer>>>();

  get(body: Buffer, encoding: Encoding): Promise<Buffer> {
    let copies = this.#copies.get(body);
    if (!copies) {
      copies = new Map();
      this.#copies.set(body, copies);
    }
    let copy = copies.get(encoding);
    if (!copy) {
      copy = compress(body, encoding);
      copies.set(encoding, copy);
    }
    return copy;
  }
}
