/**
 * Structured logs: one JSON object per line, pino-shaped calls (`log.info({ fields }, 'msg')`).
 * Every line passes through the redaction of `redact.ts` — secret key names, secret shapes
 * and every literal registered with `addSecret` — whatever the call site passed in. Lines
 * about an HTTP request carry its `requestId`: the call site passes it (request-context.ts).
 */
import type { YogaLogger } from 'graphql-yoga';
import { isHashKey, isSecretKey, maybeSecretText, REDACTED, redact, redactText } from './redact.ts';

export { REDACTED, redact, redactText };

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFields = Record<string, unknown>;

/** pino's call shapes: `(msg)` or `(obj, msg?)`. */
export interface LogFn {
  (msg: string): void;
  (obj: LogFields, msg?: string): void;
  /** @deprecated The old order; pino's is `(obj, msg)`. */
  (msg: string, obj: LogFields | undefined): void;
}

export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  /** A logger that adds `fields` to every line (shares the sink and the secret list). */
  child(fields: LogFields): Logger;
  /** pino's `isLevelEnabled`: lets a hot path skip building the fields of a dropped line. */
  isLevelEnabled(level: Exclude<LogLevel, 'silent'>): boolean;
  /** Redacts this literal (a key, a token) from every later line. Ignores short values. */
  addSecret(value: string | undefined): void;
}

export interface LoggerOptions {
  /** @default 'info' */
  level?: LogLevel;
  /** Receives each line, newline included. @default process.stdout.write */
  write?: (line: string) => void;
  /** Wall clock for the `time` field. @default Date.now */
  now?: () => number;
  /** Fields added to every line, computed at each call (pino's `mixin`). @default none */
  mixin?: () => LogFields | undefined;
}

const noFields = (): undefined => undefined;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

interface Shared {
  level: number;
  write: (line: string, urgent: boolean) => void;
  now: () => number;
  mixin: () => LogFields | undefined;
  secrets: Set<string>;
  /** Length of the shortest registered secret (text shorter than that holds none). */
  shortestSecret: number;
}

/** Whether `redactText(text, shared.secrets, shapes)` could change `text`. */
function mayHoldSecret(text: string, shared: Shared, shapes: boolean): boolean {
  if (text.length >= shared.shortestSecret) {
    for (const secret of shared.secrets) if (text.includes(secret)) return true;
  }
  return shapes && maybeSecretText(text);
}

/**
 * True when `redact(line)` would return an equal copy: every value a primitive, no secret key
 * holding a value, no text that could hold a secret. Then the line is written as it is (no
 * deep copy) — the case of nearly every line (the access log).
 */
function isCleanFlatLine(line: LogFields, shared: Shared): boolean {
  for (const key in line) {
    const value = line[key];
    if (value === undefined || value === null) continue;
    const type = typeof value;
    if (type === 'object' || type === 'function' || isSecretKey(key)) return false;
    if (type === 'string' && mayHoldSecret(value as string, shared, !isHashKey(key))) return false;
  }
  return true;
}

/**
 * ISO time of a line. Lines under load fall in the same second: the date and time up to the
 * second are formatted once per second and the milliseconds appended (`toISOString` per line
 * was about a sixth of the access log's cost). Years 0–9999 only (toISOString's plain form).
 */
let lastTimeMs = Number.NaN;
let lastTime = '';
let secondStart = Number.NaN;
let secondPrefix = '';
export function isoTime(ms: number): string {
  if (ms === lastTimeMs) return lastTime;
  const second = ms - (((ms % 1000) + 1000) % 1000);
  if (second !== secondStart || !(ms >= 0 && ms < 253402300800000)) {
    const full = new Date(ms).toISOString();
    lastTimeMs = ms;
    lastTime = full;
    if (full.length !== 24) return full;
    secondStart = second;
    secondPrefix = full.slice(0, 20);
    return full;
  }
  const millis = ms - second;
  lastTimeMs = ms;
  lastTime = `${secondPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
  return lastTime;
}

/**
 * The JSON of `{ time, level, msg, ...fields }` for a clean flat line from a logger without
 * base fields or mixin (the access log), written without building that object: spreading the
 * fields into a literal made a slow-mode object that JSON.stringify walked generically. Falls
 * back (undefined) whenever the plain spread could order or merge keys differently.
 */
function plainLine(
  shared: Shared,
  time: string,
  level: string,
  msg: string | undefined,
  fields: LogFields,
): string | undefined {
  for (const key in fields) {
    const value = fields[key];
    // An array-index key would be ordered first, a repeated key would replace ours.
    const first = key.charCodeAt(0);
    if ((first >= 48 && first <= 57) || key === 'time' || key === 'level' || key === 'msg') {
      return undefined;
    }
    if (value === undefined || value === null) continue;
    const type = typeof value;
    if (type === 'object' || type === 'function' || isSecretKey(key)) return undefined;
    if (type === 'string' && mayHoldSecret(value as string, shared, !isHashKey(key))) {
      return undefined;
    }
  }
  if (mayHoldSecret(time, shared, true)) return undefined;
  if (msg !== undefined && mayHoldSecret(msg, shared, true)) return undefined;
  const rest = JSON.stringify(fields);
  const head = `{"time":"${time}","level":"${level}"${msg === undefined ? '' : `,"msg":${JSON.stringify(msg)}`}`;
  return rest.length > 2 ? `${head},${rest.slice(1)}` : `${head}}`;
}

function build(shared: Shared, base: LogFields): Logger {
  const hasBase = Object.keys(base).length > 0;
  const log = (
    level: Exclude<LogLevel, 'silent'>,
    msg: string | undefined,
    fields: LogFields | undefined,
  ) => {
    if (RANK[level] < shared.level) return;
    const time = isoTime(shared.now());
    const plain =
      fields !== undefined && !hasBase && shared.mixin === noFields
        ? plainLine(shared, time, level, msg, fields)
        : undefined;
    if (plain !== undefined) {
      shared.write(`${plain}\n`, RANK[level] >= RANK.warn);
      return;
    }
    const line: LogFields = {
      time,
      level,
      msg,
      ...shared.mixin(),
      ...base,
      ...fields,
    };
    const json = isCleanFlatLine(line, shared)
      ? JSON.stringify(line)
      : JSON.stringify(redact(line, shared.secrets));
    shared.write(`${json}\n`, RANK[level] >= RANK.warn);
  };
  const at =
    (level: Exclude<LogLevel, 'silent'>): LogFn =>
    (first: string | LogFields, second?: string | LogFields) =>
      typeof first === 'string'
        ? log(level, first, second as LogFields | undefined)
        : log(level, second as string | undefined, first);
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (fields) => build(shared, { ...base, ...fields }),
    isLevelEnabled: (level) => RANK[level] >= shared.level,
    addSecret: (value) => {
      if (!value || value.length < 8) return;
      shared.secrets.add(value);
      shared.shortestSecret = Math.min(shared.shortestSecret, value.length);
    },
  };
}

/**
 * stdout, written in batches: to a file or a pipe stdout writes synchronously, and under load
 * a syscall per access-log line costs more than building the line. Lines keep their order and
 * reach stdout within FLUSH_MS (or once 16 KiB are pending); a warning or an error is written
 * at once, with whatever came before it, and the buffer is flushed when the process exits.
 */
const FLUSH_MS = 10;
const FLUSH_BYTES = 16 * 1024;
let pending = '';
let flushTimer: NodeJS.Timeout | undefined;
function flushStdout(): void {
  if (flushTimer !== undefined) {
    clearTimeout(flushTimer);
    flushTimer = undefined;
  }
  if (pending === '') return;
  const out = pending;
  pending = '';
  process.stdout.write(out);
}
let exitHookInstalled = false;
function writeStdout(line: string, urgent: boolean): void {
  pending += line;
  if (urgent || pending.length >= FLUSH_BYTES) {
    flushStdout();
    return;
  }
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', flushStdout);
  }
  if (flushTimer === undefined) {
    flushTimer = setTimeout(flushStdout, FLUSH_MS);
    flushTimer.unref();
  }
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const write = options.write;
  return build(
    {
      level: RANK[options.level ?? 'info'],
      write: write ? (line) => write(line) : writeStdout,
      now: options.now ?? Date.now,
      mixin: options.mixin ?? noFields,
      secrets: new Set(),
      shortestSecret: Number.POSITIVE_INFINITY,
    },
    {},
  );
}

/** Adapts a `Logger` to yoga's `logging` option (yoga logs masked errors through it). */
export function toYogaLogger(logger: Logger): YogaLogger {
  const adapt =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const [first, ...rest] = args;
      if (first instanceof Error) logger[level]({ err: first, args: rest }, 'yoga');
      else if (typeof first === 'string') logger[level](rest.length ? { args: rest } : {}, first);
      else logger[level]({ args }, 'yoga');
    };
  return { debug: adapt('debug'), info: adapt('info'), warn: adapt('warn'), error: adapt('error') };
}
