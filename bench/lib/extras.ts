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
import { type Pinning, steerOn } from './pinning.ts';
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
  pinning: Pinning;
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

async function book(o: ExtrasOptions, problems: string[]): Promise<BookFanoutResult | null> {
  const log = o.log;
  log('(12) book fan-out: orderBook(depth: 20) subscribers of one replica at 10 book updates/s');
  const result = await attempt('bookFanout', problems, log, () =>
    runBookFanout(
      o.smoke ? { subscribers: 100, wsConnections: 5, durationS: 1, warmupS: 0, log } : { log },
    ),
  );
  for (const line of result ? bookFanoutLines(result) : []) log(line);
  for (const p of result?.problems ?? []) problems.push(`bookFanout: ${p}`);
  return result;
}

async function screen(o: ExtrasOptions, problems: string[]): Promise<ScreenFanoutResult | null> {
  const log = o.log;
  log(
    '(13) screen fan-out: tradingScreen(depth: 10) subscribers over 500 accounts, 10 book updates/s',
  );
  const result = await attempt('screenFanout', problems, log, () =>
    runScreenFanout(
      o.smoke ? { subscribers: 100, accounts: 10, durationS: 1, warmupS: 0, log } : { log },
    ),
  );
  for (const line of result ? screenFanoutLines(result) : []) log(line);
  for (const p of result?.problems ?? []) problems.push(`screenFanout: ${p}`);
  return result;
}

async function connectionFlood(
  o: ExtrasOptions,
  problems: string[],
): Promise<ConnectionFloodResult | null> {
  const result = await attempt('connectionFlood', problems, o.log, () =>
    runConnectionFlood(o.smoke ? { connections: 500 } : {}),
  );
  if (result) {
    o.log(`  ${describeConnectionFlood(result)}`);
    if (!result.ok) problems.push(describeConnectionFlood(result));
  }
  return result;
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

type Apart = Omit<Extras, 'hostile'>;

/** The runs in processes of their own: one after another, or all at once with `--smoke`. */
async function apart(o: ExtrasOptions, problems: string[]): Promise<Apart> {
  const none = { fanout: null, bookFanout: null, screenFanout: null, connectionFlood: null };
  if (!o.fanouts) return { ...none, resume: null };
  let previous: Promise<unknown> = Promise.resolve();
  const step = <T>(run: () => Promise<T>): Promise<T> => {
    const started = o.smoke ? run() : previous.then(run);
    previous = started;
    return started;
  };
  const [fan, books, screens, flood, replay] = await Promise.all([
    step(() => fanout(o, problems)),
    step(() => book(o, problems)),
    step(() => screen(o, problems)),
    step(() => connectionFlood(o, problems)),
    step(() => resume(o, problems)),
  ]);
  return {
    fanout: fan,
    bookFanout: books,
    screenFanout: screens,
    connectionFlood: flood,
    resume: replay,
  };
}

export interface ExtraRuns {
  /** Runs (10) hostile on the pass's servers, once the scenarios are measured, and the rest. */
  finish(ctx: BenchContext): Promise<Extras>;
}

/**
 * The extra runs of a pass. A full run takes each in turn when `finish` is called. With
 * `--smoke` those in processes of their own start here, at once, beside the request scenarios
 * and each other: a smoke run checks that each works, its figures mean nothing, and CI's smoke
 * must stay under a minute.
 */
export function startExtras(o: ExtrasOptions, problems: string[]): ExtraRuns {
  const early = o.smoke ? apart(o, problems) : null;
  return {
    async finish(ctx) {
      // A full run starts the flood's process beside the load generator (the steering process
      // sits there for it); the other runs' processes may use any CPU.
      if (!o.smoke) steerOn(o.pinning, true);
      let host: HostileResult | null = null;
      try {
        host = o.hostile ? await hostile(ctx, o, problems) : null;
      } finally {
        steerOn(o.pinning, false);
      }
      return { hostile: host, ...(await (early ?? apart(o, problems))) };
    },
  };
}
