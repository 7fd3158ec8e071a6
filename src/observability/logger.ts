/**
 * Structured logs: one JSON object per line, pino-shaped calls (`log.info({ fields }, 'msg')`).
 * Every line passes through the redaction of `redact.ts` — secret key names, secret shapes
 * and every literal registered with `addSecret` — whatever the call site passed in. Lines
 * about an HTTP request carry its `requestId`: the call site passes it (request-context.ts).
 *
 * On stdout (the default), an info or debug line whose fields are plain values (strings,
 * numbers, booleans) is formatted when its batch is written, within 10 ms (stdout-sink.ts),
 * not in the call: the access log costs its request a clock reading and a queued closure.
 * Its time is the call's. Pass such a line a fresh object, as every call site does.
 */
import { hasOnlyPlainValues, isCleanFlatLine, plainLine, type Shared } from './log-line.ts';
import { isoTime } from './log-time.ts';
import { REDACTED, redact, redactText } from './redact.ts';
import { deferStdout, writeStdout } from './stdout-sink.ts';

export { isoTime, REDACTED, redact, redactText };

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

function build(shared: Shared, base: LogFields): Logger {
  const hasBase = Object.keys(base).length > 0;
  /** The line's JSON, without its newline. */
  const format = (
    level: Exclude<LogLevel, 'silent'>,
    msg: string | undefined,
    fields: LogFields | undefined,
    at: number,
  ): string => {
    const time = isoTime(at);
    const plain =
      fields !== undefined && !hasBase && shared.mixin === noFields
        ? plainLine(shared, time, level, msg, fields)
        : undefined;
    if (plain !== undefined) return plain;
    const line: LogFields = { time, level, msg, ...shared.mixin(), ...base, ...fields };
    return isCleanFlatLine(line, shared)
      ? JSON.stringify(line)
      : JSON.stringify(redact(line, shared.secrets));
  };
  const log = (
    level: Exclude<LogLevel, 'silent'>,
    msg: string | undefined,
    fields: LogFields | undefined,
  ) => {
    if (RANK[level] < shared.level) return;
    const at = shared.now();
    const urgent = RANK[level] >= RANK.warn;
    // The mixin is computed at the call, so its lines are not deferred.
    if (shared.defer && !urgent && shared.mixin === noFields && hasOnlyPlainValues(fields)) {
      shared.defer(() => format(level, msg, fields, at));
      return;
    }
    shared.write(`${format(level, msg, fields, at)}\n`, urgent);
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

export function createLogger(options: LoggerOptions = {}): Logger {
  const write = options.write;
  return build(
    {
      level: RANK[options.level ?? 'info'],
      write: write ? (line) => write(line) : writeStdout,
      ...(write ? {} : { defer: deferStdout }),
      now: options.now ?? Date.now,
      mixin: options.mixin ?? noFields,
      secrets: new Set(),
      shortestSecret: Number.POSITIVE_INFINITY,
    },
    {},
  );
}
