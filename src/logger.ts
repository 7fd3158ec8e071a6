/**
 * Structured logs: one JSON object per line. Every line passes through `redact`, which
 * removes authorization headers, bearer tokens, secrets and any literal registered with
 * `addSecret` — whatever the call site passed in.
 */
import type { YogaLogger } from 'graphql-yoga';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line (shares the sink and the secret list). */
  child(fields: LogFields): Logger;
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
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
export const REDACTED = '[REDACTED]';
/** Keys whose values are never logged, whatever they hold. */
const SECRET_KEY = /authorization|cookie|token|secret|password|signature|private|credential/i;
const SECRET_TEXT: Array<[RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`],
  [/\bsvcgw_[A-Za-z0-9_-]+/g, REDACTED],
  // 64 hex characters alone (trading secrets, raw seeds); `0x…` account ids are kept.
  [/(?<![0-9A-Za-z])[0-9a-fA-F]{64}(?![0-9A-Za-z])/g, REDACTED],
];

/**
 * True whenever one of SECRET_TEXT could match (a superset, cheap: ~20 ns for a short string;
 * one alternation with the 64-hex run costs five times that).
 */
const AUTH_SCHEME = /bearer|basic/i;
const HEX_64 = /[0-9a-f]{64}/i;
function maybeSecretText(text: string): boolean {
  return (
    AUTH_SCHEME.test(text) || text.includes('svcgw_') || (text.length >= 64 && HEX_64.test(text))
  );
}

interface Shared {
  level: number;
  write: (line: string, urgent: boolean) => void;
  now: () => number;
  secrets: Set<string>;
  /** Length of the shortest registered secret (text shorter than that holds none). */
  shortestSecret: number;
}

export function redactText(text: string, secrets: Iterable<string> = []): string {
  let out = text;
  // `includes` first: most text holds no secret, and split/join allocates for every one.
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  if (!maybeSecretText(out)) return out;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
}

/** Whether `redactText(text, shared.secrets)` could change `text`. */
function mayHoldSecret(text: string, shared: Shared): boolean {
  if (text.length >= shared.shortestSecret) {
    for (const secret of shared.secrets) if (text.includes(secret)) return true;
  }
  return maybeSecretText(text);
}

const secretKeys = new Map<string, boolean>();
function isSecretKey(key: string): boolean {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = SECRET_KEY.test(key);
    if (secretKeys.size < 1_000) secretKeys.set(key, secret);
  }
  return secret;
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
    if (type === 'string' && mayHoldSecret(value as string, shared)) return false;
  }
  return true;
}

/** Deep copy of `value` with secret keys and secret-looking text replaced. */
export function redact(value: unknown, secrets: Iterable<string> = [], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[…]';
  if (value instanceof Error) {
    const code = (value as { extensions?: { code?: unknown } }).extensions?.code;
    return redact(
      { name: value.name, message: value.message, code, stack: value.stack },
      secrets,
      depth + 1,
    );
  }
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && v != null ? REDACTED : redact(v, secrets, depth + 1);
  }
  return out;
}

/** ISO time of the last line's millisecond: lines under load share it (formatting is not free). */
let lastTimeMs = Number.NaN;
let lastTime = '';
function isoTime(ms: number): string {
  if (ms !== lastTimeMs) {
    lastTime = new Date(ms).toISOString();
    lastTimeMs = ms;
  }
  return lastTime;
}

function build(shared: Shared, base: LogFields): Logger {
  const log = (level: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields) => {
    if (RANK[level] < shared.level) return;
    const line: LogFields = {
      time: isoTime(shared.now()),
      level,
      msg,
      ...base,
      ...fields,
    };
    const json = isCleanFlatLine(line, shared)
      ? JSON.stringify(line)
      : JSON.stringify(redact(line, shared.secrets));
    shared.write(`${json}\n`, RANK[level] >= RANK.warn);
  };
  return {
    debug: (msg, fields) => log('debug', msg, fields),
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
    child: (fields) => build(shared, { ...base, ...fields }),
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
      if (first instanceof Error) logger[level]('yoga', { err: first, args: rest });
      else if (typeof first === 'string') logger[level](first, rest.length ? { args: rest } : {});
      else logger[level]('yoga', { args });
    };
  return { debug: adapt('debug'), info: adapt('info'), warn: adapt('warn'), error: adapt('error') };
}
