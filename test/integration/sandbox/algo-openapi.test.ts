/**
 * The algo and leverage answers the sandbox really sends match their documented schemas in
 * GET /sandbox/openapi.json (the recursive `AlgoOrder` included), and the documented request
 * bodies accept the bodies the tests send.
 */
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algo, ETH, fullLong, moveMark, openPosition, partialLong, stop } from './algo.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { fresh } from './lifecycle.ts';

type Schema = Record<string, unknown>;
type Op = {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};

let f: Fixture;
let paths: Record<string, Record<string, Op>>;
let components: Schema;
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
beforeAll(async () => {
  f = await startFixture();
  const doc = await (await fetch(`${f.sandbox.url}/sandbox/openapi.json`)).json();
  paths = doc.paths;
  // `#/components/…` references resolve inside each schema checked (AlgoOrder is recursive).
  components = draft7(doc.components) as Schema;
});
afterAll(() => f.sandbox.close());

/** OpenAPI 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` as JSON Schema's numbers (Ajv). */
function draft7(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(draft7);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Schema = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, draft7(v)]));
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    }
  }
  return out;
}

function check(path: string, method: string, body: unknown, part: 'answer' | 'request' = 'answer') {
  const op = paths[path]![method]!;
  const schema =
    part === 'answer'
      ? op.responses['200']!.content!['application/json']!.schema
      : op.requestBody!.content['application/json']!.schema;
  const ok = ajv.validate({ ...(draft7(schema) as Schema), components }, body);
  expect(ajv.errors ?? [], `${method} ${path} ${part}`).toEqual([]);
  expect(ok).toBe(true);
}

describe('algo OpenAPI entries', () => {
  it('describe the answers and accept the bodies', async () => {
    const c = fresh(f);
    await openPosition(c, 1);
    const body = c.signedTree(partialLong(0.2, 3200, 2800));
    check('/v1/algo/order', 'post', body, 'request');
    const placed = await c.post('/v1/algo/order', body);
    check('/v1/algo/order', 'post', placed.body);
    await algo(c, fullLong(3300, 2700));
    const s = await algo(c, stop('BUY', 3100));
    await moveMark(f, 3100);
    check('/v1/algo/orders', 'get', (await c.get('/v1/algo/orders')).body);
    check('/v1/algo/order/{order_id}', 'get', (await c.get(`/v1/algo/order/${s}`)).body);
    const [tp, sl] = (await c.get(`/v1/algo/order/${placed.body.data.order_id}`)).body.data
      .child_orders;
    const edit = c.signedTree({
      order_id: String(placed.body.data.order_id),
      quantity: 0.3,
      child_orders: [
        { order_id: tp.algo_order_id, quantity: 0.3 },
        { order_id: sl.algo_order_id, quantity: 0.3 },
      ],
    });
    check('/v1/algo/order', 'put', edit, 'request');
    check('/v1/algo/order', 'put', (await c.put('/v1/algo/order', edit)).body);
    const cancel = await c.cancel('/v1/algo/orders', { symbol: ETH });
    check('/v1/algo/orders', 'delete', cancel.body);
    check('/v1/client/leverage', 'get', (await c.get(`/v1/client/leverage?symbol=${ETH}`)).body);
    check('/v1/client/leverages', 'get', (await c.get('/v1/client/leverages')).body);
    check(
      '/v1/client/leverages',
      'post',
      (await c.post('/v1/client/leverages', { leverage: 5 })).body,
    );
    check(
      '/v1/client/leverage',
      'post',
      (await c.post('/v1/client/leverage', { symbol: ETH, leverage: 5 })).body,
    );
  });
});
