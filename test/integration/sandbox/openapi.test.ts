/**
 * GET /sandbox/openapi.json cannot drift from the sandbox: every route of the table is
 * documented with its method, path, query and body; every documented operation is answered
 * by the router (not "no such endpoint", not 405); the document validates as OpenAPI 3; and
 * real answers match the documented `data` schemas.
 */
import { dereference, validate } from '@readme/openapi-parser';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describedEndpoint } from '../../../src/sandbox/openapi.ts';
import { ROUTE_DOCS } from '../../../src/sandbox/openapi-routes.ts';
import { CONTROL_DOCS } from '../../../src/sandbox/openapi-schemas.ts';
import { SANDBOX_ROUTES } from '../../../src/sandbox/routes/index.ts';
import { type Fixture, startFixture } from './fixtures.ts';

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: unknown;
  security: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
  servers?: { url: string }[];
};

let f: Fixture;
let doc: Document;
beforeAll(async () => {
  f = await startFixture();
  const res = await fetch(`${f.sandbox.url}/sandbox/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await res.json()) as Document;
});
afterAll(() => f.sandbox.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

describe('GET /sandbox/openapi.json', () => {
  it('is a valid OpenAPI 3 document naming the sandbox as its server', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: f.sandbox.url }]);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every route of the table, with its query, body and authentication', () => {
    const documented = new Set(operations().map(({ path, method }) => `${method} ${path}`));
    for (const { endpoint: key } of SANDBOX_ROUTES) {
      const route = describedEndpoint(key);
      expect(documented, key).toContain(key);
      const op = doc.paths[route.path]![route.method.toLowerCase()]!;
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(query.sort(), `${key} query`).toEqual([...(route.query ?? [])].sort());
      expect(op.requestBody !== undefined, `${key} body`).toBe(route.body === true);
      const schemes = Object.keys(op.security[0] ?? {}).sort();
      const expected = {
        public: [],
        private: ['accountId', 'key', 'requestSignature', 'timestamp'],
        broker_admin: ['accountId', 'key', 'requestSignature', 'timestamp'],
        trading: ['accountId', 'key', 'requestSignature', 'timestamp', 'tradingKey'],
      }[route.auth ?? 'public'];
      expect(schemes, `${key} security`).toEqual(expected);
    }
    // No description without a route, and every control route is in the document.
    expect(Object.keys(ROUTE_DOCS).sort()).toEqual(SANDBOX_ROUTES.map((r) => r.endpoint).sort());
    const control = operations().filter(({ path }) => path.startsWith('/sandbox/'));
    expect(control.length).toBe(Object.keys(CONTROL_DOCS).length);
    expect(operations().length).toBe(SANDBOX_ROUTES.length + control.length);
  });

  it('documents only operations the router answers', async () => {
    for (const { path, method } of operations()) {
      // Placeholder path parameters: the handler may refuse them, the router must not.
      const url = path.replace(/\{[^}]+\}/g, 'PERP_ETH_USDC');
      const res = await fetch(`${f.sandbox.url}${url}`, { method });
      const body = (await res.json()) as { message?: string };
      expect(res.status, `${method} ${path}`).not.toBe(405);
      expect(body.message ?? '', `${method} ${path}`).not.toMatch(/^no such endpoint/);
    }
  });

  it('describes the answers the sandbox really sends', async () => {
    // OpenAPI 3.0 schemas: `nullable` is an Ajv keyword; 3.0's boolean exclusiveMinimum is not.
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    const resolved = (await dereference(structuredClone(doc) as never)) as unknown as Document;
    const check = (path: string, method: string, body: unknown) => {
      const op = resolved.paths[path]![method]!;
      const schema = op.responses['200']!.content!['application/json']!.schema as object;
      const ok = ajv.validate(schema, body);
      expect(ajv.errors ?? [], `${method} ${path}`).toEqual([]);
      expect(ok).toBe(true);
    };
    const info = await f.client.get('/v1/client/info');
    expect(info.status).toBe(200);
    check('/v1/client/info', 'get', info.body);
    const placed = await f.client.order({
      symbol: 'PERP_ETH_USDC',
      order_type: 'LIMIT',
      side: 'BUY',
      order_price: 2000,
      order_quantity: 0.02,
      client_order_id: 'openapi-1',
    });
    expect(placed.status, placed.text).toBe(200);
    check('/v1/order', 'post', placed.body);
    check('/v1/orders', 'get', (await f.client.get('/v1/orders')).body);
    check('/v1/positions', 'get', (await f.client.get('/v1/positions')).body);
    check('/v1/client/holding', 'get', (await f.client.get('/v1/client/holding')).body);
    const book = await fetch(`${f.sandbox.url}/sandbox/markets/PERP_ETH_USDC`);
    check('/sandbox/markets/{symbol}', 'get', await book.json());
    // The market-data reads, public and signed (the TradingView one without the envelope).
    const publicGet = async (path: string) => (await fetch(`${f.sandbox.url}${path}`)).json();
    const day = Math.floor(f.clock.now / 1000);
    const reads: [string, string, () => Promise<unknown>][] = [
      ['/v1/public/info', '', () => publicGet('/v1/public/info')],
      ['/v1/public/info/{symbol}', '', () => publicGet('/v1/public/info/PERP_ETH_USDC')],
      ['/v1/public/futures', '', () => publicGet('/v1/public/futures')],
      ['/v1/public/futures/{symbol}', '', () => publicGet('/v1/public/futures/PERP_ETH_USDC')],
      [
        '/v1/public/market_trades',
        '',
        () => publicGet('/v1/public/market_trades?symbol=PERP_ETH_USDC'),
      ],
      [
        '/v1/public/funding_rate/{symbol}',
        '',
        () => publicGet('/v1/public/funding_rate/PERP_ETH_USDC'),
      ],
      ['/v1/public/funding_rates', '', () => publicGet('/v1/public/funding_rates')],
      [
        '/v1/tv/kline_history',
        '',
        () =>
          publicGet(
            `/v1/tv/kline_history?symbol=PERP_ETH_USDC&resolution=1h&from=${day - 86_400}&to=${day}`,
          ),
      ],
      [
        '/v1/orderbook/{symbol}',
        '',
        async () => (await f.client.get('/v1/orderbook/PERP_ETH_USDC')).body,
      ],
      [
        '/v1/kline',
        '',
        async () => (await f.client.get('/v1/kline?symbol=PERP_ETH_USDC&type=1m')).body,
      ],
    ];
    for (const [path, , read] of reads) check(path, 'get', await read());
    // The error envelope too.
    const missing = await f.client.get('/v1/order/999999');
    expect(missing.status).toBe(400);
    expect(ajv.validate(resolved.components.schemas.Error as object, missing.body)).toBe(true);
  });
});
