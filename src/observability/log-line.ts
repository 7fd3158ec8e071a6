/**
 * The fast paths of a log line: deciding that a line holds nothing to redact, and writing the
 * JSON of a clean flat line without building its object.
 */
import { maybeSecretText } from './redact.ts';
import { isHashKey, isSecretKey } from './secret-keys.ts';

/** A log line's fields (the logger's `LogFields`). */
type LogFields = Record<string, unknown>;

/** What a logger and its children share: level, sink, clock, mixin and the secret list. */
export interface Shared {
  level: number;
  write: (line: string, urgent: boolean) => void;
  /** Queues a line to be formatted when written (stdout only; see logger.ts). */
  defer?: (format: () => string) => void;
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
 * Whether every field is a string, number, boolean, null or undefined: such a line cannot fail
 * to format later (a bigint would make JSON.stringify throw) nor change with a nested object.
 */
export function hasOnlyPlainValues(fields: LogFields | undefined): fields is LogFields {
  if (fields === undefined) return false;
  for (const key in fields) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return false;
  }
  return true;
}

/**
 * True when `redact(line)` would return an equal copy: every value a primitive, no secret key
 * holding a value, no text that could hold a secret. Then the line is written as it is (no
 * deep copy) — the case of nearly every line (the access log).
 */
export function isCleanFlatLine(line: LogFields, shared: Shared): boolean {
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
 * The JSON of `{ time, level, msg, ...fields }` for a clean flat line from a logger without
 * base fields or mixin (the access log), written without building that object: spreading the
 * fields into a literal made a slow-mode object that JSON.stringify walked generically. Falls
 * back (undefined) whenever the plain spread could order or merge keys differently.
 */
export function plainLine(
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
