/** Shared by the algo-order tests: signed algo requests, positions, legs and mark moves. */
import { expect } from 'vitest';
import type { SandboxClient } from '../../helpers/sandbox-client.ts';
import type { Fixture } from './fixtures.ts';

export const ETH = 'PERP_ETH_USDC';

/** POST /v1/algo/order, every object of the tree signed. */
export const placeAlgo = (c: SandboxClient, body: Record<string, unknown>) =>
  c.post('/v1/algo/order', c.signedTree(body));

/** PUT /v1/algo/order, every object of the tree signed. */
export const editAlgo = (c: SandboxClient, body: Record<string, unknown>) =>
  c.put('/v1/algo/order', c.signedTree(body));

/** Places an algo order that must be accepted; returns its root id. */
export async function algo(c: SandboxClient, body: Record<string, unknown>): Promise<number> {
  const r = await placeAlgo(c, body);
  expect(r.status, r.text).toBe(200);
  return r.body.data.order_id as number;
}

/** GET /v1/algo/order/{id}: the row (a root with its legs nested). */
export async function readAlgo(c: SandboxClient, id: number) {
  const r = await c.get(`/v1/algo/order/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.body.data;
}

/** A position opened by a MARKET order against the book (positive: long). */
export async function openPosition(c: SandboxClient, quantity: number, symbol = ETH) {
  const r = await c.order({
    symbol,
    order_type: 'MARKET',
    side: quantity > 0 ? 'BUY' : 'SELL',
    order_quantity: Math.abs(quantity),
  });
  expect(r.status, r.text).toBe(200);
  return r.body.data.order_id as number;
}

export async function positionQty(c: SandboxClient, symbol = ETH): Promise<number> {
  const r = await c.get(`/v1/position/${symbol}`);
  expect(r.status, r.text).toBe(200);
  return r.body.data.position_qty as number;
}

/** Moves the mark through the control endpoint (real HTTP), as a test would move a market. */
export async function moveMark(f: Fixture, price: number, symbol = ETH) {
  const res = await fetch(`${f.sandbox.url}/sandbox/markets/${symbol}/mid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ price }),
  });
  expect(res.status).toBe(200);
}

export const leg = (
  algoType: 'TAKE_PROFIT' | 'STOP_LOSS',
  side: 'BUY' | 'SELL',
  triggerPrice: number,
  over: Record<string, unknown> = {},
) => ({
  symbol: ETH,
  algo_type: algoType,
  side,
  type: 'MARKET',
  trigger_price: triggerPrice,
  reduce_only: true,
  ...over,
});

/** A partial TP/SL of a long ETH position: take profit at `tp`, stop loss at `sl`. */
export const partialLong = (quantity: number, tp?: number, sl?: number) => ({
  symbol: ETH,
  algo_type: 'TP_SL',
  quantity,
  trigger_price_type: 'MARK_PRICE',
  child_orders: [
    ...(tp === undefined ? [] : [leg('TAKE_PROFIT', 'SELL', tp)]),
    ...(sl === undefined ? [] : [leg('STOP_LOSS', 'SELL', sl)]),
  ],
});

/** A full-position TP/SL of a long ETH position. */
export const fullLong = (tp: number, sl: number) => ({
  symbol: ETH,
  algo_type: 'POSITIONAL_TP_SL',
  trigger_price_type: 'MARK_PRICE',
  child_orders: [
    leg('TAKE_PROFIT', 'SELL', tp, { type: 'CLOSE_POSITION' }),
    leg('STOP_LOSS', 'SELL', sl, { type: 'CLOSE_POSITION' }),
  ],
});

/** A STOP order. */
export const stop = (
  side: 'BUY' | 'SELL',
  trigger: number,
  over: Record<string, unknown> = {},
) => ({
  symbol: ETH,
  algo_type: 'STOP',
  side,
  type: 'MARKET',
  quantity: 0.5,
  trigger_price: trigger,
  ...over,
});
