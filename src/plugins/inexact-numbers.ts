/**
 * Finds the numbers of a JSON text that a double does not hold (contract/decimal.ts `roundTrips`),
 * with their paths: `JSON.parse` keeps no number's source text on Node 20 (`context.source`
 * of a reviver arrives in Node 22), so the text is read once more, here, and the same on every
 * Node. The caller has parsed the text already: it is valid JSON.
 *
 * Cheap for the usual body: a value starts after `:`, `[` or `,`; where none is followed by a
 * run of 16 digits or dots or by a number with an exponent, no number can be inexact (every
 * decimal of at most 15 significant digits round-trips) and the text is not tokenized.
 */
import { roundTrips } from '../contract/decimal.ts';

export interface InexactNumber {
  /** Keys and indexes from the top of the JSON value. */
  path: (string | number)[];
  /** The number as the text wrote it. */
  text: string;
}

const MAYBE_INEXACT = /(?:^|[:,[])\s*-?(?:[\d.]{16}|[\d.]*\d[eE])/;
const TOKEN = /\s*(?:("[^"\\]*(?:\\.[^"\\]*)*")|(-?\d[\d.eE+-]*)|([{}[\]:,])|[a-z]+)/y;
/** At most this many are reported (one error names them all). */
const MAX_REPORTED = 10;

interface Frame {
  /** An index, or a key's JSON string text (decoded when a number under it is reported). */
  key: string | number;
  object: boolean;
}

const pathOf = (stack: Frame[]) =>
  stack.map((f) => (typeof f.key === 'string' ? (JSON.parse(f.key) as string) : f.key));

/** The inexact numbers of `json` (valid JSON), in text order; `[]` when there are none. */
export function inexactNumbers(json: string): InexactNumber[] {
  if (!MAYBE_INEXACT.test(json)) return [];
  const found: InexactNumber[] = [];
  const stack: Frame[] = [];
  let expectKey = false;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(json); m !== null && found.length < MAX_REPORTED; m = TOKEN.exec(json)) {
    const [, string, number, punct] = m;
    const top = stack[stack.length - 1];
    if (string !== undefined) {
      if (expectKey && top) top.key = string;
      expectKey = false;
    } else if (number !== undefined) {
      if (!roundTrips(number)) found.push({ path: pathOf(stack), text: number });
    } else if (punct === '{' || punct === '[') {
      stack.push({ key: punct === '{' ? '""' : 0, object: punct === '{' });
      expectKey = punct === '{';
    } else if (punct === '}' || punct === ']') {
      stack.pop();
    } else if (punct === ',' && top) {
      if (top.object) expectKey = true;
      else top.key = (top.key as number) + 1;
    }
    if (TOKEN.lastIndex >= json.length) break;
  }
  return found;
}

/**
 * Whether a parsed JSON value holds a number anywhere: most requests' variables hold none (ids,
 * symbols), and then their text need not be read again. Iterative: nesting is the sender's.
 */
export function holdsNumber(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'number') return true;
    if (Array.isArray(v)) for (const item of v) pending.push(item);
    else if (v !== null && typeof v === 'object')
      for (const item of Object.values(v)) pending.push(item);
  }
  return false;
}
