/**
 * The runs after the request scenarios, with the full scenario list (each in processes of its
 * own): (9) fan-out, (10) hostile, (12) book fan-out, (13) screen fan-out, (11) connection
 * flood, (14) resume. A failure becomes a problem of the run, never an exception.
 */
import { type BookFanoutResult, bookFanoutLines, runBookFanout } from './book-fanout.ts';
import {
  type ConnectionFloodResult,
  describeConnectionFlood,
  runConnectionFlood,
} from './connection-flood.ts';
import { type FanoutResult, runFanout } from './fanout.ts';
import { type HostileResult, runHostile } from './hostile.ts';
import { type ResumeResult, runResume } from './resume.ts';
import type { BenchContext } from './scenarios.ts';
import { runScreenFanout, type ScreenFanoutResult, screenFanoutLines } from './screen-fanout.ts';

export interface Extras {
  fanout: FanoutResult | null;
  hostile: HostileResult | null;
  bookFanout: BookFanoutResult | null;
  screenFanout: ScreenFanoutResult | null;
  connectionFlood: ConnectionFloodResult | null;
  resume: ResumeResult | null;
}

export interface ExtrasOptions {
  smoke: boolean;
  connections: number;
  warmupS: number;
  durationS: number;
  slices: number;
  /** Fan-outs and the connection flood (the full list); hostile runs with `hostile` alone too. */
  fanouts: boolean;
  hostile: boolean;
  log: (line: string) => void;
}

/** Runs `run`; a failure is logged and added to `problems`, and the result is null. */
async function attempt<T>(
  name: string,
  problems: string[],
  log: (line: string) => void,
  run: () => Promise<T>,
): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    problems.push(`${name}: ${(error as Error).message}`);
    log(`  ${name}: FAILED`);
    return null;
  }
}

async function fanout(o: ExtrasOptions, problems: string[]): Promise<FanoutResult | null> {
  o.log('(9) fan-out: one upstream event to every subscriber of one replica, SSE and graphql-ws');
  const result = await attempt('fanout', problems, o.log, () =>
    runFanout(
      o.smoke
        ? { subscribers: 100, wsConnections: 5, events: 5, intervalMs: 100, warmupEvents: 1 }
        : { subscribers: 5_000 },
    ),
  );
  if (!result) return null;
  if (!result.ok) problems.push('fanout: not every subscriber received every event');
  o.log(
    `  SSE p50 ${result.fanoutP50Ms} / p99 ${result.fanoutP99Ms} ms, ` +
      `${result.fanoutBytesPerSubscriber} B heap per subscriber (${result.sse.subscribers}); ` +
      `graphql-ws p50 ${result.wsP50Ms} / p99 ${result.wsP99Ms} ms`,
  );
  return result;
}

async function hostile(
  ctx: BenchContext,
  o: ExtrasOptions,
  problems: string[],
): Promise<HostileResult | null> {
  o.log('(10) hostile: trader reads idle, then beside an anonymous flood from 127.0.0.2');
  const result = await attempt('hostile', problems, o.log, () =>
    runHostile(ctx, {
      connections: o.connections,
      floodConnections: o.smoke ? 10 : 50,
      // Smoke: long enough for the flood to pass its budget and meet 429s.
      warmupS: o.smoke ? 0.5 : o.warmupS,
      durationS: o.smoke ? 1 : o.durationS,
      slices: o.slices,
    }),
  );
  if (!result) return null;
  if (result.traderFailures > 0 || !Number.isFinite(result.hostileTraderP99Ratio)) {
    problems.push(`hostile: ${result.traderFailures} trader requests failed or none answered`);
  }
  o.log(
    `  trader p99 ${result.idle.p99Ms} ms idle, ${result.flood.p99Ms} ms beside the flood ` +
      `(hostileTraderP99Ratio ${result.hostileTraderP99Ratio}); flood answers/s ${JSON.stringify(result.floodRps)}`,
  );
  return result;
}

async function books(o: ExtrasOptions, problems: string[]) {
  const log = o.log;
  log('(12) book fan-out: orderBook(depth: 20) subscribers of one replica at 10 book updates/s');
  const book = await attempt('bookFanout', problems, log, () =>
    runBookFanout(
      o.smoke ? { subscribers: 100, wsConnections: 5, durationS: 2, warmupS: 0, log } : { log },
    ),
  );
  for (const line of book ? bookFanoutLines(book) : []) log(line);
  for (const p of book?.problems ?? []) problems.push(`bookFanout: ${p}`);
  log(
    '(13) screen fan-out: tradingScreen(depth: 10) subscribers over 500 accounts, 10 book updates/s',
  );
  const screen = await attempt('screenFanout', problems, log, () =>
    runScreenFanout(
      o.smoke ? { subscribers: 100, accounts: 10, durationS: 2, warmupS: 0, log } : { log },
    ),
  );
  for (const line of screen ? screenFanoutLines(screen) : []) log(line);
  for (const p of screen?.problems ?? []) problems.push(`screenFanout: ${p}`);
  return { book, screen };
}

async function resume(o: ExtrasOptions, problems: string[]): Promise<ResumeResult | null> {
  o.log('(14) resume: an SSE orderUpdates client back after missed events, with Last-Event-ID');
  const result = await attempt('resume', problems, o.log, () =>
    runResume(
      o.smoke ? { missed: 100, rounds: 1, log: o.log } : { missed: 1_000, rounds: 5, log: o.log },
    ),
  );
  if (!result) return null;
  o.log(
    `  resumeReplayMs ${result.resumeReplayMs} ms (median; max ${result.maxMs} ms) after ` +
      `${result.missed} missed events, log in ${result.store}`,
  );
  for (const p of result.problems) problems.push(`resume: ${p}`);
  return result;
}

export async function runExtras(
  ctx: BenchContext,
  o: ExtrasOptions,
  problems: string[],
): Promise<Extras> {
  const fan = o.fanouts ? await fanout(o, problems) : null;
  const host = o.hostile ? await hostile(ctx, o, problems) : null;
  const { book, screen } = o.fanouts ? await books(o, problems) : { book: null, screen: null };
  let flood: ConnectionFloodResult | null = null;
  if (o.fanouts) {
    flood = await attempt('connectionFlood', problems, o.log, () =>
      runConnectionFlood(o.smoke ? { connections: 500 } : {}),
    );
    if (flood) {
      o.log(`  ${describeConnectionFlood(flood)}`);
      if (!flood.ok) problems.push(describeConnectionFlood(flood));
    }
  }
  const replay = o.fanouts ? await resume(o, problems) : null;
  return {
    fanout: fan,
    hostile: host,
    bookFanout: book,
    screenFanout: screen,
    connectionFlood: flood,
    resume: replay,
  };
}
