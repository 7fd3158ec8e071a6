import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, SandboxClient } from '../../helpers/sandbox-client.ts';
import { cid, type Fixture, startFixture } from './fixtures.ts';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
  const tag = await f.adminClient.put('/v1/broker/order_enum/GRID_PRO', {
    name: 'Grid Pro',
    default_fee_rate: 0.001,
    pair_overrides: { PERP_BTC_USDC: 0.0025 },
  });
  expect(tag.status).toBe(200);
  const code = await f.adminClient.post('/v1/referral/create', {
    account_id: f.other.accountId,
    referral_code: 'FRIEND',
    max_rebate_rate: 0.5,
    referrer_rebate_rate: 0.3,
    referee_rebate_rate: 0.2,
  });
  expect(code.status).toBe(200);
});
afterAll(() => f.sandbox.close());

/** A new trader registered at run time (registerAccount), so positions start flat. */
function fresh(): SandboxClient {
  const account = makeAccount();
  f.sandbox.registerAccount(account.seed);
  return new SandboxClient(f.sandbox.url, account, () => f.clock.now);
}

const limit = (over: Record<string, unknown> = {}) => ({
  symbol: 'PERP_ETH_USDC',
  order_type: 'LIMIT',
  side: 'BUY',
  order_price: 2900,
  order_quantity: 1,
  client_order_id: cid(),
  ...over,
});

async function record(client: SandboxClient, id: string) {
  const r = await client.get(`/v1/client/order/${id}`);
  expect(r.status).toBe(200);
  return r.body.data;
}

describe('POST /v1/order and GET /v1/client/order/{client_order_id}', () => {
  it('creates an order and reads it back', async () => {
    const params = limit({ order_price: 2950.5, order_quantity: 0.25, visible_quantity: 0.1 });
    const r = await f.client.order(params);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.timestamp).toBe(f.clock.now);
    expect(r.body.data).toEqual({
      order_id: expect.any(Number),
      client_order_id: params.client_order_id,
      order_type: 'LIMIT',
      order_price: 2950.5,
      order_quantity: 0.25,
      error_message: 'none',
    });
    const o = await record(f.client, params.client_order_id);
    expect(o).toMatchObject({
      order_id: r.body.data.order_id,
      price: 2950.5,
      type: 'LIMIT',
      quantity: 0.25,
      visible_quantity: 0.1,
      visible: 0.1,
      symbol: 'PERP_ETH_USDC',
      side: 'BUY',
      status: 'NEW',
      total_executed_quantity: 0,
      total_fee: 0,
      fee_asset: 'USDC',
      client_order_id: params.client_order_id,
      average_executed_price: null,
      realized_pnl: 0,
      reduce_only: false,
      order_tag: null,
      margin_mode: 'CROSS',
      created_time: f.clock.now,
    });
    expect(typeof o.user_id).toBe('number');
  });

  it('accepts the reference form of the vector order (numbers as parsed)', async () => {
    const params = {
      symbol: 'PERP_ETH_USDC',
      order_type: 'LIMIT',
      order_price: 1521.03,
      order_quantity: 2.11,
      side: 'BUY',
    };
    // The vector buys ETH at 1521.03: a sandbox of its own whose mark (2000) puts that price
    // within price_scope (a BUY at least mark × 0.6).
    const g = await startFixture();
    try {
      g.sandbox.setMidPrice('PERP_ETH_USDC', 2000);
      const body = `{"symbol": "PERP_ETH_USDC", "order_type": "LIMIT", "order_price": 1521.03, "order_quantity": 2.11, "side": "BUY", "signature": "${g.client.orderSigner.sign(params)}"}`;
      const r = await g.client.request('POST', '/v1/order', undefined, { rawBody: body });
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.client_order_id).toBeNull();
    } finally {
      await g.sandbox.close();
    }
  });

  it('unknown client_order_id: 400 -1006', async () => {
    const r = await f.client.get('/v1/client/order/nope-123');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(-1006);
    const otherAccount = await f.otherClient.get('/v1/client/order/ref');
    expect(otherAccount.body.code).toBe(-1006);
  });

  it('duplicate client_order_id of the same account: 409 -1007; another account may reuse it', async () => {
    const params = limit();
    expect((await f.client.order(params)).status).toBe(200);
    const again = await f.client.order({ ...params, order_price: 2901 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(-1007);
    expect((await f.otherClient.order(params)).status).toBe(200);
  });
});

describe('order validation', () => {
  const cases: [string, Record<string, unknown>, number, RegExp][] = [
    [
      'symbol form',
      { symbol: 'ETH-USDC' },
      -1005,
      /symbol: must have the form PERP_<BASE>_<QUOTE>/,
    ],
    ['unknown symbol', { symbol: 'PERP_DOGE_USDC' }, -1005, /symbol: unknown symbol/],
    ['missing symbol', { symbol: null }, -1005, /symbol: is required/],
    ['order_type enum', { order_type: 'STOP' }, -1005, /order_type: must be one of LIMIT, MARKET/],
    ['side enum', { side: 'LONG' }, -1005, /side: must be one of BUY, SELL/],
    [
      'client_order_id length',
      { client_order_id: 'x'.repeat(37) },
      -1005,
      /client_order_id: must be at most 36/,
    ],
    [
      'client_order_id leading hyphen',
      { client_order_id: '-abc' },
      -1005,
      /client_order_id: must not start with "-"/,
    ],
    ['client_order_id with a space', { client_order_id: 'a b' }, -1005, /client_order_id/],
    // The contract's one rule (the gateway's): characters a query needs no escaping for.
    [
      'client_order_id with a dot',
      { client_order_id: 'a.b' },
      -1005,
      /client_order_id: may contain only letters, digits, "-" and "_"/,
    ],
    ['client_order_id with a slash', { client_order_id: 'a/b' }, -1005, /client_order_id: may/],
    ['order_price required for LIMIT', { order_price: null }, -1005, /order_price: is required/],
    [
      'order_price required for IOC',
      { order_type: 'IOC', order_price: null },
      -1005,
      /order_price: is required/,
    ],
    [
      'order_price required for FOK',
      { order_type: 'FOK', order_price: null },
      -1005,
      /order_price/,
    ],
    [
      'order_price required for POST_ONLY',
      { order_type: 'POST_ONLY', order_price: null },
      -1005,
      /order_price/,
    ],
    ['order_price a number', { order_price: '2900' }, -1005, /order_price: must be a number/],
    ['order_price positive', { order_price: -1 }, -1005, /order_price: must be greater than 0/],
    ['order_quantity required', { order_quantity: null }, -1005, /order_quantity: is required/],
    [
      'order_amount only for MARKET, ASK, BID',
      { order_amount: 100 },
      -1005,
      /order_amount: only for MARKET, ASK and BID/,
    ],
    [
      'order_amount with order_quantity',
      { order_type: 'MARKET', order_amount: 100 },
      -1005,
      /not both/,
    ],
    ['order_tag length', { order_tag: 'T'.repeat(37) }, -1005, /order_tag: must be at most 36/],
    [
      'order_tag unknown configuration',
      { order_tag: 'enum:NOPE' },
      -1005,
      /order_tag: no order tag fee configuration NOPE/,
    ],
    [
      'order_tag unknown referral code',
      { order_tag: 'NOCODE' },
      -1005,
      /order_tag: must be an existing referral code/,
    ],
    [
      'level above 4',
      { order_type: 'BID', order_price: null, level: 5 },
      -1005,
      /level: must be at most 4/,
    ],
    [
      'level below 0',
      { order_type: 'ASK', order_price: null, level: -1 },
      -1005,
      /level: must be at least 0/,
    ],
    [
      'level an integer',
      { order_type: 'ASK', order_price: null, level: 1.5 },
      -1005,
      /level: must be an integer/,
    ],
    [
      'level only with BID/ASK',
      { level: 1 },
      -1005,
      /level: allowed only when order_type is BID or ASK/,
    ],
    [
      'visible_quantity not on POST_ONLY',
      { order_type: 'POST_ONLY', visible_quantity: 0.5 },
      -1005,
      /visible_quantity: not supported for POST_ONLY/,
    ],
    ['visible_quantity at most order_quantity', { visible_quantity: 2 }, -1005, /visible_quantity/],
    [
      'post_only_adjust only on POST_ONLY',
      { post_only_adjust: true },
      -1005,
      /post_only_adjust: allowed only when order_type is POST_ONLY/,
    ],
    ['reduce_only a boolean', { reduce_only: 'true' }, -1005, /reduce_only: must be a boolean/],
    [
      'margin_mode enum',
      { margin_mode: 'PORTFOLIO' },
      -1005,
      /margin_mode: must be one of CROSS, ISOLATED/,
    ],
    ['slippage range', { order_type: 'MARKET', order_price: null, slippage: 2 }, -1005, /slippage/],
    ['unknown parameter', { leverage: 5 }, -1004, /leverage: unknown parameter/],
    ['price off the tick', { order_price: 2900.005 }, -1103, /tick size 0.01/],
    ['quantity off the step', { order_quantity: 0.00001 }, -1104, /quantity step/],
    [
      'below the minimum notional',
      { order_price: 2900, order_quantity: 0.001 },
      -1102,
      /minimum notional/,
    ],
  ];

  it.each(cases)('%s', async (_name, over, code, message) => {
    const r = await f.client.order(limit(over));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code });
    expect(r.body.message).toMatch(message);
  });

  it('accepts the boundaries: 36-character client_order_id with hyphens, level 0 and 4, enum and referral tags', async () => {
    const id = `a${'-'.repeat(34)}z`;
    expect((await f.client.order(limit({ client_order_id: id }))).status).toBe(200);
    for (const level of [0, 4]) {
      const r = await f.client.order(limit({ order_type: 'BID', order_price: null, level }));
      expect(r.status).toBe(200);
    }
    expect((await f.client.order(limit({ order_tag: 'enum:GRID_PRO' }))).status).toBe(200);
    expect((await f.client.order(limit({ order_tag: 'FRIEND' }))).status).toBe(200);
    expect(
      (await f.client.order(limit({ order_type: 'POST_ONLY', post_only_adjust: false }))).status,
    ).toBe(200);
  });

  it('x-recv-window: an order older than the window is refused (401 -1002); a bad value is 400', async () => {
    const old = await f.client.order(limit(), {
      timestamp: f.clock.now - 2_000,
      headers: { 'x-recv-window': '1000' },
    });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe(-1002);
    const ok = await f.client.order(limit(), { headers: { 'x-recv-window': '1000' } });
    expect(ok.status).toBe(200);
    const bad = await f.client.order(limit(), { headers: { 'x-recv-window': 'soon' } });
    expect(bad.body.code).toBe(-1005);
  });
});

describe('the market', () => {
  it('has a mid price, five levels a side and a tick', () => {
    const book = f.sandbox.book('PERP_ETH_USDC');
    expect(book.mid).toBe(3000);
    expect(book.bids.map((l) => l.price)).toEqual([2999.9, 2999.8, 2999.7, 2999.6, 2999.5]);
    expect(book.asks.map((l) => l.price)).toEqual([3000.1, 3000.2, 3000.3, 3000.4, 3000.5]);
    expect(book.asks.map((l) => l.quantity)).toEqual([10, 20, 30, 40, 50]);
  });

  it('LIMIT rests below the ask and crosses at or above it (taker fee)', async () => {
    const c = fresh();
    const rest = limit({ order_price: 2999.9 });
    await c.order(rest);
    expect((await record(c, rest.client_order_id)).status).toBe('NEW');
    const cross = limit({ order_price: 3000.2, order_quantity: 15 });
    await c.order(cross);
    const o = await record(c, cross.client_order_id);
    expect(o.status).toBe('FILLED');
    expect(o.executed_quantity).toBe(15);
    expect(o.average_executed_price).toBeCloseTo((10 * 3000.1 + 5 * 3000.2) / 15, 6);
    expect(o.total_fee).toBeCloseTo((10 * 3000.1 + 5 * 3000.2) * 0.0005, 6);
    const partial = limit({ order_price: 3000.1, order_quantity: 12 });
    await c.order(partial);
    const p = await record(c, partial.client_order_id);
    expect(p.status).toBe('PARTIAL_FILLED');
    expect(p.executed_quantity).toBe(10);
  });

  it('MARKET fills within the slippage and cancels the rest', async () => {
    const c = fresh();
    const all = {
      symbol: 'PERP_ETH_USDC',
      order_type: 'MARKET',
      side: 'BUY',
      order_quantity: 25,
      client_order_id: cid(),
    };
    await c.order(all);
    expect(await record(c, all.client_order_id)).toMatchObject({
      status: 'FILLED',
      executed_quantity: 25,
      price: null,
    });
    const capped = { ...all, client_order_id: cid(), slippage: 0.00005 };
    await c.order(capped);
    expect(await record(c, capped.client_order_id)).toMatchObject({
      status: 'CANCELLED',
      executed_quantity: 10,
    });
    const sell = { ...all, side: 'SELL', order_quantity: 5, client_order_id: cid() };
    await c.order(sell);
    expect((await record(c, sell.client_order_id)).average_executed_price).toBe(2999.9);
    const byAmount = {
      symbol: 'PERP_ETH_USDC',
      order_type: 'MARKET',
      side: 'BUY',
      order_amount: 3000.1,
      client_order_id: cid(),
    };
    await c.order(byAmount);
    expect(await record(c, byAmount.client_order_id)).toMatchObject({
      status: 'FILLED',
      executed_quantity: 1,
      amount: 3000.1,
    });
  });

  it('IOC cancels the rest; FOK fills completely or not at all', async () => {
    const c = fresh();
    const ioc = limit({ order_type: 'IOC', order_price: 3000.2, order_quantity: 40 });
    await c.order(ioc);
    expect(await record(c, ioc.client_order_id)).toMatchObject({
      status: 'CANCELLED',
      executed_quantity: 30,
    });
    const fokNo = limit({ order_type: 'FOK', order_price: 3000.2, order_quantity: 40 });
    await c.order(fokNo);
    expect(await record(c, fokNo.client_order_id)).toMatchObject({
      status: 'CANCELLED',
      executed_quantity: 0,
    });
    const fokYes = limit({ order_type: 'FOK', order_price: 3000.2, order_quantity: 30 });
    await c.order(fokYes);
    expect(await record(c, fokYes.client_order_id)).toMatchObject({
      status: 'FILLED',
      executed_quantity: 30,
    });
  });

  it('POST_ONLY rests, is REJECTED when it would take, and post_only_adjust moves it 1 tick from the best price', async () => {
    const c = fresh();
    const rests = limit({ order_type: 'POST_ONLY', order_price: 3000 });
    await c.order(rests);
    expect((await record(c, rests.client_order_id)).status).toBe('NEW');
    const takes = limit({ order_type: 'POST_ONLY', order_price: 3000.1 });
    const r = await c.order(takes);
    expect(r.body.data.error_message).toMatch(/post-only/);
    expect((await record(c, takes.client_order_id)).status).toBe('REJECTED');
    const adjusted = limit({
      order_type: 'POST_ONLY',
      side: 'SELL',
      order_price: 2999,
      post_only_adjust: true,
    });
    // One tick above the best bid of the whole book: the BUY resting at 3000 or better.
    const shown = await (await fetch(`${f.sandbox.url}/sandbox/markets/PERP_ETH_USDC`)).json();
    const best = shown.data.bids[0].price as number;
    expect(best).toBeGreaterThanOrEqual(3000);
    const a = await c.order(adjusted);
    expect(a.body.data.order_price).toBe(Math.round((best + 0.01) * 100) / 100);
    expect(await record(c, adjusted.client_order_id)).toMatchObject({
      status: 'NEW',
      price: a.body.data.order_price,
    });
  });

  it('ASK and BID take the price of the chosen level, by quantity or amount', async () => {
    const c = fresh();
    const ask = {
      symbol: 'PERP_ETH_USDC',
      order_type: 'ASK',
      side: 'BUY',
      order_quantity: 35,
      level: 2,
      client_order_id: cid(),
    };
    const r = await c.order(ask);
    expect(r.body.data.order_price).toBe(3000.3);
    expect(await record(c, ask.client_order_id)).toMatchObject({
      status: 'FILLED',
      executed_quantity: 35,
      price: 3000.3,
    });
    const bid = {
      symbol: 'PERP_ETH_USDC',
      order_type: 'BID',
      side: 'BUY',
      order_amount: 5999.8,
      client_order_id: cid(),
    };
    await c.order(bid);
    expect(await record(c, bid.client_order_id)).toMatchObject({
      status: 'NEW',
      price: 2999.9,
      quantity: 2,
    });
  });

  it('a resting order fills as maker when the mid moves through it', async () => {
    const c = fresh();
    const rest = limit({ symbol: 'PERP_SOL_USDC', order_price: 140, order_quantity: 1 });
    await c.order(rest);
    f.sandbox.setMidPrice('PERP_SOL_USDC', 139);
    try {
      const o = await record(c, rest.client_order_id);
      expect(o).toMatchObject({
        status: 'FILLED',
        executed_quantity: 1,
        average_executed_price: 140,
      });
      expect(o.total_fee).toBeCloseTo(140 * 0.0002, 8);
      expect(o.updated_time).toBeGreaterThanOrEqual(o.created_time);
    } finally {
      f.sandbox.setMidPrice('PERP_SOL_USDC', 150);
    }
  });

  it('adds the order tag fee (pair override first) on top of the account rate', async () => {
    const c = fresh();
    const btc = {
      symbol: 'PERP_BTC_USDC',
      order_type: 'MARKET',
      side: 'BUY',
      order_quantity: 0.1,
      order_tag: 'enum:GRID_PRO',
      client_order_id: cid(),
    };
    await c.order(btc);
    const o = await record(c, btc.client_order_id);
    expect(o.order_tag).toBe('enum:GRID_PRO');
    expect(o.total_fee).toBeCloseTo(0.1 * 60_001 * (0.0005 + 0.0025), 6);
    const eth = { ...btc, symbol: 'PERP_ETH_USDC', order_quantity: 1, client_order_id: cid() };
    await c.order(eth);
    expect((await record(c, eth.client_order_id)).total_fee).toBeCloseTo(
      3000.1 * (0.0005 + 0.001),
      6,
    );
  });

  it('uses the RWA rates on RWA markets', async () => {
    const c = fresh();
    const xau = {
      symbol: 'PERP_XAU_USDC',
      order_type: 'MARKET',
      side: 'BUY',
      order_quantity: 1,
      client_order_id: cid(),
    };
    await c.order(xau);
    expect((await record(c, xau.client_order_id)).total_fee).toBeCloseTo(2400.1 * 0.0006, 6);
  });
});

describe('positions', () => {
  it('reduce_only closes at most the position and realizes PnL', async () => {
    const c = fresh();
    const open = {
      symbol: 'PERP_NEAR_USDC',
      order_type: 'MARKET',
      side: 'BUY',
      order_quantity: 100,
      client_order_id: cid(),
    };
    await c.order(open);
    expect((await record(c, open.client_order_id)).average_executed_price).toBe(5.001);
    f.sandbox.setMidPrice('PERP_NEAR_USDC', 6);
    try {
      const close = {
        ...open,
        side: 'SELL',
        order_quantity: 150,
        reduce_only: true,
        client_order_id: cid(),
      };
      const r = await c.order(close);
      expect(r.body.data.order_quantity).toBe(100);
      const o = await record(c, close.client_order_id);
      expect(o).toMatchObject({ status: 'FILLED', executed_quantity: 100, reduce_only: true });
      expect(o.realized_pnl).toBeCloseTo(100 * (5.999 - 5.001), 6);
      const again = { ...close, client_order_id: cid() };
      await c.order(again);
      expect((await record(c, again.client_order_id)).status).toBe('REJECTED');
    } finally {
      f.sandbox.setMidPrice('PERP_NEAR_USDC', 5);
    }
  });

  it('reduce_only without a position is REJECTED', async () => {
    const c = fresh();
    const o = limit({ side: 'SELL', order_price: 3100, reduce_only: true });
    const r = await c.order(o);
    expect(r.status).toBe(200);
    expect(r.body.data.error_message).toMatch(/reduce/);
    expect((await record(c, o.client_order_id)).status).toBe('REJECTED');
  });
});

describe('POST /v1/client/margin_mode', () => {
  it('sets the default for later orders; refused while a position or pending order exists', async () => {
    const c = fresh();
    const set = (mode: string) =>
      c.post('/v1/client/margin_mode', { symbol: 'PERP_BTC_USDC', default_margin_mode: mode });
    const ok = await set('ISOLATED');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, timestamp: f.clock.now });
    const pending = limit({ symbol: 'PERP_BTC_USDC', order_price: 50_000, order_quantity: 0.01 });
    await c.order(pending);
    expect((await record(c, pending.client_order_id)).margin_mode).toBe('ISOLATED');
    const refused = await set('CROSS');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(-1012);
    expect(refused.body.message).toMatch(/default_margin_mode/);
    const cancel = await c.cancel('/v1/client/order', {
      client_order_id: pending.client_order_id,
      symbol: 'PERP_BTC_USDC',
    });
    expect(cancel.status).toBe(200);
    expect((await set('CROSS')).status).toBe(200);
    const buy = {
      symbol: 'PERP_BTC_USDC',
      order_type: 'MARKET',
      side: 'BUY',
      order_quantity: 0.01,
      client_order_id: cid(),
    };
    await c.order(buy);
    expect((await record(c, buy.client_order_id)).margin_mode).toBe('CROSS');
    expect((await set('ISOLATED')).body.code).toBe(-1012);
    const explicit = limit({
      symbol: 'PERP_BTC_USDC',
      order_price: 50_000,
      order_quantity: 0.01,
      margin_mode: 'ISOLATED',
    });
    await c.order(explicit);
    expect((await record(c, explicit.client_order_id)).margin_mode).toBe('ISOLATED');
  });

  it('validates symbol and mode', async () => {
    const bad = await f.client.post('/v1/client/margin_mode', {
      symbol: 'PERP_ETH_USDC',
      default_margin_mode: 'BOTH',
    });
    expect(bad.body).toMatchObject({ code: -1005 });
    expect(bad.body.message).toMatch(/default_margin_mode: must be one of CROSS, ISOLATED/);
    const form = await f.client.post('/v1/client/margin_mode', {
      symbol: 'eth',
      default_margin_mode: 'CROSS',
    });
    expect(form.body.message).toMatch(/symbol: must have the form/);
    const extra = await f.client.post('/v1/client/margin_mode', {
      symbol: 'PERP_ETH_USDC',
      default_margin_mode: 'CROSS',
      leverage: 2,
    });
    expect(extra.body.code).toBe(-1004);
  });
});

describe('other order endpoints', () => {
  it('DELETE /v1/order cancels by order_id; cancelling again is 400 -1006', async () => {
    const c = fresh();
    const o = limit();
    const placed = await c.order(o);
    const params = { order_id: String(placed.body.data.order_id), symbol: 'PERP_ETH_USDC' };
    const r = await c.cancel('/v1/order', params);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ status: 'CANCEL_SENT' });
    expect((await record(c, o.client_order_id)).status).toBe('CANCELLED');
    const again = await c.cancel('/v1/order', params);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(-1006);
    const unsigned = await c.request('DELETE', `/v1/order?${new URLSearchParams(params)}`);
    expect(unsigned.body.code).toBe(-1001);
  });

  it('DELETE /v1/orders cancels every pending order of a symbol', async () => {
    const c = fresh();
    const a = limit();
    const b = limit({ order_price: 2800 });
    const keep = limit({ symbol: 'PERP_SOL_USDC', order_price: 100, order_quantity: 1 });
    for (const o of [a, b, keep]) await c.order(o);
    const r = await c.cancel('/v1/orders', { symbol: 'PERP_ETH_USDC' });
    expect(r.body.data).toEqual({ status: 'CANCEL_ALL_SENT' });
    expect((await record(c, a.client_order_id)).status).toBe('CANCELLED');
    expect((await record(c, b.client_order_id)).status).toBe('CANCELLED');
    expect((await record(c, keep.client_order_id)).status).toBe('NEW');
  });

  it('PUT /v1/order edits price and quantity; a crossing price fills', async () => {
    const c = fresh();
    const o = limit();
    const placed = await c.order(o);
    const edit = {
      order_id: placed.body.data.order_id,
      symbol: 'PERP_ETH_USDC',
      side: 'BUY',
      order_type: 'LIMIT',
      order_price: 3000.1,
      order_quantity: 2,
    };
    const r = await c.put('/v1/order', c.signed(edit));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ status: 'EDIT_SENT' });
    expect(await record(c, o.client_order_id)).toMatchObject({
      status: 'FILLED',
      price: 3000.1,
      quantity: 2,
    });
    const side = await c.put('/v1/order', c.signed({ ...edit, side: 'SELL' }));
    expect(side.body.code).toBe(-1005);
  });

  it('POST /v1/batch-order places several signed orders', async () => {
    const c = fresh();
    const orders = [limit(), limit({ order_price: 2800 })].map((o) => c.signed(o));
    const r = await c.post('/v1/batch-order', { orders });
    expect(r.status).toBe(200);
    expect(r.body.data.rows).toHaveLength(2);
    expect((await record(c, orders[1]!.client_order_id)).price).toBe(2800);
    const bad = await c.post('/v1/batch-order', { orders: [{ ...orders[0], order_price: 1 }] });
    expect(bad.body.code).toBe(-1001);
    expect(bad.body.message).toMatch(/orders\[0\]\.signature/);
  });
});
