// @module-tag redis
/**
 * One contract, two event logs: in memory and in real Redis Streams. Appends are idempotent
 * by identity (across replicas on Redis), reads replay what follows a cursor while the log
 * vouches for it, and every bound (entries, replay size, writer leases) turns a read into
 * "not covered" rather than a silent gap. Memory runs on an injected clock; Redis on real
 * time with short leases.
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AccountStreamEvent } from '../../../src/upstream/stream/index.ts';
import type {
  AccountEventLog,
  EventLogBounds,
  LogRead,
} from '../../../src/upstream/stream/log/event-log.ts';
import { MemoryEventLog } from '../../../src/upstream/stream/log/memory-log.ts';
import { RedisEventLog } from '../../../src/upstream/stream/log/redis-log.ts';
import { dropPrefix, REDIS_URL, rawRedis, uniquePrefix } from '../../helpers/redis.ts';

interface Harness {
  name: string;
  /** A replica's log; on Redis, every log made by one harness shares the data. */
  make(bounds?: Partial<EventLogBounds>): AccountEventLog;
  /** Lets `ms` pass for the leases (memory: its clock; Redis: real time, polled). */
  pass(ms: number): Promise<void>;
  cleanup(): Promise<void>;
}

const memoryHarness = (): Harness => {
  let clock = 1_000_000;
  return {
    name: 'memory',
    make: (bounds) => new MemoryEventLog({ ...bounds, now: () => clock }),
    pass: async (ms) => {
      clock += ms;
    },
    cleanup: async () => {},
  };
};

const redisHarness = (): Harness => {
  const keyPrefix = uniquePrefix('eventlog');
  const clients: Redis[] = [];
  return {
    name: 'redis',
    make: (bounds) => {
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      return new RedisEventLog({ redis, keyPrefix, ...bounds });
    },
    pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    cleanup: async () => {
      const raw = rawRedis();
      await dropPrefix(raw, keyPrefix);
      raw.disconnect();
      for (const c of clients) c.disconnect();
    },
  };
};

let accounts = 0;
const account = () => `0xacct${++accounts}`;

const order = (orderId: number, status = 'NEW'): AccountStreamEvent => ({
  type: 'order',
  order: {
    orderId,
    clientOrderId: `c${orderId}`,
    symbol: 'PERP_ETH_USDC',
    side: 'BUY',
    type: 'LIMIT',
    status: status as 'NEW',
    price: 2900,
    quantity: 1,
    executedQuantity: 0,
    avgPrice: null,
    reason: null,
    timestamp: 1_700_000_000_000 + orderId,
    marginMode: 'CROSS',
    reduceOnly: false,
    fill: null,
    source: 'stream',
  },
});

const ids = (read: LogRead) =>
  read.covered
    ? read.events.map((e) => (e.event as { order: { orderId: number } }).order.orderId)
    : read;

async function appendAll(log: AccountEventLog, id: string, from: number, to: number) {
  const cursors: string[] = [];
  for (let n = from; n <= to; n++) cursors.push(await log.append(id, `o${n}`, order(n)));
  return cursors;
}

for (const harness of [memoryHarness(), redisHarness()]) {
  describe(`event log contract: ${harness.name}`, () => {
    afterAll(() => harness.cleanup());

    it('replays what follows a cursor, in order, each event as appended with its cursor', async () => {
      const log = harness.make();
      const id = account();
      const cursors = await appendAll(log, id, 1, 4);
      expect(new Set(cursors).size).toBe(4);
      const read = await log.read(id, cursors[0]!, 10);
      expect(ids(read)).toEqual([2, 3, 4]);
      if (!read.covered) return;
      expect(read.events.map((e) => e.cursor)).toEqual(cursors.slice(1));
      expect(read.events[0]!.event).toEqual({ ...order(2), cursor: cursors[1] });
      expect(await log.read(id, cursors[3]!, 10)).toEqual({ covered: true, events: [] });
    });

    it('logs an identity once and answers its cursor again', async () => {
      const log = harness.make();
      const id = account();
      const [first] = await appendAll(log, id, 1, 1);
      const again = await log.append(id, 'o2', order(2));
      expect(await log.append(id, 'o2', order(2))).toBe(again);
      expect(ids(await log.read(id, first!, 10))).toEqual([2]);
    });

    it('is not covered once the cursor is trimmed (maxEvents), and names the head', async () => {
      const log = harness.make({ maxEvents: 3 });
      const id = account();
      const cursors = await appendAll(log, id, 1, 5);
      expect(await log.read(id, cursors[0]!, 10)).toEqual({
        covered: false,
        reason: 'GAP_NOT_LOGGED',
        head: cursors[4],
      });
      expect(ids(await log.read(id, cursors[2]!, 10))).toEqual([4, 5]);
    });

    it('is not covered past the replay bound', async () => {
      const log = harness.make();
      const id = account();
      const cursors = await appendAll(log, id, 1, 4);
      expect(await log.read(id, cursors[0]!, 2)).toEqual({
        covered: false,
        reason: 'TOO_MANY_MISSED',
        head: cursors[3],
      });
    });

    it('is not covered from an unlogged or unknown cursor', async () => {
      const log = harness.make();
      const id = account();
      const cursors = await appendAll(log, id, 1, 2);
      for (const cursor of ['u1700000000000', '1-0']) {
        expect(await log.read(id, cursor, 10)).toEqual({
          covered: false,
          reason: 'GAP_NOT_LOGGED',
          head: cursors[1],
        });
      }
    });

    it('vouches only while a writer holds a lease; a writer after a lapse empties it first', async () => {
      const log = harness.make({ leaseMs: 150 });
      const id = account();
      const cursors = await appendAll(log, id, 1, 2);
      await log.renew([id]);
      expect(ids(await log.read(id, cursors[0]!, 10))).toEqual([2]);
      await harness.pass(200);
      await vi.waitFor(
        async () => expect((await log.read(id, cursors[0]!, 10)).covered).toBe(false),
        {
          timeout: 2_000,
          interval: 20,
        },
      );
      // Nobody logged in between: the next writer starts an empty log.
      const [after] = await appendAll(log, id, 3, 3);
      expect((await log.read(id, cursors[1]!, 10)).covered).toBe(false);
      expect(await log.read(id, after!, 10)).toEqual({ covered: true, events: [] });
    });

    it('is not covered once its only writer leaves', async () => {
      const log = harness.make();
      const id = account();
      const cursors = await appendAll(log, id, 1, 2);
      await log.leave(id);
      expect((await log.read(id, cursors[0]!, 10)).covered).toBe(false);
    });
  });
}

describe('event log on Redis: two replicas', () => {
  const harness = redisHarness();
  afterAll(() => harness.cleanup());

  it('logs an event both replicas receive once, and hands both the same cursor', async () => {
    const one = harness.make();
    const two = harness.make();
    const id = account();
    const [start] = await appendAll(one, id, 1, 1);
    const fromOne = await one.append(id, 'o2', order(2));
    const fromTwo = await two.append(id, 'o2', order(2));
    expect(fromTwo).toBe(fromOne);
    expect(ids(await two.read(id, start!, 10))).toEqual([2]);
  });

  it('stays covered while another replica still writes', async () => {
    const one = harness.make({ leaseMs: 5_000 });
    const two = harness.make({ leaseMs: 5_000 });
    const id = account();
    const cursors = await appendAll(one, id, 1, 2);
    await two.renew([id]);
    await one.leave(id);
    expect(ids(await two.read(id, cursors[0]!, 10))).toEqual([2]);
    await two.leave(id);
    expect((await one.read(id, cursors[0]!, 10)).covered).toBe(false);
  });
});
