/**
 * Leverage per symbol and margin mode over real HTTP: reads, both update paths with their
 * refusals (nothing changes on a refusal), and the margin the engine asks at that leverage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxClient } from '../../helpers/sandbox-client.ts';
import { ETH, openPosition } from './algo.ts';
import { type Fixture, startFixture } from './fixtures.ts';
import { fresh } from './lifecycle.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.sandbox.close());

const read = async (c: SandboxClient, q = `symbol=${ETH}`) => {
  const r = await c.get(`/v1/client/leverage?${q}`);
  expect(r.status, r.text).toBe(200);
  return r.body.data;
};

describe('leverage', () => {
  it('reads the symbol maximum by default; each path sets one symbol and mode', async () => {
    const c = fresh(f);
    expect(await read(c)).toEqual({ symbol: ETH, margin_mode: 'CROSS', leverage: 20 });
    const plural = await c.post('/v1/client/leverages', { symbol: ETH, leverage: 5 });
    expect(plural.body.data).toEqual({ symbol: ETH, margin_mode: 'CROSS', leverage: 5 });
    const singular = await c.post('/v1/client/leverage', {
      symbol: ETH,
      leverage: 3,
      margin_mode: 'ISOLATED',
    });
    expect(singular.status, singular.text).toBe(200);
    expect(await read(c)).toMatchObject({ leverage: 5 });
    expect(await read(c, `symbol=${ETH}&margin_mode=ISOLATED`)).toMatchObject({
      margin_mode: 'ISOLATED',
      leverage: 3,
    });
    const rows = (await c.get('/v1/client/leverages')).body.data.rows;
    expect(rows).toContainEqual({ symbol: ETH, margin_mode: 'ISOLATED', leverage: 3 });
    expect(rows).toContainEqual({ symbol: 'PERP_BTC_USDC', margin_mode: 'CROSS', leverage: 20 });
  });

  it('without a symbol sets every symbol, each capped at its maximum', async () => {
    const c = fresh(f);
    const r = await c.post('/v1/client/leverage', { leverage: 50 });
    expect(r.body.data).toEqual({ margin_mode: 'CROSS', leverage: 50 });
    expect(await read(c)).toMatchObject({ leverage: 20 });
    await c.post('/v1/client/leverages', { leverage: 2 });
    expect(await read(c, 'symbol=PERP_SOL_USDC')).toMatchObject({ leverage: 2 });
  });

  it('refuses a bad leverage, symbol or mode, and one the position or the margin cannot take', async () => {
    const c = fresh(f, 5_000);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ symbol: ETH, leverage: 0 }, -1005, /^leverage: must be at least 1$/],
      [{ symbol: ETH, leverage: 101 }, -1005, /^leverage: must be at most 100$/],
      [{ symbol: ETH, leverage: 2.5 }, -1005, /^leverage: must be an integer$/],
      [{ symbol: ETH, leverage: 21 }, -1005, /^leverage: at most 20 for PERP_ETH_USDC$/],
      [{ symbol: 'PERP_ETH', leverage: 5 }, -1005, /^symbol: must have the form/],
      [
        { symbol: ETH, leverage: 5, margin_mode: 'HEDGE' },
        -1005,
        /^margin_mode: must be one of CROSS, ISOLATED$/,
      ],
      [{ symbol: ETH }, -1005, /^leverage: is required$/],
      [{ symbol: ETH, leverage: 5, extra: 1 }, -1004, /^extra: unknown parameter/],
    ];
    for (const [body, code, message] of cases) {
      const r = await c.post('/v1/client/leverages', body);
      expect([r.status, r.body.code, r.body.message], JSON.stringify(body)).toEqual([
        400,
        code,
        expect.stringMatching(message),
      ]);
    }
    // 5 000 USDC holds 2.5 ETH (7 500) at 2x, not at 1x.
    await openPosition(c, 1);
    expect((await c.post('/v1/client/leverages', { symbol: ETH, leverage: 2 })).status).toBe(200);
    await openPosition(c, 1.5);
    const margin = await c.post('/v1/client/leverages', { symbol: ETH, leverage: 1 });
    expect([margin.status, margin.body.code, margin.body.message]).toEqual([
      400,
      -1101,
      'leverage: insufficient margin at the new leverage',
    ]);
    expect(await read(c)).toMatchObject({ leverage: 2 });
    const missing = await c.get('/v1/client/leverage');
    expect(missing.body.message).toBe('symbol: is required');
  });

  it("is the engine's margin: a lower leverage freezes more for the same order", async () => {
    const c = fresh(f);
    const frozen = async () => (await c.get('/v1/client/holding')).body.data.holding[0].frozen;
    const resting = {
      symbol: ETH,
      order_type: 'LIMIT',
      side: 'BUY',
      order_price: 2900,
      order_quantity: 1,
    };
    expect((await c.order(resting)).status).toBe(200);
    expect(await frozen()).toBeCloseTo(2900 / 20, 6);
    await c.post('/v1/client/leverages', { symbol: ETH, leverage: 4 });
    expect((await c.order(resting)).status).toBe(200);
    expect(await frozen()).toBeCloseTo(2900 / 20 + 2900 / 4, 6);
    const positions = (await c.get('/v1/positions')).body.data.rows;
    expect(positions[0]).toMatchObject({ symbol: ETH, leverage: 4 });
  });
});
