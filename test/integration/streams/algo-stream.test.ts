/**
 * The private `algoexecutionreport` and `account` topics over real WebSockets: every change of
 * an algo tree (placed, triggered once, its order's fills, resized, ended) and a leverage
 * change; `executionreport` carries the order's realized PnL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxClient, TestAccount } from '../../helpers/sandbox-client.ts';
import { algo, ETH, fullLong, moveMark, openPosition, partialLong, stop } from '../sandbox/algo.ts';
import { type Fixture, startFixture } from '../sandbox/fixtures.ts';
import { fresh } from '../sandbox/lifecycle.ts';
import { type Frame, RawStream } from './raw-client.ts';

let f: Fixture;
const open: RawStream[] = [];
beforeAll(async () => {
  f = await startFixture();
});
afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  await moveMark(f, 3000);
});
afterAll(() => f.sandbox.close());

async function privateStream(account: Pick<TestAccount, 'accountId' | 'secret'>, topics: string[]) {
  const s = await RawStream.open(`${f.sandbox.url}/v2/ws/private/stream/${account.accountId}`);
  open.push(s);
  expect((await s.auth(account.secret, account.accountId, f.clock.now)).success).toBe(true);
  for (const topic of topics) expect((await s.subscribe(topic)).success).toBe(true);
  return s;
}

/** The root element of a report (the SDK's rule), and the report's elements by id. */
const rootOf = (frame: Frame) =>
  frame.data.find((e: Frame) => e.parentAlgoOrderId === 0 && e.algoOrderId === e.rootAlgoOrderId);
const reportsOf = (s: RawStream, rootId: number) =>
  s.pushes('algoexecutionreport').filter((p) => p.data[0].rootAlgoOrderId === rootId);

describe('algoexecutionreport', () => {
  it('tells a STOP placed, triggered once, its fill and its end; the order is placed once', async () => {
    const c: SandboxClient = f.client;
    const s = await privateStream(f.trader, ['algoexecutionreport', 'executionreport']);
    const id = await algo(c, stop('BUY', 3100));
    const placed = await s.next(
      (p) => p.topic === 'algoexecutionreport' && p.data[0].algoOrderId === id,
    );
    expect(placed.data).toEqual([
      expect.objectContaining({
        algoOrderId: id,
        rootAlgoOrderId: id,
        parentAlgoOrderId: 0,
        algoType: 'STOP',
        status: 'NEW',
        algoStatus: 'NEW',
        triggered: false,
        triggerPrice: 3100,
        triggerPriceType: 'MARK_PRICE',
        tradeId: 0,
        marginMode: 'CROSS',
      }),
    ]);
    await moveMark(f, 3105);
    const fill = await s.next((p) => p.topic === 'algoexecutionreport' && p.data[0].tradeId !== 0);
    expect(rootOf(fill)).toMatchObject({
      triggered: true,
      triggerStatus: 'SUCCESS',
      triggerTradePrice: 3105,
      executedQuantity: 0.5,
      totalExecutedQuantity: 0.5,
      feeAsset: 'USDC',
    });
    expect(rootOf(fill).executedPrice).toBeGreaterThan(3105);
    await s.next((p) => p.topic === 'algoexecutionreport' && rootOf(p).status === 'FILLED');
    await moveMark(f, 3000);
    await moveMark(f, 3200);
    const orderReports = s.pushes('executionreport').filter((p) => p.data.status === 'NEW');
    expect(orderReports).toHaveLength(1);
    expect(
      reportsOf(s, id).filter((p) => rootOf(p).triggerTime !== 0 && rootOf(p).tradeId !== 0),
    ).toHaveLength(1);
  });

  it('flattens a TP/SL tree root first; the closing fill carries realized PnL on both topics', async () => {
    const c = f.otherClient;
    await openPosition(c, 1);
    const s = await privateStream(f.other, ['algoexecutionreport', 'executionreport']);
    const id = await algo(c, partialLong(0.5, 3150, 2850));
    const placed = await s.next(
      (p) => p.topic === 'algoexecutionreport' && p.data[0].algoOrderId === id,
    );
    expect(placed.data.map((e: Frame) => [e.algoType, e.parentAlgoOrderId, e.side])).toEqual([
      ['TP_SL', 0, ''],
      ['TAKE_PROFIT', id, 'SELL'],
      ['STOP_LOSS', id, 'SELL'],
    ]);
    await moveMark(f, 3150);
    const fill = await s.next(
      (p) => p.topic === 'algoexecutionreport' && p.data.some((e: Frame) => e.tradeId !== 0),
    );
    const tp = fill.data.find((e: Frame) => e.tradeId !== 0);
    expect(tp).toMatchObject({ algoType: 'TAKE_PROFIT', triggered: true, executedQuantity: 0.5 });
    expect(tp.realizedPnl).toBeGreaterThan(0);
    const report = await s.next((p) => p.topic === 'executionreport' && p.data.tradeId !== 0);
    expect(report.data.realizedPnl).toBe(tp.realizedPnl);
    const ended = await s.next(
      (p) => p.topic === 'algoexecutionreport' && rootOf(p).status === 'FILLED',
    );
    expect(ended.data[2]).toMatchObject({
      algoType: 'STOP_LOSS',
      status: 'CANCELLED',
      rootAlgoStatus: 'FILLED',
    });
  });

  it('tells a full-position TP/SL resized with its position, then ended with it', async () => {
    const c = fresh(f);
    await openPosition(c, 1);
    const s = await privateStream(c.account, ['algoexecutionreport']);
    const id = await algo(c, fullLong(3300, 2700));
    await openPosition(c, 1);
    const resized = await s.next(
      (p) =>
        p.topic === 'algoexecutionreport' &&
        rootOf(p)?.algoOrderId === id &&
        rootOf(p).quantity === 2,
    );
    expect(resized.data.map((e: Frame) => e.quantity)).toEqual([2, 2, 2]);
    await openPosition(c, -2);
    const ended = await s.next(
      (p) =>
        p.topic === 'algoexecutionreport' &&
        rootOf(p)?.algoOrderId === id &&
        rootOf(p).status === 'CANCELLED',
    );
    expect(ended.data.map((e: Frame) => e.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
  });
});

describe('account', () => {
  it("pushes a symbol's new leverage", async () => {
    const s = await privateStream(f.trader, ['account']);
    const r = await f.client.post('/v1/client/leverages', { symbol: ETH, leverage: 7 });
    expect(r.status, r.text).toBe(200);
    const push = await s.next((p) => p.topic === 'account');
    expect(push.data).toEqual({
      accountDetail: { symbolLeverage: { symbol: ETH, leverage: 7, marginMode: 'CROSS' } },
    });
  });
});
