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

interface Shared {
  level: number;
  write: (line: string) => void;
  now: () => number;
  secrets: Set<string>;
}

export function redactText(text: string, secrets: Iterable<string> = []): string {
  let out = text;
  // `includes` first: most text holds no secret, and split/join allocates for every one.
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
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

function build(shared: Shared, base: LogFields): Logger {
  const log = (level: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields) => {
    if (RANK[level] < shared.level) return;
    const line = redact(
      { time: new Date(shared.now()).toISOString(), level, msg, ...base, ...fields },
      shared.secrets,
    );
    shared.write(`${JSON.stringify(line)}\n`);
  };
  return {
    debug: (msg, fields) => log('debug', msg, fields),
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
    child: (fields) => build(shared, { ...base, ...fields }),
    addSecret: (value) => {
      if (value && value.length >= 8) shared.secrets.add(value);
    },
  };
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return build(
    {
      level: RANK[options.level ?? 'info'],
      write: options.write ?? ((line) => process.stdout.write(line)),
      now: options.now ?? Date.now,
      secrets: new Set(),
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
