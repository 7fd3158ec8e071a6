/**
 * A resumed subscription's seam between replay and live (resolvers/live-resume.ts), with the
 * log read held open so that live events arrive while it runs: what the log had is delivered
 * once, in log order, what came after it follows, nothing twice; a read that is not covered
 * gives the snapshot first, marked, with the log's head as its cursor.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RESUME_BOUNDS } from '../../../src/live/resume-bounds.ts';
import { SubscriberQueue } from '../../../src/resolvers/live-queue.ts';
import { Resume, type ResumingFeed } from '../../../src/resolvers/live-resume.ts';
import type { LiveContext } from '../../../src/schema/types.ts';
import type { AccountStreamEvent } from '../../../src/upstream/stream/index.ts';
import type { AccountEventLog, LogRead } from '../../../src/upstream/stream/log/event-log.ts';

const balance = (cursor: string, holding = 1): AccountStreamEvent => ({
  type: 'balances',
  balances: [{ token: 'USDC', holding, frozen: 0, free: holding, pendingShort: 0, updatedAt: 1 }],
  cursor,
});

function setup(read: Promise<LogRead>) {
  const queue = new SubscriberQueue<AccountStreamEvent>(16, () => {});
  const feed: ResumingFeed = {
    queue,
    accountId: 'acct',
    kind: 'balances',
    offer: (event) => {
      if (event.type === 'balances') queue.push(event);
    },
  };
  const log = { read: () => read } as unknown as AccountEventLog;
  const api = {
    holdings: async () => ({
      holding: [{ token: 'USDC', holding: 9, frozen: 0, pending_short: 0, updated_time: 5 }],
    }),
  };
  const live = {
    hub: { accountLogging: () => true, eventLog: log, accountApi: () => api },
    queueMax: 16,
    resume: DEFAULT_RESUME_BOUNDS,
  } as unknown as LiveContext;
  const credentials = { accountId: 'acct', secret: 'unused' };
  return { queue, feed, live, credentials };
}

async function drain(queue: SubscriberQueue<AccountStreamEvent>, n: number) {
  const out: AccountStreamEvent[] = [];
  for (let i = 0; i < n; i++) out.push((await queue.next()).value as AccountStreamEvent);
  return out;
}

const cursors = (events: AccountStreamEvent[]) => events.map((e) => e.cursor);

describe('Resume', () => {
  it('replays the log, then the buffered live events the log did not have, then live', async () => {
    let finish!: (read: LogRead) => void;
    const { queue, feed, live, credentials } = setup(new Promise((r) => (finish = r)));
    const resume = new Resume(feed, live, credentials, '10-0');
    resume.start();
    // Live while the log is read: two the log has (one of them an old cursor), one it has not.
    for (const c of ['11-0', '12-0', '13-0']) resume.live(balance(c));
    expect(queue.size).toBe(0);
    finish({
      covered: true,
      events: [11, 12].map((n) => ({ cursor: `${n}-0`, event: balance(`${n}-0`) })),
    });
    expect(cursors(await drain(queue, 3))).toEqual(['11-0', '12-0', '13-0']);
    // Live now: an old cursor (another replica's earlier append) is skipped, a new one passes,
    // and so does an unlogged one.
    resume.live(balance('12-0'));
    resume.live(balance('14-0'));
    resume.live(balance('u99'));
    expect(cursors(await drain(queue, 2))).toEqual(['14-0', 'u99']);
    expect(queue.size).toBe(0);
  });

  it('sends a marked snapshot at the log head when the log does not cover the gap', async () => {
    let finish!: (read: LogRead) => void;
    const { queue, feed, live, credentials } = setup(new Promise((r) => (finish = r)));
    const resume = new Resume(feed, live, credentials, '10-0');
    resume.start();
    resume.live(balance('20-0'));
    resume.live(balance('21-0'));
    finish({ covered: false, reason: 'TOO_MANY_MISSED', head: '20-0' });
    const [snapshot, after] = await drain(queue, 2);
    expect(snapshot).toMatchObject({ cursor: '20-0', notice: 'TOO_MANY_MISSED' });
    expect(snapshot?.type === 'balances' && snapshot.balances[0]?.holding).toBe(9);
    expect(after?.cursor).toBe('21-0');
    expect(queue.size).toBe(0);
  });
});
