/**
 * The lifecycle known answers (test/fixtures/signing.json → lifecycleSignatures, vendored
 * from vectors/signing.json) reproduced through the real client pipeline: catalog entry →
 * orders layer → sender, over a fetch that records what would go on the wire.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { createUpstreamClient, type UpstreamClient } from '../../../src/upstream/client.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';

interface CancelCase {
  method: string;
  path: string;
  params: Record<string, string | number>;
  normalized: string;
  orderSignature: string;
  requestPath: string;
  timestamp: number;
  requestSignature: string;
}
interface Fixture {
  orderSignature: { tradingSecret: string; tradingKey: string };
  requestSignature: { secret: string };
  lifecycleSignatures: {
    cancel: CancelCase[];
    edit: { params: Record<string, unknown>; orderSignature: string };
    batch: { items: { params: Record<string, unknown>; orderSignature: string }[] };
  };
}

const fixture: Fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/signing.json', import.meta.url), 'utf8'),
);
const { cancel, edit, batch } = fixture.lifecycleSignatures;
const TIMESTAMP = cancel[0]!.timestamp;

interface Sent {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
}

function recordingClient(data: unknown) {
  const sent: Sent[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({
      method: String(init?.method),
      url: new URL(String(input)),
      headers: init?.headers as Record<string, string>,
      body: init?.body as string | undefined,
    });
    return new Response(JSON.stringify({ success: true, data }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  const { baseUrl: _b, network: _n, ...config } = loadConfig({}).upstream;
  const client = createUpstreamClient({
    baseUrl: 'http://upstream.test',
    config: { ...config, cache: { ...config.cache, enabled: false } },
    store: createMemoryStore(),
    fetch,
    now: () => TIMESTAMP,
  });
  const account = client.forAccount({
    accountId: '0xvectors',
    secret: fixture.requestSignature.secret,
    tradingSecret: fixture.orderSignature.tradingSecret,
  });
  return { client, account, sent };
}

let open: UpstreamClient | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('lifecycle signatures through the pipeline', () => {
  const callFor = (c: CancelCase, account: ReturnType<typeof recordingClient>['account']) => {
    const p = c.params;
    if (c.path === '/v1/order') {
      return account.cancelOrder({ order_id: Number(p.order_id), symbol: String(p.symbol) });
    }
    if (c.path === '/v1/client/order') {
      return account.cancelOrderByClientOrderId({
        client_order_id: String(p.client_order_id),
        symbol: String(p.symbol),
      });
    }
    if (c.path === '/v1/orders') {
      return account.cancelAllOrders(p.symbol === undefined ? {} : { symbol: String(p.symbol) });
    }
    return account.cancelOrders(String(p.order_ids).split(',').map(Number));
  };

  it.each(cancel.map((c) => [c.requestPath.slice(0, 40), c] as const))(
    'cancel %s…: signed query written as the normalized string, request signature over it',
    async (_name, c) => {
      const { client, account, sent } = recordingClient({ status: 'CANCEL_SENT' });
      open = client;
      expect(await callFor(c, account)).toEqual({ status: 'CANCEL_SENT' });
      expect(sent).toHaveLength(1);
      const [request] = sent;
      expect(request!.method).toBe('DELETE');
      expect(request!.url.pathname + request!.url.search).toBe(c.requestPath);
      expect(request!.body).toBeUndefined();
      expect(request!.headers['svc-timestamp']).toBe(String(c.timestamp));
      expect(request!.headers['svc-signature']).toBe(c.requestSignature);
      expect(request!.headers['svc-trading-key']).toBe(fixture.orderSignature.tradingKey);
      // No generated client_order_id, no body: a cancel is not a placement.
      expect(request!.url.searchParams.get('signature')).toBe(c.orderSignature);
    },
  );

  it('edit: the body is the non-null fields plus their signature, sent once', async () => {
    const { client, account, sent } = recordingClient({ status: 'EDIT_SENT' });
    open = client;
    const p = edit.params as Record<string, unknown>;
    await account.editOrder({
      order_id: String(p.order_id),
      symbol: String(p.symbol),
      side: p.side as 'BUY',
      order_type: p.order_type as 'LIMIT',
      order_price: p.order_price as number,
      order_quantity: p.order_quantity as number,
      client_order_id: p.client_order_id as undefined,
      reduce_only: p.reduce_only as boolean,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.url.pathname + sent[0]!.url.search).toBe('/v1/order');
    const body = JSON.parse(sent[0]!.body!) as Record<string, unknown>;
    const { client_order_id: _dropped, ...withoutNulls } = p;
    expect(body).toEqual({ ...withoutNulls, signature: edit.orderSignature });
    expect(sent[0]!.headers['svc-trading-key']).toBe(fixture.orderSignature.tradingKey);
  });

  it('batch: every item carries the signature of its own fields', async () => {
    const rows = batch.items.map((item, i) => ({
      success: true,
      order_id: i + 1,
      client_order_id: item.params.client_order_id,
      order_type: item.params.order_type,
      order_price: item.params.order_price ?? null,
      order_quantity: item.params.order_quantity ?? null,
      order_amount: null,
      error_message: 'none',
    }));
    const { client, account, sent } = recordingClient({ rows });
    open = client;
    const result = await account.batchCreateOrders(batch.items.map((item) => item.params as never));
    expect(result.rows).toHaveLength(batch.items.length);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.pathname).toBe('/v1/batch-order');
    const body = JSON.parse(sent[0]!.body!) as { orders: Record<string, unknown>[] };
    expect(body.orders).toEqual(
      batch.items.map((item) => ({ ...item.params, signature: item.orderSignature })),
    );
  });

  it('batch items without a client_order_id get one each; edits and cancels get none', async () => {
    const { client, account, sent } = recordingClient({ rows: [], status: 'EDIT_SENT' });
    open = client;
    await account.batchCreateOrders([
      { symbol: 'PERP_ETH_USDC', order_type: 'MARKET', side: 'BUY', order_quantity: 1 },
      { symbol: 'PERP_ETH_USDC', order_type: 'MARKET', side: 'SELL', order_quantity: 1 },
    ]);
    await account.editOrder({
      order_id: '7',
      symbol: 'PERP_ETH_USDC',
      side: 'BUY',
      order_type: 'LIMIT',
      order_price: 10,
      order_quantity: 1,
    });
    const items = (JSON.parse(sent[0]!.body!) as { orders: { client_order_id: string }[] }).orders;
    expect(items.map((i) => i.client_order_id)).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
    expect(items[0]!.client_order_id).not.toBe(items[1]!.client_order_id);
    expect(JSON.parse(sent[1]!.body!)).not.toHaveProperty('client_order_id');
  });
});
