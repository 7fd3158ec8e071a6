/** The limits of the order-lifecycle endpoints (the rows of contract/endpoints.ts), per account. */
import { afterEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointKey } from '../../../src/contract/endpoints.ts';

const limitOf = (key: EndpointKey) => ENDPOINTS[key].limit;

import type { Reply, SandboxClient } from '../../helpers/sandbox-client.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { resting } from './lifecycle.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.sandbox.close();
  f = undefined;
});

type Call = (c: SandboxClient, i: number) => Promise<Reply>;
const ETH = 'PERP_ETH_USDC';

const cases: [EndpointKey, Call][] = [
  ['DELETE /v1/order', (c) => c.cancel('/v1/order', { order_id: '1', symbol: ETH })],
  [
    'DELETE /v1/client/order',
    (c) => c.cancel('/v1/client/order', { client_order_id: 'x', symbol: ETH }),
  ],
  ['DELETE /v1/orders', (c) => c.cancel('/v1/orders', {})],
  ['DELETE /v1/batch-order', (c) => c.cancel('/v1/batch-order', { order_ids: '1' })],
  [
    'DELETE /v1/client/batch-order',
    (c) => c.cancel('/v1/client/batch-order', { client_order_ids: 'x' }),
  ],
  [
    'PUT /v1/order',
    (c) =>
      c.put(
        '/v1/order',
        c.signed({
          order_id: 1,
          symbol: ETH,
          side: 'BUY',
          order_type: 'LIMIT',
          order_price: 1,
          order_quantity: 1,
        }),
      ),
  ],
  ['GET /v1/orders', (c) => c.get('/v1/orders')],
  ['GET /v1/order/{order_id}', (c) => c.get('/v1/order/1')],
  ['GET /v1/positions', (c) => c.get('/v1/positions')],
  ['GET /v1/position/{symbol}', (c) => c.get(`/v1/position/${ETH}`)],
  ['GET /v1/client/holding', (c) => c.get('/v1/client/holding')],
  ['POST /v1/order', (c) => c.order(resting())],
];

describe('lifecycle limits', () => {
  it.each(cases)(
    '%s: its documented count per window, then 429 -1003 with Retry-After',
    async (route, call) => {
      const { limit, windowMs } = limitOf(route);
      f = await startFixture({ limits: {} });
      const start = f.clock.now;
      for (let i = 0; i < limit; i++) {
        const r = await call(f.client, i);
        expect(r.status, `${route} #${i}: ${r.text}`).not.toBe(429);
      }
      const over = await call(f.client, limit);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ success: false, code: -1003 });
      expect(Number(over.headers.get('retry-after'))).toBe(Math.ceil(windowMs / 1000));
      // Another account has its own budget; the window slides.
      expect((await call(f.otherClient, 0)).status).not.toBe(429);
      f.clock.now = start + windowMs;
      expect((await call(f.client, limit + 1)).status).not.toBe(429);
    },
  );

  it('the table says what the facts say', () => {
    expect(limitOf('GET /v1/positions')).toMatchObject({ limit: 30, windowMs: 10_000 });
    expect(limitOf('POST /v1/batch-order')).toMatchObject({
      limit: 1,
      perItem: 'POST /v1/order',
    });
    for (const route of [
      'DELETE /v1/order',
      'PUT /v1/order',
      'GET /v1/orders',
      'GET /v1/client/holding',
    ] as const) {
      expect(limitOf(route)).toMatchObject({ limit: 10, windowMs: 1_000, scope: 'account' });
    }
  });
});
