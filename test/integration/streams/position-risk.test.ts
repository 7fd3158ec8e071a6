// @module-tag redis
/**
 * The risk figures of Position and Positions, end to end against the sandbox (marks pushed
 * every 20 ms): a query's equal the src/risk functions over the sandbox's own state, and a
 * positionUpdates subscriber receives them recomputed when the mark of a symbol it holds
 * moves — one account source per replica however many subscribers, at most one mark-driven
 * event per 250 ms.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import type { TestCaller } from '../server/harness.ts';
import {
  type LiveHarness,
  type Result,
  startLive,
  wsClient,
  wsSubscribe,
} from './gateway-harness.ts';
import { expectedRisk, expectFigures } from './risk-expected.ts';

const ETH = 'PERP_ETH_USDC';
const SOL = 'PERP_SOL_USDC';
const ROW_FIGURES =
  'symbol markPrice notional unrealizedPnl unrealizedRoi initialMargin maintenanceMargin estLiquidationPrice';
const TOTALS = 'totalUnrealizedPnl totalCollateral freeCollateral marginRatio currentLeverage';

let h: LiveHarness;
let sequence = 0;
beforeAll(async () => {
  h = await startLive({
    sandbox: { stream: { market: { markPriceMs: 20 } } },
    // One failed read is one failure (the seed test below).
    env: { UPSTREAM_RETRY_MAX: '0' },
  });
});
afterAll(() => h.close());

const hub = () => h.replicas[0]!.gateway.live.hub;
const trader = (caller: TestCaller) =>
  new SandboxClient(h.sandbox.url, {
    accountId: caller.entry.accountId,
    secret: caller.entry.secret as string,
    tradingSecret: caller.entry.tradingSecret as string,
  });

async function market(caller: TestCaller, symbol: string, side: string, quantity: number) {
  const r = await trader(caller).order({
    symbol,
    order_type: 'MARKET',
    side,
    order_quantity: quantity,
    client_order_id: `r${++sequence}`,
  });
  expect(r.status).toBe(200);
}

async function query(caller: TestCaller, text: string): Promise<Result> {
  const r = await fetch(h.replicas[0]!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${caller.token}` },
    body: JSON.stringify({ query: text }),
  });
  return (await r.json()) as Result;
}

/** Moves the mid and waits until the replica's live mark has it. */
async function moveMark(symbol: string, price: number) {
  h.sandbox.setMidPrice(symbol, price);
  await vi.waitFor(() => expect(hub().marks.mark(symbol)).toBe(price), { interval: 5 });
}

describe('Position and Positions risk figures', () => {
  it('equal the src/risk functions over the sandbox state, at the mark now', async () => {
    const { alice } = h.callers;
    await moveMark(ETH, 3_000);
    await moveMark(SOL, 150);
    await market(alice, ETH, 'BUY', 2);
    await market(alice, SOL, 'SELL', 10);
    await moveMark(ETH, 2_950);
    const r = await query(
      alice,
      `{ account { positions { ${TOTALS} rows { ${ROW_FIGURES} quantity } } } }`,
    );
    expect(r.errors).toBeUndefined();
    const positions = r.data.account.positions;
    const expected = await expectedRisk(h.sandbox.url, trader(alice));
    expect(positions.rows.map((p: { symbol: string }) => p.symbol)).toEqual([ETH, SOL]);
    expected.rows.forEach((want, i) => {
      expectFigures(positions.rows[i], want);
    });
    expectFigures(positions, expected.totals);
    // At a mark that moved since the fill; the short's estimate above its mark (the long's is
    // 0 here: a million USDC carries it at any price).
    expect(positions.rows[0].unrealizedPnl).toBeLessThan(0);
    expect(positions.rows[1].estLiquidationPrice).toBeGreaterThan(150);
  });

  it('positionUpdates: recomputed when a held symbol’s mark moves, once per account', async () => {
    const { bob } = h.callers;
    await moveMark(ETH, 3_000);
    const client = wsClient(h.replicas[0]!, bob.token);
    const first = wsSubscribe(
      client,
      `subscription { positionUpdates { ${ROW_FIGURES} quantity } }`,
    );
    const second = wsSubscribe(client, `subscription { positionUpdates { symbol unrealizedPnl } }`);
    await vi.waitFor(() => expect(hub().accountReady(bob.entry.accountId)).toBe(true));
    // Two subscribers, one listener on the account's stream: the shared positions source.
    const listeners = hub().stats().accountListeners;
    expect(listeners).toBe(1);

    await moveMark(SOL, 150);
    await market(bob, SOL, 'SELL', 10);
    await market(bob, ETH, 'BUY', 1);
    const opened = await first.next((e) => e.data?.positionUpdates?.[0]?.symbol === ETH);
    expect(opened.data.positionUpdates[0]).toMatchObject({
      quantity: 1,
      notional: expect.any(Number),
    });
    const before = await expectedRisk(h.sandbox.url, trader(bob));

    // No fill, no position push: the ETH mark alone moves every held row's figures (the SOL
    // short's estimate with the collateral).
    await moveMark(ETH, 3_120);
    const moved = await first.next((e) => e.data?.positionUpdates?.[0]?.markPrice === 3_120);
    const after = await expectedRisk(h.sandbox.url, trader(bob));
    const rows = moved.data.positionUpdates;
    expect(rows.map((p: { symbol: string }) => p.symbol)).toEqual([ETH, SOL]);
    after.rows.forEach((want, i) => {
      expectFigures(rows[i], want);
    });
    expect(rows[1].estLiquidationPrice).not.toBeCloseTo(before.rows[1]!.estLiquidationPrice!, 6);
    const pnl = rows[0].unrealizedPnl;
    await second.next((e) => e.data?.positionUpdates?.[0]?.unrealizedPnl === pnl);

    // A burst of moves: at most one mark-driven event per 250 ms, the last mark delivered.
    const seen = first.results.length;
    const started = Date.now();
    for (let i = 1; i <= 15; i++) await moveMark(ETH, 3_120 + i);
    await first.next((e) => e.data?.positionUpdates?.[0]?.markPrice === 3_135);
    const events = first.results.length - seen;
    expect(events).toBeGreaterThanOrEqual(1);
    expect(events).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 250) + 1);

    first.stop();
    second.stop();
    await client.dispose();
    await vi.waitFor(() => expect(hub().stats().accountListeners).toBe(0));
  });

  it('positionUpdates before its account source could read: the figures by REST, as a query’s', async () => {
    const { dev } = h.callers;
    await moveMark(ETH, 3_000);
    h.sandbox.resetRequestLog();
    h.sandbox.setFaults({ match: { paths: ['/v1/client/holding'] }, count: 1, status5xx: true });
    const client = wsClient(h.replicas[0]!, dev.token);
    const sub = wsSubscribe(client, `subscription { positionUpdates { ${ROW_FIGURES} } }`);
    await vi.waitFor(() => expect(hub().accountReady(dev.entry.accountId)).toBe(true));
    // The source's first read met the fault; the push comes without figures.
    await vi.waitFor(() => expect(h.sandbox.requestCount({ path: '/v1/client/holding' })).toBe(1));
    await market(dev, ETH, 'SELL', 1);
    const event = await sub.next((e) => e.data?.positionUpdates?.[0]?.symbol === ETH);
    expect(event.errors).toBeUndefined();
    // Read again by the event's fields (the source retries its own read only after 5 s).
    expect(h.sandbox.requestCount({ path: '/v1/client/holding' })).toBe(2);
    const expected = await expectedRisk(h.sandbox.url, trader(dev));
    expectFigures(event.data.positionUpdates[0], expected.rows[0] as Record<string, unknown>);
    expect(event.data.positionUpdates[0].estLiquidationPrice).toBeGreaterThan(3_000);
    sub.stop();
    await client.dispose();
  });
});
